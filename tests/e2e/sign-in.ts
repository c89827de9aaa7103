import { expect, type Page } from '@playwright/test';
import { E2E_PASSWORD, E2E_PORT } from './support.ts';

export const urlFor = (host: string, path = '/') => `http://${host}:${E2E_PORT}${path}`;

/** Signs in through the console's login page and waits for the shell. */
export async function signIn(page: Page, email: string, host = 'acme.localhost', path = '/'): Promise<void> {
  await page.goto(urlFor(host, path));
  await expect(page).toHaveURL(/\/account\/login/);
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(E2E_PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('app-bar')).toBeVisible();
}

/**
 * Calls the API from the page, as the console does: same origin, XHR header, XSRF echoed.
 * `base` '/edge' calls the edge's own API (brand administration) the same way.
 */
export async function callApi(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
  base = '/api',
): Promise<{ status: number; body: { data?: unknown; errors?: { code?: string }[] } }> {
  return page.evaluate(
    async ({ method, path, body, base }) => {
      const xsrf = /(?:^|; )XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '';
      const response = await fetch(`${base}${path}`, {
        method,
        headers: {
          'X-Requested-With': 'XMLHttpRequest',
          'X-XSRF-TOKEN': decodeURIComponent(xsrf),
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : {} };
    },
    { method, path, body, base },
  );
}
