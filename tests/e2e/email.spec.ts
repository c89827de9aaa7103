import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { signIn, urlFor } from './sign-in.ts';
import { E2E_API_PORT, E2E_PASSWORD, E2E_PORT } from './support.ts';

/**
 * Password reset by e-mail, in a real browser through the real edge: the reset is asked for on
 * the Acme brand's host, the mail is read from the outbox on the API's own port (a direct local
 * caller, as the outbox demands), and its real link is followed.
 */
const ACME = `http://acme.localhost:${E2E_PORT}`;
const OUTBOX = `http://127.0.0.1:${E2E_API_PORT}/api/testing/outbox`;
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
/** No other spec signs in as this user, so its new password disturbs nothing. */
const EMAIL = 'user@acme.example';
const NEW_PASSWORD = 'a new end-to-end passphrase';

interface Mail {
  id: number;
  kind: string;
  link: string | null;
}

async function mailsTo(request: APIRequestContext, to: string): Promise<Mail[]> {
  const answer = await request.get(`${OUTBOX}?to=${encodeURIComponent(to)}`, { headers: XHR });
  expect(answer.status()).toBe(200);
  return (await answer.json()).data as Mail[];
}

/** Asks for a password reset on the Acme brand's login page, as its form does. */
async function askForReset(page: Page, email: string): Promise<void> {
  await page.goto(`${ACME}/account/login`);
  const asked = await page.evaluate(async (address) => {
    const response = await fetch('/api/account/password/forgot', {
      method: 'POST',
      headers: { 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: address }),
    });
    return response.status;
  }, email);
  expect(asked).toBe(200);
}

test('a password reset mailed on the Acme brand links back to Acme, and the new password signs in', async ({
  page,
  request,
}) => {
  const before = (await mailsTo(request, EMAIL))[0]?.id ?? 0;
  await askForReset(page, EMAIL);

  let mail: Mail | undefined;
  await expect
    .poll(async () => {
      mail = (await mailsTo(request, EMAIL)).find((m) => m.kind === 'reset_password' && m.id > before);
      return mail !== undefined;
    })
    .toBe(true);
  const link = new URL(mail?.link ?? '');
  expect(link.origin).toBe(ACME);
  expect(link.pathname).toBe('/account/reset-password');

  // The console has no reset page yet: the link opens the console shell, with the token in its URL.
  await page.goto(link.toString());
  const token = new URL(page.url()).searchParams.get('token');
  expect(token).toMatch(/^[\w-]{43}$/);

  const result = await page.evaluate(
    async ({ email, token, oldPassword, newPassword }) => {
      const post = async (url: string, body: unknown) => {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        });
        return response.status;
      };
      const reset = await post('/api/account/password/reset', { token, password: newPassword });
      const reused = await post('/api/account/password/reset', { token, password: newPassword });
      const oldLogin = await post('/api/account/login', { email, password: oldPassword });
      const newLogin = await post('/api/account/login', { email, password: newPassword });
      const user = await fetch('/api/user', { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
      return { reset, reused, oldLogin, newLogin, user: user.status, email: (await user.json()).data?.email };
    },
    { email: EMAIL, token, oldPassword: E2E_PASSWORD, newPassword: NEW_PASSWORD },
  );
  expect(result).toEqual({ reset: 200, reused: 422, oldLogin: 401, newLogin: 200, user: 200, email: EMAIL });
});

test('the outbox answers only direct local callers: through the edge it does not exist', async ({
  request,
}) => {
  const viaEdge = await request.get(`http://localhost:${E2E_PORT}/api/testing/outbox`, { headers: XHR });
  expect(viaEdge.status()).toBe(404);
});

test('the platform admin reads the demo’s e-mail in the browser and its link works', async ({ page }) => {
  // A reset asked for on the Acme brand (asking changes nothing until the link is used).
  const recipient = 'east.admin@acme.example';
  await askForReset(page, recipient);

  await signIn(page, 'super@fleetport.example', 'localhost');
  await page.goto(urlFor('localhost', '/system-services/credit-codes'));
  await page.getByRole('tab', { name: 'E-mail outbox' }).click();
  await expect(page).toHaveURL(/\/system-services\/mail-outbox$/);
  await page.getByTestId('outbox-to').fill(recipient);
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(/\?to=east\.admin%40acme\.example/);
  const mail = page.getByTestId('outbox-mail');
  await expect(mail).toContainText(`to ${recipient}`);
  await expect(mail).toContainText('Acme');
  const link = page.getByTestId('outbox-link');
  const href = (await link.getAttribute('href')) ?? '';
  expect(new URL(href).origin).toBe(ACME);
  expect(new URL(href).pathname).toBe('/account/reset-password');

  // The filter survives a reload; the link opens the brand's reset page.
  await page.reload();
  await expect(page.getByTestId('outbox-mail')).toContainText(`to ${recipient}`);
  const reset = await page.context().newPage();
  await reset.goto(href);
  await expect(reset).toHaveURL(/\/account\/reset-password\?token=/);
  await expect(reset.getByRole('heading', { level: 1 })).toBeVisible();
});
