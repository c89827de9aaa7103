import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PAGE_HEADINGS_FILE, type PageHeadings } from '@fleetport/contracts/edge-html';
import type { WebRoute } from '../src/shared/routing/web-routes.ts';

/**
 * The headings the edge paints before the console's scripts run (contracts/edge-html.ts): the
 * signed-in pages at the top of the tree with a fixed path, each titled as PageHeading titles
 * it (`route.<name>` in the language, else in English, else the catalogue's English title).
 * Nested pages (breadcrumbs above the heading), pages with parameters (headed by what they
 * show), sign-in pages and layout-free pages get none.
 */

type RouteTitles = Readonly<Record<string, string>>;
export interface CatalogueRoutes {
  readonly [language: string]: { readonly route?: RouteTitles };
}

export function hasFixedHeading(route: WebRoute): boolean {
  return (
    Boolean(route.load) &&
    !route.parent &&
    !route.redirectTo &&
    !route.noAuth &&
    !route.standalone &&
    !route.path.includes(':') &&
    route.path !== '/' &&
    route.name !== 'logout' &&
    route.name !== 'not-found'
  );
}

export function pageHeadings(routes: readonly WebRoute[], catalogues: CatalogueRoutes): PageHeadings {
  const english = catalogues.en?.route ?? {};
  const headings: Record<string, Record<string, string>> = {};
  for (const [language, catalogue] of Object.entries(catalogues)) {
    const paths: Record<string, string> = {};
    for (const route of routes.filter(hasFixedHeading)) {
      const key = route.name.replaceAll('.', '_');
      paths[route.path] = catalogue.route?.[key] ?? english[key] ?? route.title;
    }
    headings[language] = paths;
  }
  return headings;
}

async function main(): Promise<void> {
  const { WEB_ROUTES } = await import('../src/app/routes/table.ts');
  const { default: ja } = await import('../src/locales/ja.json', { with: { type: 'json' } });
  const dist = fileURLToPath(new URL('../dist', import.meta.url));
  // English titles are the route catalogue's own (each route's `title`).
  const headings = pageHeadings(WEB_ROUTES, { en: {}, ja });
  await writeFile(join(dist, PAGE_HEADINGS_FILE), `${JSON.stringify(headings, null, 2)}\n`);
  console.log(
    `page headings: ${Object.keys(headings.en ?? {}).length} pages × ${Object.keys(headings).length} languages`,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
