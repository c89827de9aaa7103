import { type APIRequestContext, expect, test } from '@playwright/test';
import { signIn, urlFor } from './sign-in.ts';
import { E2E_API_PORT } from './support.ts';

/**
 * Distributors (spec §2 'Invite new company', §5 e-mail required): an admin invites an
 * address; the invitee names a new company from the captured e-mail's link and becomes its
 * first admin, under the inviter's company.
 */
const OUTBOX = `http://127.0.0.1:${E2E_API_PORT}/api/testing/outbox`;
const PASSWORD = 'a distributor end-to-end passphrase';

async function invitationLink(request: APIRequestContext, to: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const answer = await request.get(`${OUTBOX}?to=${encodeURIComponent(to)}`, {
        headers: { 'X-Requested-With': 'XMLHttpRequest' },
      });
      const mails = (await answer.json()).data as { kind: string; link: string | null }[];
      link = mails.find((mail) => mail.kind === 'company_invitation')?.link ?? undefined;
      return link !== undefined;
    })
    .toBe(true);
  return link as string;
}

test('an invited distributor creates its company under the inviter and signs in as its admin', async ({
  page,
  browser,
  request,
}) => {
  const stamp = Date.now().toString(36);
  const email = `reseller.${stamp}@example.com`;
  const company = `Reseller ${stamp}`;
  await signIn(page, 'admin@acme.example', 'acme.localhost', '/companies');
  await page.getByTestId('invite-company').click();
  const dialog = page.getByRole('dialog', { name: 'Invite new company' });
  await dialog.getByRole('button', { name: 'Invite new company' }).click();
  await expect(dialog.getByText('This field is required')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await dialog.getByRole('button', { name: 'Invite new company' }).click();
  await expect(page.getByText('The invitation was sent.')).toBeVisible();

  const link = await invitationLink(request, email);
  const context = await browser.newContext();
  const invitee = await context.newPage();
  await invitee.goto(link);
  await expect(invitee.getByTestId('invitation-summary')).toContainText('Acme Networks');
  await invitee.getByTestId('invitation-company').fill(company);
  await invitee.getByTestId('invitation-name').fill('Rex Reseller');
  await invitee.getByTestId('invitation-password').fill(PASSWORD);
  await invitee.getByTestId('invitation-confirmation').fill(PASSWORD);
  await invitee.getByTestId('invitation-submit').click();
  await expect(invitee.getByTestId('invitation-done')).toContainText(company);

  await invitee.goto(urlFor('acme.localhost', '/'));
  await invitee.getByTestId('login-email').fill(email);
  await invitee.getByTestId('login-password').fill(PASSWORD);
  await invitee.getByTestId('login-submit').click();
  // Spec §5: the first permitted page, Devices; then the companies it sees.
  await expect(invitee).toHaveURL(/\/management\/devices$/);
  await invitee.getByTestId('nav-companies').click();
  await expect(invitee).toHaveURL(/\/companies$/);
  // Its own company only, which it manages (an admin: it may create subsidiaries).
  const rows = invitee.getByRole('grid').getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText(company);
  await expect(invitee.getByTestId('new-company')).toBeVisible();
  await context.close();

  // The inviter sees it in the tree, under Acme Networks.
  await page.goto(urlFor('acme.localhost', '/companies/tree'));
  const acme = page
    .locator('li', { has: page.getByRole('link', { name: 'Acme Networks', exact: true }) })
    .first();
  await expect(acme.getByRole('link', { name: company })).toBeVisible();
});
