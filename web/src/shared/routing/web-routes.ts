import { ROUTES, type RouteEntry, type RouteName } from '@fleetport/contracts/routes';
import type { ComponentType } from 'react';
import type { CatalogueArea } from '../../locales/catalogue-en.ts';

/** Spec §2 "Shared layout": a route's transition, slide-to-right by default. */
export type Transition = 'slide-right' | 'fade' | 'none';

/** A catalogue route as this build has it: its transition and, when its page is built, the page. */
export interface WebRoute extends RouteEntry {
  readonly name: RouteName;
  readonly transition: Transition;
  /** The areas of the string catalogue the page shows, loaded with it. */
  readonly areas?: readonly CatalogueArea[];
  /** The page, loaded on first visit (routes are lazy: spec performance goal). */
  readonly load?: () => Promise<{ default: ComponentType }>;
}

const catalogue: readonly RouteEntry[] = ROUTES;
const byName = new Map(catalogue.map((route) => [route.name, route]));

export function catalogueRoute(name: string): RouteEntry | undefined {
  return byName.get(name);
}

/** A route's path with its parameters filled in (`:id` → 42); optional ones may be left out. */
export function pathOf(name: string, params: Record<string, string | number> = {}): string {
  const route = byName.get(name);
  if (!route) throw new Error(`no route named ${name}`);
  return route.path
    .replace(/\/:(\w+)\?/g, (_, key: string) =>
      params[key] === undefined ? '' : `/${encodeURIComponent(params[key])}`,
    )
    .replace(/:(\w+)/g, (_, key: string) => {
      const value = params[key];
      if (value === undefined) throw new Error(`route ${name} needs the parameter ${key}`);
      return encodeURIComponent(value);
    });
}

/**
 * The routes this build has. The route table (`app/routes/table.ts`) registers them when it is
 * first imported, before anything renders; shared code and features read them here, so nothing
 * below `app/` imports the table (and through it every page).
 */
let built: readonly WebRoute[] = [];
let builtByName = new Map<string, WebRoute>();

export function registerWebRoutes(routes: readonly WebRoute[]): void {
  built = routes;
  builtByName = new Map(routes.map((route) => [route.name as string, route]));
}

export function webRoutes(): readonly WebRoute[] {
  return built;
}

export function webRoute(name: string): WebRoute | undefined {
  return builtByName.get(name);
}
