import { ROUTES } from '@fleetport/contracts/routes';
import type account from './en/account.json';
import type admin from './en/admin.json';
import type auth from './en/auth.json';
import type device from './en/device.json';
import type devices from './en/devices.json';
import type files from './en/files.json';
import type forms from './en/forms.json';
import type grid from './en/grid.json';
import type history from './en/history.json';
import type modals from './en/modals.json';
import type tasks from './en/tasks.json';
import type updates from './en/updates.json';
import en from './en.json';

/**
 * The English catalogue: one namespace, assembled from the core file and the areas of code that
 * loads later (`<language>/<area>.json` lands under the key `<area>`). The core comes with the
 * page; an area comes with the page that shows it (`AREAS` in app/routes/table.ts) or the shared code that uses it (`ensureArea` in shared/lib/i18n.ts), so the shell's
 * first load does not carry the strings of forms, modals and update dialogs (the first-load budget).
 */

/** A route name as a catalogue key: i18next reads a dot as nesting, so dots become underscores. */
type RouteKey<Name extends string> = Name extends `${infer Head}.${infer Tail}`
  ? `${Head}_${RouteKey<Tail>}`
  : Name;
export type RouteTitleKey = RouteKey<(typeof ROUTES)[number]['name']>;

/**
 * The English route titles (`route.<name>`) are the route catalogue's own (contracts/routes.ts),
 * not a copy in en.json: one source, and the copy's bytes off the first load.
 */
export const englishRouteTitles = Object.fromEntries(
  ROUTES.map((route) => [route.name.replaceAll('.', '_'), route.title]),
) as Record<RouteTitleKey, string>;

export const englishCore = { ...en, route: englishRouteTitles };
export type EnglishCatalogue = typeof englishCore & {
  account: typeof account;
  admin: typeof admin;
  auth: typeof auth;
  device: typeof device;
  devices: typeof devices;
  files: typeof files;
  grid: typeof grid;
  history: typeof history;
  forms: typeof forms;
  modals: typeof modals;
  tasks: typeof tasks;
  updates: typeof updates;
};

export const ENGLISH_AREAS = {
  account: async () => (await import('./en/account.json')).default,
  admin: async () => (await import('./en/admin.json')).default,
  auth: async () => (await import('./en/auth.json')).default,
  device: async () => (await import('./en/device.json')).default,
  devices: async () => (await import('./en/devices.json')).default,
  files: async () => (await import('./en/files.json')).default,
  grid: async () => (await import('./en/grid.json')).default,
  history: async () => (await import('./en/history.json')).default,
  forms: async () => (await import('./en/forms.json')).default,
  modals: async () => (await import('./en/modals.json')).default,
  tasks: async () => (await import('./en/tasks.json')).default,
  updates: async () => (await import('./en/updates.json')).default,
} as const;
export type CatalogueArea = keyof typeof ENGLISH_AREAS;
