import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { signIn, urlFor } from './sign-in.ts';
import { E2E_PASSWORD } from './support.ts';

/**
 * Open redirects: continue_url after sign-in (spec §5) and redirect_uri of logout (spec §7) are
 * followed only on the console's own origin, in a real Chromium through the edge and the API.
 */
const HOST = 'acme.localhost';
const CONSOLE = new URL(urlFor(HOST)).origin;
/** A vector in a test's title: the console's origin by name, since each lane has its own port. */
const titled = (vector: string) => vector.replace(CONSOLE, '<console origin>');

/**
 * Every request to evil.example is aborted (the run never leaves the machine) and recorded:
 * an escape shows up here even when the aborted navigation leaves the page where it was.
 */
async function guardOffsite(context: BrowserContext): Promise<string[]> {
  const escaped: string[] = [];
  await context.route(
    (url) => url.hostname.toLowerCase().endsWith('evil.example'),
    async (route) => {
      escaped.push(route.request().url());
      await route.abort('blockedbyclient');
    },
  );
  return escaped;
}

/** Waits until the browser has left `from` and answers where it ended. */
async function settledAwayFrom(page: Page, from: string): Promise<URL> {
  await page.waitForURL((url) => url.pathname !== from);
  await page.waitForLoadState('load');
  return new URL(page.url());
}

const CONTINUE_VECTORS = [
  '/.//evil.example/',
  '/./%2e//evil.example',
  '/..//evil.example',
  `${CONSOLE}//evil.example`,
  '/\\evil.example',
];

for (const vector of CONTINUE_VECTORS) {
  test(`sign-in with continue_url=${titled(vector)} ends on the console's own origin`, async ({
    page,
    context,
  }) => {
    // Arrange
    const escaped = await guardOffsite(context);
    await page.goto(urlFor(HOST, `/account/login?continue_url=${encodeURIComponent(vector)}`));

    // Act
    await page.getByTestId('login-email').fill('admin@acme.example');
    await page.getByTestId('login-password').fill(E2E_PASSWORD);
    await page.getByTestId('login-submit').click();
    const landed = await settledAwayFrom(page, '/account/login');

    // Assert
    expect(landed.origin).toBe(CONSOLE);
    expect(escaped).toEqual([]);
  });
}

for (const vector of ['/.//evil.example/', `${CONSOLE}/./%2e//evil.example`]) {
  test(`/logout?redirect_uri=${titled(vector)} ends the session on the console's own origin`, async ({
    page,
    context,
  }) => {
    // Arrange
    const escaped = await guardOffsite(context);
    await signIn(page, 'admin@acme.example', HOST);

    // Act
    await page.goto(urlFor(HOST, `/logout?redirect_uri=${encodeURIComponent(vector)}`));
    const landed = await settledAwayFrom(page, '/logout');

    // Assert
    expect(landed.origin).toBe(CONSOLE);
    expect(escaped).toEqual([]);
    const user = await page.evaluate(async () => {
      const response = await fetch('/api/user', { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
      return response.status;
    });
    expect(user).toBe(401);
  });
}
