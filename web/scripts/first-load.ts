import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { NAVIGATION, type NavGroup } from '@fleetport/contracts/navigation';
import { BUILT_IN_ROLES, type BuiltInRole } from '@fleetport/contracts/roles';
import { ROUTES, type RouteEntry } from '@fleetport/contracts/routes';

/**
 * First-load JavaScript (issue 4 performance goal: the shell at most 250 KB gzip, routes
 * lazy-loaded).
 * What a browser fetches to show a page on a cold start is the entry chunk and its start-up
 * stages with everything they import statically, plus the page's own lazy chunk with everything
 * that imports statically.
 * Sizes are the gzip copies the build wrote: deterministic, unlike timings.
 */
export const FIRST_LOAD_BUDGET_BYTES = 250 * 1024;

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/**
 * What the start-up needs: the entry with its static imports, and each start-up stage the entry
 * imports with `import()` (src/main.tsx evaluates the console in stages) with theirs.
 */
export function startupClosure(manifest: Manifest, entry: string): Set<string> {
  const files = staticClosure(manifest, entry);
  for (const stage of manifest[entry]?.dynamicImports ?? []) staticClosure(manifest, stage, files);
  return files;
}

/** The files a chunk needs before it runs: itself, its CSS and its static imports, transitively. */
export function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const css of chunk.css ?? []) into.add(css);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

export interface PageLoad {
  /** The page module (`src/features/files/FilesPage.tsx`). */
  page: string;
  /** Whether the signed-in layout (itself lazy) loads with it. */
  withLayout: boolean;
  /**
   * Whether the budget applies: the shell's first loads (the account pages and every built-in
   * role's landing page). Deeper pages are reported: a deep link to a form or a data grid
   * carries that page's own code.
   */
  gated?: boolean;
  files: string[];
  bytes: number;
}

/** The layout's module: lazy, loaded with every page that is not standalone. */
export const LAYOUT_MODULE = 'src/app/layout/AppLayout.tsx';

/**
 * The first load of every lazy page, largest first; sizes come from `sizeOf(file)`. A page
 * for which `standalone(page)` is false also loads the layout chunk.
 */
export function firstLoads(
  manifest: Manifest,
  sizeOf: (file: string) => number,
  standalone: (page: string) => boolean,
): PageLoad[] {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('the manifest has no entry chunk');
  const base = startupClosure(manifest, entry);
  return Object.entries(manifest)
    .filter(([key, chunk]) => chunk.isDynamicEntry && /Page\.tsx$/.test(chunk.src ?? key))
    .map(([key]) => {
      const withLayout = !standalone(key);
      const start = withLayout ? staticClosure(manifest, LAYOUT_MODULE, new Set(base)) : new Set(base);
      const files = [...staticClosure(manifest, key, start)].sort();
      return { page: key, withLayout, files, bytes: files.reduce((sum, file) => sum + sizeOf(file), 0) };
    })
    .sort((a, b) => b.bytes - a.bytes);
}

/** The route table's page map: route name → page module (`'name': () => import('…Page.tsx')`). */
export function pageModules(tableSource: string): Map<string, string> {
  const pages = new Map<string, string>();
  for (const [, quoted, bare, target] of tableSource.matchAll(
    /(?:'([\w.-]+)'|(\w+)):\s*\(\)\s*=>\s*import\('([^']+)'\)/g,
  )) {
    const name = quoted ?? bare ?? '';
    if (target) pages.set(name, join('src/app/routes', target).replace(/\\/g, '/'));
  }
  return pages;
}

/** The standalone pages (no layout): the catalogue's standalone flag. */
export function standalonePages(
  pages: ReadonlyMap<string, string>,
  routes: readonly RouteEntry[],
): Set<string> {
  const flagged = new Set(routes.filter((route) => route.standalone).map((route) => route.name));
  return new Set([...pages].filter(([name]) => flagged.has(name)).map(([, module]) => module));
}

