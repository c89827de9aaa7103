import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from './axe.ts';
import { openFromList } from './lists.ts';
import { signIn, urlFor } from './sign-in.ts';

/**
 * axe-core finds no serious or critical violation on the administration pages and
 * their dialogs, light and dark: the company tree and page, users, invitations, roles, tags,
 * credit codes and System services, as the super admin sees them on the default brand.
 */
const SCHEMES = ['light', 'dark'] as const;

const PAGES: readonly { path: string; ready: (page: Page) => ReturnType<Page['getByRole']> }[] = [
  { path: '/companies/tree', ready: (page) => page.getByRole('link', { name: 'Acme Networks' }) },
  { path: '/users', ready: (page) => page.getByRole('grid').getByRole('row').nth(1) },
  { path: '/users/invitations', ready: (page) => page.getByRole('grid') },
  { path: '/users/roles', ready: (page) => page.getByRole('grid').getByRole('row').nth(1) },
  { path: '/tags', ready: (page) => page.getByRole('grid').getByRole('row').nth(1) },
  { path: '/system-services/credit-codes', ready: (page) => page.getByRole('grid') },
  { path: '/system-services/credit-history', ready: (page) => page.getByRole('grid') },
  { path: '/system-services/data-overview', ready: (page) => page.getByRole('grid').getByRole('row').nth(1) },
  { path: '/system-services/brands', ready: (page) => page.getByRole('link', { name: 'Acme Cloud' }) },
  { path: '/brands/acme', ready: (page) => page.getByTestId('brand-preview') },
];

for (const scheme of SCHEMES) {
  test.describe(`administration, ${scheme}`, () => {
    test.use({ colorScheme: scheme });
    test.describe.configure({ timeout: 120_000 });

    test('the administration pages and their dialogs have no serious or critical axe violation', async ({
      page,
    }) => {
      await signIn(page, 'super@fleetport.example', 'localhost');
      for (const { path, ready } of PAGES) {
        await page.goto(urlFor('localhost', path));
        await expect(ready(page)).toBeVisible();
        expect(await seriousViolations(page), path).toEqual([]);
      }
      // The company page and its dialogs.
      await page.goto(urlFor('localhost', '/companies'));
      await openFromList(page, 'Search companies', 'Acme East Retail');
      // Spec §2: a company opens on its devices tab.
      await expect(page).toHaveURL(/\/companies\/\d+\/devices$/);
      await expect(page.getByRole('grid', { name: 'Devices' })).toBeVisible();
      expect(await seriousViolations(page), 'company devices tab').toEqual([]);
      await page.getByRole('tab', { name: 'Metrics' }).click();
      await expect(page.getByTestId('company-credits')).toBeVisible();
      expect(await seriousViolations(page), 'company page').toEqual([]);
      for (const [button, dialog] of [
        ['Edit company', 'Edit company'],
        ['Move company', 'Move company'],
        ['Move resources', 'Move resources'],
        ['New pool', 'New pool'],
      ] as const) {
        await page.getByRole('button', { name: button }).first().click();
        await expect(page.getByRole('dialog', { name: dialog })).toBeVisible();
        expect(await seriousViolations(page), dialog).toEqual([]);
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog', { name: dialog })).toBeHidden();
      }
      await page.goto(urlFor('localhost', '/users/roles'));
      await page.getByTestId('new-role').click();
      await expect(page.getByRole('dialog', { name: 'New role' })).toBeVisible();
      expect(await seriousViolations(page), 'New role').toEqual([]);
      await page.keyboard.press('Escape');
      await page.goto(urlFor('localhost', '/users'));
      await page.getByTestId('invite-user').click();
      await expect(page.getByRole('dialog', { name: 'Invite user' })).toBeVisible();
      expect(await seriousViolations(page), 'Invite user').toEqual([]);
    });
  });
}
