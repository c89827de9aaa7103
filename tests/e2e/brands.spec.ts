import { expect, type Page, test } from '@playwright/test';
import { callApi, signIn, urlFor } from './sign-in.ts';

/**
 * Brands in the console: a super admin's session administers brands through
 * the edge (which asks the API about the session), an owner company's admin edits the look of
 * its brand and nothing else, and the edge serves a saved brand on its host names at once.
 */

/** Saves the brand form and waits for the edge to answer it. */
async function saveBrand(page: Page): Promise<void> {
  const saved = page.waitForResponse(
    (response) => /\/edge\/brands\/acme$/.test(response.url()) && response.request().method() === 'PUT',
  );
  await page.getByRole('button', { name: 'Save' }).click();
  expect((await saved).status()).toBe(200);
}

const ACME_ORANGE = 'rgb(194, 65, 12)';
const TEAL = { hex: '#0f766e', rgb: 'rgb(15, 118, 110)' };

test("a super admin edits a brand's colour in the console and acme.localhost changes without a restart", async ({
  page,
  browser,
}) => {
  const visitor = await browser.newPage();
  await signIn(visitor, 'user@acme.example', 'acme.localhost');
  await expect(visitor.getByTestId('app-bar')).toHaveCSS('background-color', ACME_ORANGE);

  await signIn(page, 'super@fleetport.example', 'localhost', '/system-services/brands');
  await page.getByRole('link', { name: 'Acme Cloud' }).click();
  const colour = page.getByRole('textbox', { name: 'Brand colour', exact: true });
  await expect(colour).toHaveValue('#c2410c');
  await colour.fill(TEAL.hex);
  // The preview follows the draft before anything is saved, in both schemes.
  await expect(page.getByTestId('brand-preview-light-header')).toHaveCSS('background-color', TEAL.rgb);
  await expect(page.getByTestId('brand-preview-dark-header')).toHaveCSS('background-color', TEAL.rgb);
  await saveBrand(page);

  await visitor.reload();
  await expect(visitor.getByTestId('app-bar')).toHaveCSS('background-color', TEAL.rgb);

  // Back as it was, for the other specs.
  await colour.fill('#c2410c');
  await saveBrand(page);
  await visitor.reload();
  await expect(visitor.getByTestId('app-bar')).toHaveCSS('background-color', ACME_ORANGE);
  await visitor.close();
});

test('a super admin creates a brand for a new host name, sees it served there, and deletes it', async ({
  page,
  browser,
}) => {
  await signIn(page, 'super@fleetport.example', 'localhost', '/system-services/brands');
  await page.getByTestId('new-brand').click();
  const dialog = page.getByRole('dialog', { name: 'New brand' });
  await dialog.getByRole('textbox', { name: 'ID', exact: true }).fill('Globex');
  await dialog.getByRole('textbox', { name: 'App name', exact: true }).fill('Globex Console');
  await dialog.getByRole('textbox', { name: 'Full app name' }).fill('Globex Device Console');
  await dialog.getByRole('textbox', { name: 'Company name', exact: true }).fill('Globex');
  await dialog.getByRole('textbox', { name: 'Host names' }).fill('globex.localhost');
  await dialog.getByRole('textbox', { name: 'Host names' }).press('Enter');
  await dialog.getByRole('textbox', { name: 'Public base URL' }).fill('https://globex.example');
  await dialog.getByRole('button', { name: 'New brand' }).click();
  // The id's rule is the contract's: lower case only. The mistake is shown on its field, nothing lost.
  await expect(dialog.getByText(/lower-case|pattern|format/i).first()).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'App name', exact: true })).toHaveValue('Globex Console');
  await dialog.getByRole('textbox', { name: 'ID', exact: true }).fill('globex');
  await dialog.getByRole('button', { name: 'New brand' }).click();
  await expect(page).toHaveURL(/\/brands\/globex$/);
  await expect(page.getByTestId('page-title')).toHaveText('Globex Console');

  const visitor = await browser.newPage();
  await visitor.goto(urlFor('globex.localhost', '/account/login'));
  await expect(visitor).toHaveTitle(/Globex Console/);
  await visitor.close();

  await page.goto(urlFor('localhost', '/system-services/brands'));
  await page
    .getByRole('group', { name: 'Globex Console' })
    .getByRole('button', { name: 'Delete brand' })
    .click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete brand' }).click();
  await expect(page.getByRole('link', { name: 'Globex Console' })).toHaveCount(0);
  const gone = await callApi(page, 'GET', '/brands/globex', undefined, '/edge');
  expect(gone.status).toBe(404);
});

test("an owner company's admin edits its brand's look, never its host names; others get nothing", async ({
  page,
  browser,
}) => {
  await signIn(page, 'admin@acme.example', 'acme.localhost', '/companies/2/users');
  await page.getByTestId('company-brand-link').click();
  await expect(page.getByText("You can change this brand's look.")).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Brand colour', exact: true })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Host names' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Public base URL' })).toHaveCount(0);

  // The edge refuses what the page does not offer, whatever the client sends.
  const current = await callApi(page, 'GET', '/brands/acme', undefined, '/edge');
  const config = (current.body.data as { config: Record<string, unknown> }).config;
  const hijack = await callApi(
    page,
    'PUT',
    '/brands/acme',
    { ...config, hostnames: ['acme.localhost', 'evil.example'] },
    '/edge',
  );
  expect(hijack.status).toBe(403);
  expect((await callApi(page, 'DELETE', '/brands/acme', undefined, '/edge')).status).toBe(403);
  // The default brand belongs to no company: not theirs (Northwind's is: Acme manages Northwind).
  expect((await callApi(page, 'GET', '/brands/default', undefined, '/edge')).status).toBe(404);

  // A logo upload is the look too: the header of acme.localhost shows the new file.
  const before = await page.getByTestId('brand-logo').getAttribute('src');
  await page.getByTestId('brand-upload-logo').setInputFiles({
    name: 'logo.svg',
    mimeType: 'image/svg+xml',
    buffer: Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="10" fill="#fff"/></svg>',
    ),
  });
  await expect(page.getByText('Logo uploaded.')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('brand-logo')).not.toHaveAttribute('src', before ?? '');

  // A user without manage_companies: no brand page, and the edge says no.
  const user = await browser.newPage();
  await signIn(user, 'user@acme.example', 'acme.localhost');
  expect((await callApi(user, 'GET', '/brands', undefined, '/edge')).status).toBe(403);
  // Spec §5: a page the role does not permit leads to the first permitted one.
  await user.goto(urlFor('acme.localhost', '/brands/acme'));
  await expect(user).not.toHaveURL(/\/brands\//);
  await expect(user.getByTestId('brand-preview')).toHaveCount(0);
  await user.close();
});
