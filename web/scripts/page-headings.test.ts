import { describe, expect, it } from 'vitest';
import { WEB_ROUTES } from '../src/app/routes/table.ts';
import ja from '../src/locales/ja.json';
import { webRoute } from '../src/shared/routing/web-routes.ts';
import { hasFixedHeading, pageHeadings } from './page-headings.ts';

describe('page headings for the edge (first paint of a signed-in page)', () => {
  const headings = pageHeadings(WEB_ROUTES, { en: {}, ja });

  it('titles each top-level page as PageHeading does, per language', () => {
    expect(headings.en?.['/companies']).toBe(webRoute('companies')?.title);
    expect(headings.ja?.['/companies']).toBe(ja.route.companies);
    expect(headings.ja?.['/companies']).not.toBe(headings.en?.['/companies']);
    expect(Object.keys(headings.ja ?? {})).toEqual(Object.keys(headings.en ?? {}));
  });

  it('leaves out nested pages, pages with parameters, sign-in and layout-free pages', () => {
    const paths = Object.keys(headings.en ?? {});
    for (const name of ['companies.tree', 'company', 'account.login', 'logout', 'not-found']) {
      const route = webRoute(name);
      expect(route, name).toBeDefined();
      if (route) expect(paths, name).not.toContain(route.path);
    }
    for (const path of paths) {
      const route = WEB_ROUTES.find((candidate) => candidate.path === path);
      expect(route && hasFixedHeading(route), path).toBe(true);
    }
  });

  it('falls back to English, then to the catalogue title', () => {
    const route = webRoute('companies');
    if (!route) throw new Error('companies route missing');
    const partial = pageHeadings([route], { en: { route: {} }, ja: { route: {} } });
    expect(partial.ja?.['/companies']).toBe(route.title);
  });
});
