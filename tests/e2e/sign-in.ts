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
