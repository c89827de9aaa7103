import { expect, test } from '@playwright/test';
import { generate } from 'otplib/functional';
import { callApi, signIn, urlFor } from './sign-in.ts';
import { E2E_API_PORT, E2E_PASSWORD } from './support.ts';

/** A TOTP code for the given moment (RFC 6238: SHA-1, 6 digits, 30 s). */
const totpAt = (secret: string, epochMs: number) => generate({ secret, epoch: Math.floor(epochMs / 1000) });

test('spec §2/§4: TOTP enrolment in account settings, then a login that asks for the code', async ({
  page,
}) => {
  const email = 'admin@northwind.example';
  const host = 'northwind.localhost';
  await signIn(page, email, host);
  await page.goto(urlFor(host, '/account/settings'));
  await expect(page.getByTestId('mfa-status')).toBeVisible();
  await page.getByTestId('totp-setup').click();
  // A sensitive change may ask for the password first (423, spec §4).
  const passwordPrompt = page.getByTestId('step-up-password');
  await expect(page.getByTestId('totp-secret').or(passwordPrompt)).toBeVisible();
  if (await passwordPrompt.isVisible()) {
    await passwordPrompt.fill(E2E_PASSWORD);
    await page.getByTestId('step-up-confirm').click();
  }
  await expect(page.getByTestId('totp-qr')).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
  expect(secret.length).toBeGreaterThanOrEqual(16);
  const enrolledAt = Date.now();
  await page.getByTestId('totp-code').fill(await totpAt(secret, enrolledAt));
  await page.getByTestId('totp-enable').click();
  await expect(page.getByTestId('mfa-status')).toHaveText(/authenticator/i);

  // Sign out, and in again: the password alone is not enough any more.
  await page.goto(urlFor(host, '/logout'));
  await expect(page).toHaveURL(/\/account\/login/);
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(E2E_PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('mfa-code')).toBeVisible();
  await expect(page.getByTestId('app-bar')).toHaveCount(0);

  // A wrong code is refused on the code step itself.
  await page.getByTestId('mfa-code').fill('000000');
  await page.getByTestId('login-submit').click();
  await expect(page.getByText('The code is not correct.')).toBeVisible();

  // The enrolment's code is spent (single use per time step); the next step's code is within
  // the server's one-step tolerance, so it signs in without waiting.
  await page.getByTestId('mfa-code').fill(await totpAt(secret, enrolledAt + 30_000));
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('app-bar')).toBeVisible();
  // No other spec signs in as this user: MFA stays on for the rest of the run.
});

test('spec §2: the impersonation banner names the user and company; Cancel returns to the admin', async ({
  browser,
  page,
}) => {
  // The target grants access from their own session (the e-mailed link's call).
  const targetContext = await browser.newContext();
  const target = await targetContext.newPage();
  await signIn(target, 'guest@acme.example');
  const me = await callApi(target, 'GET', '/user');
  const targetUser = me.body.data as { id: number; company_id: number; company_name: string };

  // The admin asks from the Users page; the target allows it from the e-mailed link's page.
  await signIn(page, 'super@fleetport.example', 'localhost', '/users');
  await page.getByRole('searchbox', { name: 'Search users' }).fill('guest@acme');
  const row = page.getByRole('grid', { name: 'Users' }).getByRole('row', { name: /guest@acme\.example/ });
  await row.getByRole('button', { name: 'Sign in as this user' }).click();
  await expect(page.getByText('guest@acme.example has not allowed access. Request it first.')).toBeVisible();
  await row.getByRole('button', { name: 'Request access' }).click();
  await expect(
    page.getByText('An e-mail asks guest@acme.example to allow access to their account.'),
  ).toBeVisible();
  const outbox = await page.request.get(
    `http://127.0.0.1:${E2E_API_PORT}/api/testing/outbox?to=${encodeURIComponent('guest@acme.example')}`,
    { headers: { 'X-Requested-With': 'XMLHttpRequest' } },
  );
  const mails = (await outbox.json()).data as { kind: string; link: string | null }[];
  const grant = mails.find((mail) => mail.link?.includes('/users/confirm-impersonation-access/'));
  expect(grant?.link).toBeDefined();
  // The link is on the requesting brand's host: the target signs in there and lands on it.
  await target.goto(grant?.link as string);
  await expect(target).toHaveURL(/\/account\/login\?continue_url=/);
  await target.getByTestId('login-email').fill('guest@acme.example');
  await target.getByTestId('login-password').fill(E2E_PASSWORD);
  await target.getByTestId('login-submit').click();
  await target.getByTestId('impersonation-allow').click();
  await expect(target.getByTestId('impersonation-granted')).toBeVisible();
  await targetContext.close();

  await row.getByRole('button', { name: 'Sign in as this user' }).click();
  const banner = page.getByTestId('impersonation-banner');
  await expect(banner).toHaveText(
    new RegExp(
      `Currently impersonating user guest@acme\\.example, ${targetUser.company_name} #${targetUser.company_id}`,
    ),
  );
  // The account widget speaks for the impersonated user, and hides Account settings.
  await page.getByTestId('account-button').click();
  await expect(page.getByTestId('account-email')).toHaveText('guest@acme.example');
  await expect(page.getByTestId('logout')).toHaveText('Logout & cancel impersonation');
  await expect(page.getByRole('menuitem', { name: 'Account settings' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await banner.getByRole('button', { name: 'Cancel impersonation' }).click();
  await expect(banner).toHaveCount(0);
  await page.getByTestId('account-button').click();
  await expect(page.getByTestId('account-email')).toHaveText('super@fleetport.example');
});
