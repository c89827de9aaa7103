import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { callApi, signIn, urlFor } from './sign-in.ts';
import { E2E_PASSWORD } from './support.ts';

/**
 * Companies (spec §2 routes and dialogs, §5 form rules, §6 roles, §9 tier labels),
 * against the real edge, API and database: a subsidiary two levels deep, seen in the tree,
 * moved, edited and deleted; and the roles that may not write see no way to.
 */

async function chooseOption(page: Page, field: string, option: string | RegExp): Promise<void> {
  await page.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option }).click();
}

async function newCompany(page: Page, name: string, parent: RegExp): Promise<void> {
  await page.getByTestId('new-company').click();
  const dialog = page.getByRole('dialog', { name: 'New company' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await chooseOption(page, 'Parent company', parent);
  await dialog.getByRole('button', { name: 'New company' }).click();
  await expect(page.getByText('Company created successfully').last()).toBeVisible();
  await expect(dialog).toBeHidden();
}

const treeNode = (page: Page, name: string) =>
  page.locator('li', { has: page.getByRole('link', { name, exact: true }) }).last();

// A long journey through several pages and dialogs: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

test('an admin creates a subsidiary two levels deep, sees it in the tree, moves, edits and deletes it', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const upper = `Depot ${stamp}`;
  const lower = `Kiosk ${stamp}`;
  await signIn(page, 'admin@acme.example', 'acme.localhost', '/companies');
  await expect(page).toHaveURL(/\/companies$/);
  await expect(page.getByRole('grid').getByRole('link', { name: 'Acme West' })).toBeVisible();

  // Spec §5 "New company name: required, minimum length 3": refused on the field, nothing lost.
  await page.getByTestId('new-company').click();
  const dialog = page.getByRole('dialog', { name: 'New company' });
  await dialog.getByRole('button', { name: 'New company' }).click();
  await expect(dialog.getByText('This field is required').first()).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Name' }).fill('ab');
  await chooseOption(page, 'Parent company', /^Acme West · 3rd level company$/);
  await dialog.getByRole('button', { name: 'New company' }).click();
  await expect(dialog.getByText('Enter at least 3 characters')).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'Parent company' })).toHaveValue(/^Acme West/);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Two levels below Acme West (3rd level): a 4th and a 5th level company.
  await newCompany(page, upper, /^Acme West · 3rd level company$/);
  await newCompany(page, lower, new RegExp(`^${upper} · 4th level company$`));

  // The list: found by the search, with its parent and tier label.
  await page.getByRole('searchbox', { name: 'Search companies' }).fill(stamp);
  const grid = page.getByRole('grid');
  await expect(grid.getByRole('row')).toHaveCount(3);
  const lowerRow = grid.getByRole('row', { name: new RegExp(lower) });
  await expect(lowerRow).toContainText(upper);
  await expect(lowerRow).toContainText('5th level company');

  // The tree: the new company under its parent, under Acme West.
  await page.getByRole('link', { name: 'Tree view' }).click();
  await expect(page).toHaveURL(/\/companies\/tree$/);
  const west = treeNode(page, 'Acme West');
  await expect(west.getByRole('link', { name: upper })).toBeVisible();
  await expect(treeNode(page, upper).getByRole('link', { name: lower })).toBeVisible();
  await expect(treeNode(page, lower)).toContainText('5th level company');
  await expect(treeNode(page, upper)).toContainText('1 subsidiary');

  // Move the upper company (with its subsidiary) under Acme East Retail (4th level).
  await page.getByRole('link', { name: upper }).click();
  // Spec §2: a company opens on its devices tab (a new one has none yet: issue 28, it says what to do).
  await expect(page).toHaveURL(/\/companies\/\d+\/devices$/);
  await expect(page.getByRole('grid', { name: 'Devices' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('There are no devices yet.');
  await expect(page.getByRole('button', { name: 'Add a device' })).toBeVisible();
  await page.getByRole('tab', { name: 'Metrics' }).click();
  await expect(page).toHaveURL(/\/companies\/\d+\/metrics$/);
  await expect(page.getByTestId('page-title')).toHaveText(upper);
  await expect(page.getByTestId('company-parent')).toHaveText('Acme West');
  await page.getByRole('button', { name: 'Move company' }).click();
  const move = page.getByRole('dialog', { name: 'Move company' });
  await move.getByRole('combobox', { name: 'New parent company' }).click();
  // Never into its own subtree: neither itself nor its subsidiary is offered.
  await expect(page.getByRole('option', { name: /Acme East Retail/ })).toBeVisible();
  await expect(page.getByRole('option', { name: new RegExp(lower) })).toHaveCount(0);
  await expect(page.getByRole('option', { name: new RegExp(upper) })).toHaveCount(0);
  await page.getByRole('option', { name: /^Acme East Retail · 4th level company$/ }).click();
  await move.getByRole('button', { name: 'Move company' }).click();
  await expect(page.getByText(`${upper} and its subsidiaries were moved.`)).toBeVisible();
  await expect(page.getByTestId('company-parent')).toHaveText('Acme East Retail');
  await expect(page.getByTestId('company-level')).toHaveText('5th level company');

  await page.goto(urlFor('acme.localhost', '/companies/tree'));
  await expect(treeNode(page, 'Acme East Retail').getByRole('link', { name: upper })).toBeVisible();
  await expect(treeNode(page, lower)).toContainText('6th level company');
  await expect(treeNode(page, 'Acme West').getByRole('link', { name: upper })).toHaveCount(0);

  // Edit: unchanged is refused with the spec's words (spec §5), a new name is saved.
  await treeNode(page, upper).getByRole('link', { name: upper }).click();
  await page.getByRole('tab', { name: 'Metrics' }).click();
  await page.getByRole('button', { name: 'Edit company' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit company' });
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit.getByText('Please input different value to save changes.')).toBeVisible();
  await edit.getByRole('textbox', { name: 'Name' }).fill(`${upper} North`);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Company updated successfully')).toBeVisible();
  await expect(page.getByTestId('page-title')).toHaveText(`${upper} North`);

  // Delete: refused while it has a subsidiary, after the password is confirmed again (423).
  await page.getByRole('button', { name: 'Delete company' }).click();
  const confirmDelete = page.getByRole('dialog', { name: 'Delete company' });
  await confirmDelete.getByRole('button', { name: 'Delete company' }).click();
  await page.getByTestId('step-up-password').fill(E2E_PASSWORD);
  await page.getByTestId('step-up-confirm').click();
  await expect(confirmDelete.getByRole('alert')).toContainText(/subsidiaries/);
  await confirmDelete.getByRole('button', { name: 'Cancel' }).click();

  // The subsidiary has none: it goes, then its parent.
  await page.getByTestId('company-subsidiaries').waitFor();
  await page.getByRole('link', { name: 'Companies' }).first().click();
  await page.getByRole('searchbox', { name: 'Search companies' }).fill(stamp);
  await expect(grid.getByRole('row')).toHaveCount(3);
  for (const name of [lower, `${upper} North`]) {
    await grid
      .getByRole('row', { name: new RegExp(`^${name}|\\b${name}\\b`) })
      .first()
      .getByRole('button', { name: 'Delete company' })
      .click();
    await page
      .getByRole('dialog', { name: 'Delete company' })
      .getByRole('button', { name: 'Delete company' })
      .click();
    await expect(page.getByText(`${name} was deleted.`)).toBeVisible();
  }
  // The search matches nothing now: the list says so and offers to clear it (issue 28).
  await expect(grid.getByText('No company matches these filters')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByRole('searchbox', { name: 'Search companies' })).toHaveValue('');
  await expect(page).toHaveURL(/\/companies$/);
});

test('spec §6: who may write companies: readers see no write action, and the API refuses them', async ({
  page,
}) => {
  await signIn(page, 'advanced@acme.example', 'acme.localhost', '/companies');
  await expect(page).toHaveURL(/\/companies$/);
  await expect(page.getByRole('grid').getByRole('link', { name: 'Acme East', exact: true })).toBeVisible();
  await expect(page.getByTestId('new-company')).toHaveCount(0);
  await expect(page.getByTestId('invite-company')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete company' })).toHaveCount(0);
  const parent = (await callApi(page, 'GET', '/companies?name=Acme%20West&fields=id')).body.data as {
    id: number;
  }[];
  const refused = await callApi(page, 'POST', '/companies', {
    name: 'Not allowed',
    parent_id: parent[0]?.id,
  });
  expect(refused.status).toBe(403);

  // A guest (read_only) sees its own company only.
  await page.goto(urlFor('acme.localhost', '/logout'));
  await expect(page).toHaveURL(/\/account\/login/);
  await signIn(page, 'guest@acme.example', 'acme.localhost', '/companies');
  const rows = page.getByRole('grid').getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('Acme Networks');
});

test('the column choice is kept in user storage and the CSV export holds the filtered rows', async ({
  page,
}) => {
  await signIn(page, 'east.admin@acme.example', 'acme.localhost', '/companies');
  const grid = page.getByRole('grid');
  await expect(grid.getByRole('link', { name: 'Acme East Retail' })).toBeVisible();
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('checkbox', { name: 'Created' }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('columnheader', { name: 'Created' })).toHaveCount(0);
  await page.reload();
  await expect(grid.getByRole('link', { name: 'Acme East Retail' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Created' })).toHaveCount(0);
  await expect(page.getByRole('columnheader', { name: 'Parent company' })).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search companies' }).fill('retail');
  await expect(grid.getByRole('row')).toHaveCount(2);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('companies.csv');
  const text = await readFile(await file.path(), 'utf8');
  const lines = text
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines[0]).toBe('ID,Name,Parent company,Tier level,Users,Subsidiaries,Created');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(',Acme East Retail,Acme East,4th level company,');

  // Put the column back for whoever signs in next.
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('checkbox', { name: 'Created' }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('columnheader', { name: 'Created' })).toBeVisible();
});