/**
 * Where each built-in role lands after signing in (spec §5 "first permitted page"): the first
 * navigation entry, in order, whose page is built and whose permission the role holds; a
 * redirect route leads to its first built child.
 */
export function homePages(
  pages: ReadonlyMap<string, string>,
  routes: readonly RouteEntry[],
  navigation: readonly NavGroup[],
  roles: readonly BuiltInRole[],
): Set<string> {
  const byName = new Map(routes.map((route) => [route.name, route]));
  const homes = new Set<string>();
  for (const role of roles) {
    const holds = (permission: string | undefined) =>
      !permission || (role.permissions as readonly string[]).includes(permission);
    for (const child of navigation.flatMap((group) => group.children)) {
      const route = byName.get(child.route);
      if (!route || !holds(child.permission ?? route.permission)) continue;
      const target = pages.has(route.name)
        ? route.name
        : routes.find((candidate) => candidate.parent === route.name && pages.has(candidate.name))?.name;
      const module = target && holds(byName.get(target)?.permission) ? pages.get(target) : undefined;
      if (module) {
        homes.add(module);
        break;
      }
    }
  }
  return homes;
}

/** Reads a build: the manifest and the gzip size of each file (its own size when not compressed). */
export async function measureBuild(dist: string): Promise<PageLoad[]> {
  const manifestPath = join(dist, '.vite', 'manifest.json');
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as Manifest;
  const files = new Set(Object.values(manifest).flatMap((chunk) => [chunk.file, ...(chunk.css ?? [])]));
  const sizes = new Map<string, number>();
  for (const file of files) {
    const path = join(dist, file);
    const gz = await stat(`${path}.gz`).catch(() => undefined);
    sizes.set(file, gz ? gz.size : (await stat(path)).size);
  }
  const table = await readFile(fileURLToPath(new URL('../src/app/routes/table.ts', import.meta.url)), 'utf8');
  // Rarely visited pages are reached through rare-pages.ts (same folder): listed, never gated.
  const rare = await readFile(
    fileURLToPath(new URL('../src/app/routes/rare-pages.ts', import.meta.url)),
    'utf8',
  );
  const pages = new Map([...pageModules(table), ...pageModules(rare)]);
  const standalone = standalonePages(pages, ROUTES);
  const homes = homePages(pages, ROUTES, NAVIGATION, BUILT_IN_ROLES);
  if (standalone.size === 0 || homes.size === 0) {
    throw new Error('no standalone or landing page found in the route table');
  }
  return firstLoads(
    manifest,
    (file) => sizes.get(file) ?? 0,
    (page) => standalone.has(page),
  ).map((load) => ({
    ...load,
    gated: standalone.has(load.page) || homes.has(load.page),
  }));
}

export const WEB_DIST = fileURLToPath(new URL('../dist', import.meta.url));

/** `node web/scripts/first-load.ts [--check]`: prints every page's first load; --check fails over budget. */
if (import.meta.url === `file://${process.argv[1]}`) {
  const loads = await measureBuild(WEB_DIST).catch((error: unknown) => {
    console.error(
      `first-load: cannot read the build in ${WEB_DIST} (run npm run build first): ${String(error)}`,
    );
    process.exit(1);
  });
  const budget = (FIRST_LOAD_BUDGET_BYTES / 1024).toFixed(0);
  for (const load of loads) {
    const layout = load.withLayout ? ' (with the layout)' : '';
    const over = !load.gated
      ? '  (not gated)'
      : load.bytes > FIRST_LOAD_BUDGET_BYTES
        ? `  OVER the ${budget} KB budget`
        : '';
    console.log(`${(load.bytes / 1024).toFixed(1).padStart(7)} KB gz  ${load.page}${layout}${over}`);
  }
  const over = loads.filter((load) => load.gated && load.bytes > FIRST_LOAD_BUDGET_BYTES);
  if (process.argv.includes('--check') && over.length > 0) {
    console.error(
      `first-load: ${over.length} shell page(s) load more than ${budget} KB of gzip JavaScript first`,
    );
    process.exit(1);
  }
}
