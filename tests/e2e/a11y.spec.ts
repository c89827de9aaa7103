import { expect, test } from '@playwright/test';
import { seriousViolations } from './axe.ts';
import { signIn, urlFor } from './sign-in.ts';

/**
 * axe-core finds no serious or critical violation on the shell and the account pages,
 * light and dark, for each shipped brand; and the shell's screenshots at 1440 and 390 px, light
 * and dark, saved as artifacts of the run (test-results/, not committed).
 */
const BRANDS = [
  { name: 'default', host: 'localhost', user: 'super@fleetport.example' },
  { name: 'acme', host: 'acme.localhost', user: 'advanced@acme.example' },
  { name: 'northwind', host: 'northwind.localhost', user: 'user@northwind.example' },
] as const;
const SCHEMES = ['light', 'dark'] as const;

for (const brand of BRANDS) {
  for (const scheme of SCHEMES) {
    test.describe(`${brand.name} brand, ${scheme}`, () => {
      test.use({ colorScheme: scheme });

      test('account pages have no serious or critical axe violation', async ({ page }) => {
        for (const path of ['/account/login', '/account/forgot-password']) {
          await page.goto(urlFor(brand.host, path));
          await expect(page.locator('form')).toBeVisible();
          expect(await seriousViolations(page), path).toEqual([]);
        }
      });

      test('the shell has no serious or critical axe violation; screenshots at 1440 and 390 px', async ({
        page,
      }, testInfo) => {
        await page.setViewportSize({ width: 1440, height: 900 });
        await signIn(page, brand.user, brand.host);
        await expect(page.getByTestId('page-title')).toBeVisible();
        // The landing page: Companies, its grid with rows.
        await expect(page.getByRole('grid').getByRole('row').nth(1)).toBeVisible();
        expect(await seriousViolations(page), 'shell').toEqual([]);
        await page.screenshot({ path: testInfo.outputPath(`shell-${brand.name}-${scheme}-1440.png`) });

        await page.getByTestId('account-button').click();
        await expect(page.getByTestId('account-menu')).toBeVisible();
        // Measured once the menu has faded in: mid-animation colours are not what users read.
        await expect(page.getByTestId('account-menu').locator('.MuiPaper-root')).toHaveCSS('opacity', '1');
        expect(await seriousViolations(page), 'account menu').toEqual([]);
        await page.keyboard.press('Escape');

        await page.goto(urlFor(brand.host, '/account/settings'));
        await expect(page.getByTestId('mfa-settings')).toBeVisible();
        expect(await seriousViolations(page), 'account settings').toEqual([]);

        await page.setViewportSize({ width: 390, height: 844 });
        await page.goto(urlFor(brand.host, '/management/files'));
        await expect(page.getByTestId('page-title')).toBeVisible();
        expect(await seriousViolations(page), 'shell at 390 px').toEqual([]);
        await page.screenshot({ path: testInfo.outputPath(`shell-${brand.name}-${scheme}-390.png`) });
      });
    });
  }
}
