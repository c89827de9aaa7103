import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from './axe.ts';
import { closeDeviceFilters, openDeviceFilters } from './device-filters.ts';
import { callApi, signIn, urlFor } from './sign-in.ts';

/**
 * Issue 28, lists on a phone (390 × 844) and a laptop (1440 × 900), light and dark: the first row
 * of the devices, companies and users lists is above the fold on a phone; the devices filters fold
 * into one "Filters (n)" button that opens a sheet, the active ones are removable chips, adding
 * and importing are one menu; a phone's grid shows status, name and one chosen column (kept in
 * user storage), the rest in the row's detail; axe finds no serious issue on these pages.
 */

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1440, height: 900 };
const USER = 'super@fleetport.example';
const PHONE_COLUMN_KEY = 'grid.devices.phone';

/** The first data row of the page's grid lies wholly within the first screen. */
async function expectFirstRowAboveFold(page: Page, grid: string): Promise<void> {
  const firstRow = page.getByRole('grid', { name: grid }).getByRole('row').nth(1);
  await expect(firstRow).toBeVisible();
  const box = await firstRow.boundingBox();
  if (!box) throw new Error(`the ${grid} grid has no first row`);
  expect(box.y + box.height, `${grid}: the first row's bottom`).toBeLessThanOrEqual(PHONE.height);
}

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme} scheme`, () => {
    test.use({ colorScheme: scheme });

    test.afterEach(async ({ page }) => {
      await callApi(page, 'DELETE', `/storage/${PHONE_COLUMN_KEY}`);
    });

    test('on a phone: devices, companies and users start above the fold; filters in a sheet; details per row', async ({
      page,
    }) => {
      // Three pages and two sheets in one walk: about 20 s alone, more under a loaded CI machine.
      test.setTimeout(90_000);
      await page.setViewportSize(PHONE);
      await signIn(page, USER);
      await expect(page).toHaveURL(/\/management\/devices$/);
      await expectFirstRowAboveFold(page, 'Devices');
      const grid = page.getByRole('grid', { name: 'Devices' });
      // Status, name and one chosen column; the name is whole on the screen, not cut at its edge.
      await expect(grid.getByRole('columnheader', { name: 'Status' })).toBeVisible();
      const name = await grid.getByRole('columnheader', { name: /^Name/ }).boundingBox();
      expect(name && name.x + name.width).toBeLessThanOrEqual(PHONE.width);
      await expect(grid.getByRole('columnheader', { name: 'Company' })).toHaveCount(0);
      expect(await seriousViolations(page), 'devices at 390 px').toEqual([]);

      // The filters fold into one button and a sheet; what is chosen becomes a removable chip.
      await expect(page.getByTestId('open-filters')).toHaveText('Filters');
      await openDeviceFilters(page);
      await page.getByTestId('filter-status').selectOption('online');
      expect(await seriousViolations(page), 'filters sheet').toEqual([]);
      await closeDeviceFilters(page);
      await expect(page).toHaveURL(/[?&]status=online/);
      await expect(page.getByTestId('open-filters')).toHaveText('Filters (1)');
      await expect(page.getByTestId('filter-chip-status')).toHaveText('Status: Online');
      await page.getByTestId('filter-chip-status').locator('.MuiChip-deleteIcon').click();
      await expect(page.getByTestId('filter-chip-status')).toHaveCount(0);
      await expect(page).not.toHaveURL(/status=/);

      // Add and import: one menu.
      await page.getByTestId('add-devices').click();
      await expect(page.getByRole('menuitem')).toHaveText(['Add a device', 'Add from file', 'Add from list']);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('menu')).toHaveCount(0);

      // The row's other fields are one press away.
      const first = grid.getByRole('row').nth(1);
      const device = (await first.getByTestId('device-link').textContent()) ?? '';
      await first.getByRole('button', { name: `Details: ${device}` }).click();
      const detail = page.getByRole('dialog', { name: device });
      await expect(detail).toContainText('Company');
      await expect(detail).toContainText('Last seen');
      await detail.getByRole('button', { name: 'Close details' }).click();
      await expect(detail).toHaveCount(0);

      // The one chosen column is the user's, and stays after a reload.
      await page.getByLabel('Column').selectOption({ label: 'Model' });
      await expect(grid.getByRole('columnheader', { name: 'Model' })).toBeVisible();
      await page.reload();
      await expect(grid.getByRole('columnheader', { name: 'Model' })).toBeVisible();
      await expect(grid.getByRole('columnheader', { name: 'Serial number' })).toHaveCount(0);

      for (const [path, label] of [
        ['/companies', 'Companies'],
        ['/users', 'Users'],
      ] as const) {
        await page.goto(urlFor('acme.localhost', path));
        await expectFirstRowAboveFold(page, label);
        expect(await seriousViolations(page), `${path} at 390 px`).toEqual([]);
      }

      // Every list's own filters fold the same way on a phone: the task manager's four.
      await page.goto(urlFor('acme.localhost', '/management/task-manager'));
      await expect(page.getByTestId('task-groups-state')).toHaveCount(0);
      await page.getByTestId('list-filters').click();
      const sheet = page.getByRole('dialog', { name: 'Filters' });
      await sheet.getByTestId('task-groups-state').selectOption({ index: 1 });
      await expect(page).toHaveURL(/[?&]state=/);
      expect(await seriousViolations(page), 'task manager filters sheet').toEqual([]);
      await sheet.getByTestId('list-filters-done').click();
      await expect(sheet).toHaveCount(0);
      await expect(page.getByTestId('list-filters')).toHaveText('Filters (1)');
    });

    test('on a laptop: the devices, companies and users lists have no serious axe issue', async ({
      page,
    }) => {
      await page.setViewportSize(LAPTOP);
      await signIn(page, USER);
      await expect(page.getByRole('grid', { name: 'Devices' }).getByRole('row').nth(1)).toBeVisible();
      // The toolbar shares the title's row: search, Filters and the actions on one line.
      const title = await page.getByTestId('page-title').boundingBox();
      const search = await page.getByTestId('list-search').boundingBox();
      expect(
        title && search && Math.abs(title.y + title.height / 2 - (search.y + search.height / 2)),
      ).toBeLessThan(8);
      expect(await seriousViolations(page), 'devices at 1440 px').toEqual([]);
      await openDeviceFilters(page);
      expect(await seriousViolations(page), 'filters panel').toEqual([]);
      await closeDeviceFilters(page);
      for (const [path, label] of [
        ['/companies', 'Companies'],
        ['/users', 'Users'],
      ] as const) {
        await page.goto(urlFor('acme.localhost', path));
        await expect(page.getByRole('grid', { name: label }).getByRole('row').nth(1)).toBeVisible();
        expect(await seriousViolations(page), `${path} at 1440 px`).toEqual([]);
      }
    });
  });
}
