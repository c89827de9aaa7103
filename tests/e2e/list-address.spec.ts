import { expect, type Page, test } from '@playwright/test';
import { signIn, urlFor } from './sign-in.ts';

/**
 * Every list page keeps its state in the address (the devices list has its own tests in
 * devices.spec.ts): the search, the sort, the page, the grid's column filters and the page's own
 * filters. A reload keeps them, a link shares them, and Back returns to the previous state.
 */

/** The company names in the grid's rows, top to bottom (each a link to its page). */
const rowNames = (page: Page) =>
  page.getByRole('grid', { name: 'Companies' }).getByRole('link').allInnerTexts();

test('companies: search and sort are in the address, a reload keeps them, Back returns to the previous sort', async ({
  page,
}) => {
  await signIn(page, 'admin@acme.example', 'acme.localhost', '/companies');
  const grid = page.getByRole('grid', { name: 'Companies' });
  await expect(grid.getByRole('link', { name: 'Acme West', exact: true })).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search companies' }).fill('East');
  await expect(page).toHaveURL(/\/companies\?q=East$/);
  await expect(grid.getByRole('link', { name: 'Acme West', exact: true })).toHaveCount(0);
  await expect.poll(() => rowNames(page)).toEqual(['Acme East', 'Acme East Retail']);

  // The list starts sorted by name; a click on its header turns it round, as a new history entry.
  await grid.getByRole('columnheader', { name: 'Name' }).click();
  await expect(page).toHaveURL(/\/companies\?q=East&sort=-name$/);
  await expect.poll(() => rowNames(page)).toEqual(['Acme East Retail', 'Acme East']);

  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search companies' })).toHaveValue('East');
  await expect.poll(() => rowNames(page)).toEqual(['Acme East Retail', 'Acme East']);

  await page.goBack();
  await expect(page).toHaveURL(/\/companies\?q=East$/);
  await expect.poll(() => rowNames(page)).toEqual(['Acme East', 'Acme East Retail']);
  await expect(page.getByRole('searchbox', { name: 'Search companies' })).toHaveValue('East');
});

test("users and tags: a link with a column filter or a search opens the list filtered, the grid's filter shown", async ({
  page,
}) => {
  await signIn(page, 'admin@acme.example', 'acme.localhost', '/users?email=guest');
  const users = page.getByRole('grid', { name: 'Users' });
  await expect(users.getByRole('row')).toHaveCount(2);
  await expect(users.getByRole('row').nth(1)).toContainText('guest@acme.example');
  // The grid's filter panel shows the filter the address holds.
  await page.getByRole('button', { name: 'Filters' }).click();
  await expect(page.getByRole('tooltip').getByRole('textbox', { name: 'Value' })).toHaveValue('guest');
  await page.keyboard.press('Escape');

  await page.goto(urlFor('acme.localhost', '/tags?q=Ware'));
  await expect(page.getByRole('searchbox', { name: 'Search tags' })).toHaveValue('Ware');
  const tags = page.getByRole('grid', { name: 'Tags' });
  await expect(tags.getByRole('link', { name: 'Warehouse' })).toBeVisible();
  await expect(tags.getByRole('row')).toHaveCount(2);
  // Clearing the search cleans the address.
  await page.getByRole('searchbox', { name: 'Search tags' }).fill('');
  await expect(page).toHaveURL(/\/tags$/);
});

test("statistics: the connection log's reason filter is in the address and returns the list to its first page", async ({
  page,
}) => {
  await signIn(page, 'admin@acme.example', 'acme.localhost', '/statistics/connection-manager?page=2');
  const reason = page.getByTestId('connections-reason');
  await reason.selectOption({ label: 'Accepted connections' });
  await expect(page).toHaveURL(/\/statistics\/connection-manager\?reason=0$/);
  await page.reload();
  await expect(reason).toHaveValue('0');
  await page.goBack();
  await expect(page).toHaveURL(/\?page=2$/);
  await expect(reason).toHaveValue('');
});
