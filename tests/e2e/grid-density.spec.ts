import { expect, test } from '@playwright/test';
import { callApi, signIn } from './sign-in.ts';

/**
 * Issue 28: operators choose the grid's density, and it stays, with their column choice, after a
 * reload (user storage, spec §7 "Storage": `grid.devices.density`, `grid.devices.columns`); on a
 * laptop's 1440 × 900 the first screen of the compact devices list holds at least 20 rows (a page is 25).
 */

const VIEWPORT = { width: 1440, height: 900 };
test.use({ viewport: VIEWPORT });

const USER = 'super@fleetport.example';
const KEYS = ['grid.devices.density', 'grid.devices.columns'];

test.afterEach(async ({ page }) => {
  // Back as it was for whoever signs in next (the store lives for the whole run).
  for (const key of KEYS) await callApi(page, 'DELETE', `/storage/${key}`);
});

test('compact density and a hidden column survive a reload; compact shows 20 rows at 1440 × 900', async ({
  page,
}) => {
  await signIn(page, USER);
  await expect(page).toHaveURL(/\/management\/devices$/);
  const grid = page.getByRole('grid', { name: 'Devices' });
  await expect(grid.getByTestId('device-link').first()).toBeVisible();

  await page.getByRole('button', { name: 'Density' }).click();
  await page.getByRole('menuitemradio', { name: 'Compact' }).click();
  await expect(page.getByRole('menuitemradio', { name: 'Compact' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('checkbox', { name: 'Serial' }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('columnheader', { name: 'Serial' })).toHaveCount(0);
  // Both choices are saved before the reload.
  await expect
    .poll(async () => {
      const stored = (await callApi(page, 'GET', '/storage?limit=100')).body.data as {
        key: string;
        value: unknown;
      }[];
      return Object.fromEntries(
        stored.filter((entry) => KEYS.includes(entry.key)).map((e) => [e.key, e.value]),
      );
    })
    .toMatchObject({ 'grid.devices.density': 'compact', 'grid.devices.columns': { serial: false } });

  await page.reload();
  await expect(grid.getByTestId('device-link').first()).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Serial' })).toHaveCount(0);
  await expect(page.getByRole('columnheader', { name: 'Name' })).toBeVisible();
  // Compact after the reload: the first screen, unscrolled, under the page's title, toolbar and
  // the grid's header, has room for at least 20 of its rows (the e2e world has fewer devices, so
  // the room is measured from the first row down) and a page brings at least 20.
  const firstPaint = page.getByTestId('grid-first-paint');
  const room = await firstPaint.evaluate((element) => {
    const row = element.querySelector('tbody tr')?.getBoundingClientRect();
    if (!row || window.scrollY !== 0) return 0;
    return Math.floor((window.innerHeight - row.top) / row.height);
  });
  expect(room).toBeGreaterThanOrEqual(20);
  const rowHeight = await grid
    .getByTestId('device-link')
    .first()
    .evaluate((link) => link.closest('tr')?.getBoundingClientRect().height ?? 0);
  expect(rowHeight).toBeLessThanOrEqual(32);
  const pageSize = Number(new URL(page.url()).searchParams.get('size') ?? 25);
  expect(pageSize).toBeGreaterThanOrEqual(20);

  // The full grid, once woken, keeps the choice.
  await page.getByRole('button', { name: 'Density' }).click();
  await expect(page.getByRole('menuitemradio', { name: 'Compact' })).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('Escape');
});
