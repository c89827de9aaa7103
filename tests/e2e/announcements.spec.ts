import { expect, test } from '@playwright/test';
import { signIn, urlFor } from './sign-in.ts';

/**
 * A super admin's announcement reaches every user of a company subtree, live: it is
 * created on the server and appears in an open console's bell without a reload (spec §4
 * "Notification": new notifications arrive through the realtime channel and are prepended).
 */
test('an announcement sent from System services appears in a recipient’s bell without reload', async ({
  browser,
  page,
}) => {
  // The recipient: signed in, on a page, bell closed.
  const recipientContext = await browser.newContext();
  const recipient = await recipientContext.newPage();
  await signIn(recipient, 'east.admin@acme.example');
  await expect(recipient.getByTestId('page-title')).toBeVisible();
  const summary = `Maintenance window ${Date.now()}: consoles read-only 02:00–02:30 UTC`;

  // The sender: System services → Announcements.
  await signIn(page, 'super@fleetport.example', 'localhost');
  await page.goto(urlFor('localhost', '/system-services'));
  // Spec §2: /system-services/ opens its first page (credit codes); Announcements is a tab.
  await expect(page).toHaveURL(/\/system-services\/credit-codes$/);
  await page.getByRole('tab', { name: 'Announcements' }).click();
  await expect(page).toHaveURL(/\/system-services\/announcements$/);
  await expect(page.getByTestId('page-title')).toHaveText('Announcements');
  // Bad input is refused on its field and loses nothing.
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText(/required/i).first()).toBeVisible();

  await page.getByRole('combobox', { name: 'Company' }).click();
  await page.getByRole('option', { name: 'Acme Networks', exact: true }).click();
  await expect(page.getByRole('checkbox', { name: 'Also notify its subsidiaries' })).toBeChecked();
  await page.getByRole('textbox', { name: 'Message' }).fill(summary);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText(/Announcement sent to \d+ users?\./)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Sent announcements' })).toContainText(summary);
  // The form is empty again for the next one.
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('');

  // East is a subsidiary of Acme Networks: its admin's bell shows it, live.
  const badge = recipient.getByTestId('notifications-badge').locator('.MuiBadge-badge');
  await expect(badge).toHaveText(/[1-9]\d*/);
  await recipient.getByTestId('notifications-bell').click();
  await expect(
    recipient.getByTestId('notifications-dropdown').getByTestId('notification').first(),
  ).toContainText(summary);
  await recipientContext.close();
});

test('announcements are for super admins only: others neither see the page nor reach it', async ({
  page,
}) => {
  await signIn(page, 'admin@acme.example');
  await expect(page.getByTestId('nav-system-services')).toHaveCount(0);
  await page.goto(urlFor('acme.localhost', '/system-services/announcements'));
  // Spec §5: a route without its permission goes to the first permitted page.
  await expect(page).toHaveURL(/\/management\/devices$/);
});
