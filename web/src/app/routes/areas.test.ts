import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { pageModules } from '../../../scripts/first-load.ts';
import { WEB_ROUTES } from './table.ts';

/**
 * Translations cannot be forgotten: each page's route entry declares the areas of the string
 * catalogue it shows (table.ts `AREAS`), and the console loads them with the page. This walks
 * every module a page can load (its static and lazy imports: tabs, lists, dialogs) and fails when
 * one uses a key of an area the route does not declare. The shared pieces that bring their own
 * area (the form engine, the grids, the modal manager) are exempt for that area.
 */
const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const LOCALES = join(SRC, 'locales/en');
const AREAS = readdirSync(LOCALES)
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.replace(/\.json$/, ''));
/** The groups of each area (`admin.tags`, `devices.filters` …): a literal must name one to count. */
const GROUPS = new Map(
  AREAS.map((area) => [
    area,
    new Set(Object.keys(JSON.parse(readFileSync(join(LOCALES, `${area}.json`), 'utf8')) as object)),
  ]),
);
/**
 * Shared code brings its own strings: the form engine, the grids and the modal manager load
 * their area where they start, and a shared module that calls `ensureArea` loads that one.
 */
const OWN_AREA: Record<string, string> = {
  'shared/forms/': 'forms',
  'shared/grid/': 'grid',
  'shared/modals/': 'modals',
};
const ENSURED = /ensureArea\('(\w+)'\)/g;

const IMPORT = /(?:from\s+|import\s*\(\s*)'(\.{1,2}\/[^']+)'/g;
const KEY = new RegExp(`['"\`](${AREAS.join('|')})\\.([A-Za-z][\\w-]*)`, 'g');

function areasUsedBy(file: string, text: string): Set<string> {
  const used = new Set<string>();
  const relative = file.slice(SRC.length + 1);
  const own = new Set<string>();
  for (const [prefix, area] of Object.entries(OWN_AREA)) if (relative.startsWith(prefix)) own.add(area);
  if (relative.startsWith('shared/')) for (const [, area = ''] of text.matchAll(ENSURED)) own.add(area);
  for (const [, area = '', group = ''] of text.matchAll(KEY)) {
    if (!own.has(area) && GROUPS.get(area)?.has(group)) used.add(area);
  }
  return used;
}

/** Every area the modules reachable from `entry` use, with one module that uses each. */
function areasReachable(entry: string): Map<string, string> {
  const found = new Map<string, string>();
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const area of areasUsedBy(file, text))
      if (!found.has(area)) found.set(area, file.slice(SRC.length + 1));
    for (const [, specifier = ''] of text.matchAll(IMPORT)) {
      const target = resolve(dirname(file), specifier);
      if (/\.(ts|tsx)$/.test(target) && target.startsWith(SRC) && !target.includes('/locales/'))
        queue.push(target);
    }
  }
  return found;
}

const table = readFileSync(join(SRC, 'app/routes/table.ts'), 'utf8');
const rare = readFileSync(join(SRC, 'app/routes/rare-pages.ts'), 'utf8');
const modules = new Map([...pageModules(table), ...pageModules(rare)]);

describe('the string areas of every page (spec §1 languages)', () => {
  const pages = WEB_ROUTES.filter((route) => route.load);

  it('knows the module of every built page', () => {
    expect(pages.length).toBeGreaterThan(30);
    expect(pages.filter((route) => !modules.has(route.name)).map((route) => route.name)).toEqual([]);
  });

  it.each(pages.map((route) => [route.name, route] as const))(
    '%s declares every area its modules use',
    (name, route) => {
      const module = modules.get(name) as string;
      const used = areasReachable(join(SRC, module.replace(/^src\//, '')));
      const missing = [...used]
        .filter(([area]) => !(route.areas ?? []).includes(area as never))
        .map(([area, file]) => `${area} (used by ${file})`);
      expect(missing).toEqual([]);
    },
  );
});
