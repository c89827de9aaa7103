import { readdirSync, readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { WEB_ROUTES } from '../../web/src/app/routes/table.ts';
import { pathOf } from '../../web/src/shared/routing/web-routes.ts';
import { callApi, signIn, urlFor } from './sign-in.ts';

/**
 * Translations cannot be forgotten: every page of the build, opened in Chromium on the real
 * servers with only the strings the console loads for it, shows no raw catalogue key. A page
 * whose module forgot to bring its area of the catalogue (web/src/locales/en/<area>.json) would
 * show keys such as `admin.tags.loadFailed` here, even though the unit tests (which load every
 * area up front) pass.
 */
const areasDir = new URL('../../web/src/locales/en/', import.meta.url);

function keysOf(value: unknown, prefix: string, into: Set<string>): Set<string> {
  if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) keysOf(child, `${prefix}.${key}`, into);
  } else into.add(prefix.replace(/_(zero|one|two|few|many|other)$/, ''));
  return into;
}

const AREA_KEYS = new Set<string>();
for (const file of readdirSync(areasDir).filter((name) => name.endsWith('.json'))) {
  keysOf(JSON.parse(readFileSync(new URL(file, areasDir), 'utf8')), file.replace(/\.json$/, ''), AREA_KEYS);
}

/** The catalogue keys written out on the page: its text and the labels a screen reader reads. */
async function rawKeysOn(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const out = [document.body.innerText, document.title];
    for (const element of document.querySelectorAll('[aria-label],[title],[placeholder],[alt]')) {
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = element.getAttribute(name);
        if (value) out.push(value);
      }
    }
    return out;
  });
  const found = new Set<string>();
  for (const text of texts) {
    for (const [token] of text.matchAll(/[a-z][\w-]*(?:\.[\w-]+)+/g))
      if (AREA_KEYS.has(token)) found.add(token);
  }
  return [...found];
}

async function firstId(page: Page, path: string): Promise<number> {
  const answer = await callApi(page, 'GET', path);
  const rows = answer.body.data as { id: number }[] | undefined;
  const id = rows?.[0]?.id;
  if (id === undefined) throw new Error(`${path} answered no row`);
  return id;
}

/**
 * Opens every page of the build the signed-in user may reach on `host` (the first device, tag
 * and company the user sees fill the addresses' parameters), waits for it to settle and hands
 * it to `check`, which answers what it found there, if anything.
 */
async function everyPage<T>(
  page: Page,
  host: string,
  check: () => Promise<T | undefined>,
): Promise<Record<string, T>> {
  const params: Record<string, Record<string, string | number>> = {
    device: { id: await firstId(page, '/devices?limit=1') },
    tag: { id: await firstId(page, '/tags?limit=1') },
    company: { company_id: await firstId(page, '/companies?limit=1&sort=-id') },
    brand: { id: 'acme' },
    forms: { name: 'unknown-form' },
    users: { token: 'not-a-token' },
  };
  const pages = WEB_ROUTES.filter((route) => route.load && !route.noAuth && route.name !== 'logout');
  expect(pages.length).toBeGreaterThan(30);
  const found: Record<string, T> = {};
  for (const route of pages) {
    const family = route.name.split('.')[0] ?? route.name;
    const path = pathOf(route.name, params[family] ?? {});
    await test.step(path, async () => {
      await page.goto(urlFor(host, path));
      if (!route.standalone) await expect(page.getByTestId('app-bar')).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 10_000 });
      const result = await check();
      if (result !== undefined) found[path] = result;
    });
  }
  return found;
}

test('no page of the console shows a raw catalogue key', async ({ page }) => {
  test.setTimeout(240_000);
  expect(AREA_KEYS.size).toBeGreaterThan(200);
  await signIn(page, 'super@fleetport.example', 'localhost');
  const shown = await everyPage(page, 'localhost', async () => {
    const keys = await rawKeysOn(page);
    return keys.length > 0 ? keys : undefined;
  });
  expect(shown).toEqual({});
});

test('no page under a reseller’s brand names the default product', async ({ page }) => {
  test.setTimeout(240_000);
  // An Acme company admin on Acme's host: the product is "Acme Cloud" there, never ours.
  await signIn(page, 'admin@acme.example', 'acme.localhost');
  const named = await everyPage(page, 'acme.localhost', async () => {
    // The console's own words only: grid cells hold tenants' data (a parent company's name).
    const text = await page.evaluate(() => {
      const cells = new Set(
        [...document.querySelectorAll<HTMLElement>('[role="gridcell"], [role="cell"], td')].map((cell) =>
          cell.innerText.trim(),
        ),
      );
      const lines = document.body.innerText.split('\n').filter((line) => !cells.has(line.trim()));
      return `${document.title}\n${lines.join('\n')}`;
    });
    return text.split('\n').find((each) => /fleetport/i.test(each.replace(/@fleetport\.example/gi, '')));
  });
  expect(named).toEqual({});
});
