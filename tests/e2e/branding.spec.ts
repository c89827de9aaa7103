import { expect, type Page, test } from '@playwright/test';
import { signIn } from './sign-in.ts';
import { E2E_PORT as PORT } from './support.ts';

const BRANDS = [
  { host: 'localhost', title: 'Fleetport', colour: 'rgb(31, 95, 191)' },
  { host: 'acme.localhost', title: 'Acme Cloud', colour: 'rgb(194, 65, 12)' },
] as const;

const urlFor = (host: string, path = '/management/devices') => `http://${host}:${PORT}${path}`;

async function faviconOf(page: Page): Promise<{ href: string; body: string }> {
  const href = (await page.locator('link[rel="icon"]').getAttribute('href')) ?? '';
  const body = await page.evaluate(async (url) => (await fetch(url)).text(), href);
  return { href, body };
}

/** Records CSP violations from the very first script the page runs. */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
      consoleErrors.push(message.text());
  });
  await page.addInitScript(() => {
    const store = window as unknown as { cspViolations: string[] };
    store.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) =>
      store.cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  return async () => [
    ...consoleErrors,
    ...(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)),
  ];
}

test('each host shows its own brand: title, favicon and primary colour', async ({ page }) => {
  const seen: { title: string; favicon: { href: string; body: string } }[] = [];
  for (const brand of BRANDS) {
    await signIn(page, 'super@fleetport.example', brand.host);
    await expect(page).toHaveTitle(new RegExp(`\\| ${brand.title}$`));
    await expect(page.getByTestId('app-name')).toHaveText(brand.title);
    await expect(page.getByTestId('app-bar')).toHaveCSS('background-color', brand.colour);
    await expect(page.getByTestId('brand-logo')).toBeVisible();
    seen.push({ title: await page.title(), favicon: await faviconOf(page) });
  }
  const [fleetport, acme] = seen;
  expect(fleetport?.favicon.href).not.toBe(acme?.favicon.href);
  expect(fleetport?.favicon.body).toContain('<svg');
  expect(fleetport?.favicon.body).not.toBe(acme?.favicon.body);
});

test.describe('first paint without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const brand of BRANDS) {
    test(`${brand.host} is branded before any script runs`, async ({ page }) => {
      await page.goto(urlFor(brand.host));
      await expect(page).toHaveTitle(brand.title);
      const bar = page.getByTestId('boot-bar');
      await expect(bar).toHaveCSS('background-color', brand.colour);
      await expect(bar).toContainText(brand.title);
    });
  }
});

test("a signed-in page's heading is painted before any script runs, where the console puts it", async ({
  page,
  browser,
}) => {
  await signIn(page, 'admin@acme.example');
  await page.goto(urlFor('acme.localhost', '/companies'));
  const heading = page.getByTestId('page-title');
  await expect(heading).toHaveText('Companies');
  const live = await heading.boundingBox();
  // The same session with scripts off: the edge's first paint alone.
  const context = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  try {
    const boot = await context.newPage();
    await boot.setViewportSize(page.viewportSize() ?? { width: 1280, height: 720 });
    await boot.goto(urlFor('acme.localhost', '/companies'));
    const painted = boot.getByTestId('boot-title');
    await expect(painted).toHaveText('Companies');
    await expect(boot).toHaveTitle('Companies | Acme Cloud');
    expect(await painted.boundingBox()).toEqual(live);
    // Signed out, the page ends on the login page: nothing of the signed-in page is painted.
    await context.clearCookies();
    await boot.goto(urlFor('acme.localhost', '/companies'));
    await expect(boot.getByTestId('boot-bar')).toBeVisible();
    await expect(boot.getByTestId('boot-title')).toHaveCount(0);
  } finally {
    await context.close();
  }
});

test('the console runs with no Content-Security-Policy violation', async ({ page }) => {
  const violations = await watchCsp(page);
  // Its own user: the language chosen below is kept with the user.
  await signIn(page, 'tech@acme.example');
  await expect(page.getByTestId('app-name')).toHaveText('Acme Cloud');
  // Switching language re-renders and makes emotion insert new styles under the nonce.
  await page.getByTestId('language-button').click();
  await page.getByRole('menuitem', { name: '日本語' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.waitForTimeout(200);
  expect(await violations()).toEqual([]);
});

test('northwind hides what its brand turns off and keeps its own colour in dark mode', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto(urlFor('northwind.localhost'));
  // Signed out: the session check ends in the login page (a full navigation, spec §4) first.
  await expect(page).toHaveURL(/\/account\/login/);
  await expect(page.getByTestId('login-email')).toBeVisible();
  await expect(page).toHaveTitle(/Northwind Fleet$/);
  const brand = await page.evaluate(() =>
    JSON.parse(document.getElementById('fp-brand')?.textContent ?? '{}'),
  );
  expect(brand).toMatchObject({
    disabled_routes: ['access-history'],
    branded_devices: false,
    data_feature: false,
  });
  await expect(page.getByTestId('account-card-bar')).toHaveCSS('background-color', 'rgb(15, 118, 110)');
});
