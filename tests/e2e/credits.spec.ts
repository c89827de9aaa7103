import { expect, type Page, test } from '@playwright/test';
import { openFromList } from './lists.ts';
import { signIn, urlFor } from './sign-in.ts';

/**
 * Credits and data (spec §2 dialogs, §4 'Used / Not Used', §5 rules, §9 2 GB a credit),
 * on the default brand (the only one with the data feature), against the real stack: a pool,
 * a credit code that takes the whole balance, its activation in another company (once), and
 * data bought with the spec's confirmation text after the data agreement.
 */
test.describe.configure({ timeout: 90_000 });

async function choose(page: Page, field: string, option: string | RegExp): Promise<void> {
  await page.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option, exact: typeof option === 'string' }).click();
}

async function openCompany(page: Page, name: string): Promise<void> {
  await page.goto(urlFor('localhost', '/companies'));
  await openFromList(page, 'Search companies', name);
  await expect(page.getByTestId('page-title')).toHaveText(name);
  // A company opens on its devices (spec §2); the credits are on its Metrics tab.
  await page.getByRole('tab', { name: 'Metrics' }).click();
  await expect(page.getByTestId('company-credits')).toBeVisible();
}

test('a pool, a code that exhausts it, its activation elsewhere (once), and data bought with the confirmation', async ({
  page,
  browser,
}) => {
  await signIn(page, 'super@fleetport.example', 'localhost');
  await openCompany(page, 'Acme West');
  const creditsBefore = Number(await page.getByTestId('company-credits').textContent());

  // New pool: price and pro-forma number only for the paid types (spec §5).
  await page.getByRole('button', { name: 'New pool' }).click();
  const pool = page.getByRole('dialog', { name: 'New pool' });
  await choose(page, 'Credit type', 'Free Data');
  await expect(pool.getByRole('spinbutton', { name: 'Credit price' })).toHaveCount(0);
  await choose(page, 'Credit type', 'Paid Data');
  await pool.getByRole('spinbutton', { name: 'Amount' }).fill('10');
  await pool.getByRole('button', { name: 'New pool' }).click();
  await expect(pool.getByText('This field is required').first()).toBeVisible();
  await pool.getByRole('spinbutton', { name: 'Credit price' }).fill('1.25');
  await pool.getByRole('textbox', { name: 'Pro-forma number' }).fill('PF-2026-11');
  await pool.getByRole('button', { name: 'New pool' }).click();
  await expect(page.getByText('The credits were added.')).toBeVisible();
  await expect(page.getByTestId('company-credits')).toHaveText(String(creditsBefore + 10));

  // A code worth the whole Paid Data balance, from Acme West.
  await page.getByRole('tab', { name: 'Credit codes' }).click();
  await page.getByTestId('new-credit-code').click();
  const newCode = page.getByRole('dialog', { name: 'New credit code' });
  await choose(page, 'Credit type', 'Paid Data');
  await newCode.getByRole('spinbutton', { name: 'Amount' }).fill('1000000000000');
  await newCode.getByRole('button', { name: 'New credit code' }).click();
  await expect(newCode.getByText('The value must be at most 999999999999')).toBeVisible();
  await newCode.getByRole('spinbutton', { name: 'Amount' }).fill('10');
  await newCode.getByRole('textbox', { name: 'Comment' }).fill('For Acme Networks');
  await newCode.getByRole('button', { name: 'New credit code' }).click();
  const code = (await page.getByTestId('credit-code').textContent())?.trim() ?? '';
  expect(code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){4}$/);
  await page
    .getByRole('dialog', { name: 'New credit code' })
    .getByRole('button', { name: 'Close' })
    .last()
    .click();
  const row = page.getByRole('grid', { name: 'Credit codes' }).getByRole('row', { name: new RegExp(code) });
  await expect(row).toContainText('Not Used');

  // Acme's admin activates it for Acme Networks, on the default brand's host.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, 'admin@acme.example', 'localhost');
  await openCompany(admin, 'Acme Networks');
  const acmeBefore = Number(await admin.getByTestId('company-credits').textContent());
  await admin.getByRole('tab', { name: 'Credit codes' }).click();
  await admin.getByTestId('activate-code').click();
  const activate = admin.getByRole('dialog', { name: 'Activate credit code' });
  await activate.getByRole('textbox', { name: 'Code' }).fill(code.toLowerCase());
  await activate.getByRole('button', { name: 'Activate credit code' }).click();
  await expect(admin.getByText('10 Data credit(s) were added to your company.')).toBeVisible();
  // Once only.
  await admin.getByTestId('activate-code').click();
  await activate.getByRole('textbox', { name: 'Code' }).fill(code);
  await activate.getByRole('button', { name: 'Activate credit code' }).click();
  await expect(activate.getByText('This code is unknown or has been used already.')).toBeVisible();
  await activate.getByRole('button', { name: 'Cancel' }).click();
  await page.reload();
  await expect(
    page.getByRole('grid', { name: 'Credit codes' }).getByRole('row', { name: new RegExp(code) }),
  ).toContainText('Acme Networks');

  // Data: 3 credits → 6 GB, after the agreement and the spec's question.
  await admin.getByRole('tab', { name: 'Metrics' }).click();
  await expect(admin.getByTestId('company-credits')).toHaveText(String(acmeBefore + 10));
  const dataBefore = Number((await admin.getByTestId('company-data').textContent())?.replace(/\D/g, ''));
  await admin.getByTestId('add-data').click();
  const addData = admin.getByRole('dialog', { name: 'Add data' });
  await addData.getByRole('spinbutton', { name: 'Credits' }).fill('3');
  await addData.getByRole('button', { name: 'Add data' }).click();
  await admin
    .getByRole('dialog', { name: 'Data agreement' })
    .getByRole('button', { name: 'I agree' })
    .click();
  const question = admin.getByRole('dialog', { name: 'Add data' }).filter({
    hasText: 'Are you sure you want to spend 3 credit(s) to get 6 GB of data?',
  });
  await question.getByRole('button', { name: 'Confirm' }).click();
  await expect(admin.getByText(/6 GB were added/)).toBeVisible();
  await expect(admin.getByTestId('company-data')).toHaveText(`${dataBefore + 6} GB`);
  await expect(admin.getByTestId('company-credits')).toHaveText(String(acmeBefore + 7));
  await adminContext.close();
});
