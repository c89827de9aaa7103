import { describe, expect, it } from 'vitest';
import { DEFAULT_BRAND } from '../shared/config/default-brand.ts';
import { catalogues } from '../shared/lib/catalogues.ts';

/**
 * White-label: the console's strings never name the product; a string that needs it takes the
 * brand's application name (`{{appName}}`), so a reseller's users read their brand's name in
 * every page and dialog (the e2e sweep in tests/e2e/strings.spec.ts checks the rendered pages).
 */
function stringsOf(value: unknown, path: string, into: [string, string][]): [string, string][] {
  if (typeof value === 'string') into.push([path, value]);
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) stringsOf(child, path ? `${path}.${key}` : key, into);
  }
  return into;
}

describe('the string catalogues name no product', () => {
  for (const [language, catalogue] of Object.entries(catalogues)) {
    it(`${language}: no string contains the default brand's name`, () => {
      const all = stringsOf(catalogue, '', []);
      expect(all.length).toBeGreaterThan(500);
      const naming = all.filter(([, text]) => text.includes(DEFAULT_BRAND.app_name)).map(([path]) => path);
      expect(naming).toEqual([]);
    });
  }
});
