import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { callApi, signIn, urlFor } from './sign-in.ts';
import { E2E_API_PORT } from './support.ts';

/**
 * Users (spec §2 'Invite new user', /users, /users/invitations, §5, §6): an admin
 * invites an address into a new subsidiary; the invitee accepts from the captured e-mail,
 * signs in and sees only what a guest may; a role change reaches the invitee's open console
 * without a reload.
 */
const OUTBOX = `http://127.0.0.1:${E2E_API_PORT}/api/testing/outbox`;
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const PASSWORD = 'an invited end-to-end passphrase';

async function invitationLink(request: APIRequestContext, to: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const answer = await request.get(`${OUTBOX}?to=${encodeURIComponent(to)}`, { headers: XHR });
      const mails = (await answer.json()).data as { kind: string; link: string | null }[];
      link = mails.find((mail) => mail.kind === 'user_invitation')?.link ?? undefined;
      return link !== undefined;
    })
    .toBe(true);
  return link as string;
}

async function choose(page: Page, field: string, option: string | RegExp): Promise<void> {
  await page.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option, exact: typeof option === 'string' }).click();
}

// A long journey through several pages and dialogs: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

test('invite into a new subsidiary, accept from the e-mail, sign in as a guest; a role change applies live', async ({
  page,
  browser,
  request,
}) => {
  const stamp = Date.now().toString(36);
  const company = `Outpost ${stamp}`;
  const email = `ivy.${stamp}@acme.example`;
  await signIn(page, 'admin@acme.example');
  const west = (await callApi(page, 'GET', '/companies?name=Acme%20West&fields=id')).body.data as {
    id: number;
  }[];
  const created = await callApi(page, 'POST', '/companies', { name: company, parent_id: west[0]?.id });
  expect(created.status).toBe(201);
  const companyId = (created.body.data as { id: number }).id;

  // The company's Users tab: invite, with the company already chosen.
  await page.goto(urlFor('acme.localhost', `/companies/${companyId}/users`));
  await expect(page.getByTestId('page-title')).toHaveText(company);
  await expect(page.getByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true');
  await page.getByTestId('invite-user').click();
  const dialog = page.getByRole('dialog', { name: 'Invite user' });
  await expect(dialog.getByRole('combobox', { name: 'Company' })).toHaveValue(company);
  // Spec §6: the role list is the inviter's built-in roles (an admin's four).
  await dialog.getByRole('combobox', { name: 'Role' }).click();
  await expect(page.getByRole('option')).toHaveText([
    'Administrator',
    'End Client',
    'Guest',
    'Advanced Guest',
  ]);
  await page.getByRole('option', { name: 'Guest', exact: true }).click();
  // Spec §6: another company may offer other roles (its own custom roles): the hint says so.
  await expect(dialog.getByText('A custom role belongs to one company', { exact: false })).toBeVisible();
  // Spec §5: changing the company resets the role.
  await choose(page, 'Company', 'Acme East');
  await expect(dialog.getByRole('combobox', { name: 'Role' })).toHaveValue('');
  // Issue 30: every bad field is marked in one go, each rule with its own message.
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill('not an address');
  await dialog.getByRole('button', { name: 'Invite user' }).click();
  await expect(dialog.getByText('Enter an address like name@example.com')).toBeVisible();
  await expect(dialog.getByText('This field is required')).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'E-mail' })).toHaveAttribute('maxlength', '254');
  await choose(page, 'Company', company);
  await choose(page, 'Role', 'Guest');
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill('<script>alert(1)</script>');
  await dialog.getByRole('button', { name: 'Invite user' }).click();
  await expect(dialog.getByText('Enter an address like name@example.com')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await dialog.getByRole('button', { name: 'Invite user' }).click();
  await expect(page.getByText('Invitation sent')).toBeVisible();

  await page.getByRole('tab', { name: 'Invitations' }).click();
  await expect(page.getByRole('grid').getByRole('row', { name: new RegExp(email) })).toContainText('Guest');

  // The invitee, in a browser of their own, from the captured e-mail's link.
  const link = await invitationLink(request, email);
  expect(new URL(link).host).toBe(new URL(urlFor('acme.localhost')).host);
  const inviteeContext = await browser.newContext();
  const invitee = await inviteeContext.newPage();
  await invitee.goto(link);
  await expect(invitee.getByTestId('invitation-summary')).toContainText(company);
  await invitee.getByTestId('invitation-name').fill('Ivy Invitee');
  await invitee.getByTestId('invitation-password').fill(PASSWORD);
  await invitee.getByTestId('invitation-confirmation').fill(PASSWORD);
  await invitee.getByTestId('invitation-submit').click();
  await expect(invitee.getByTestId('invitation-done')).toBeVisible();

  await invitee.goto(urlFor('acme.localhost', '/'));
  await invitee.getByTestId('login-email').fill(email);
  await invitee.getByTestId('login-password').fill(PASSWORD);
  await invitee.getByTestId('login-submit').click();
  // Spec §5: the first permitted page, Devices; then the companies it sees.
  await expect(invitee).toHaveURL(/\/management\/devices$/);
  await invitee.getByTestId('nav-companies').click();
  await expect(invitee).toHaveURL(/\/companies$/);
  // A guest: its own company only, no writes, no users.
  const rows = invitee.getByRole('grid').getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText(company);
  await expect(invitee.getByRole('button', { name: 'New company' })).toHaveCount(0);
  await expect(invitee.getByTestId('nav-users')).toHaveCount(0);
  await invitee.goto(urlFor('acme.localhost', '/users'));
  await expect(invitee).toHaveURL(/\/management\/devices$/);

  // The admin makes the invitee an End Client: the invitee's open console learns it live.
  await page.getByRole('tab', { name: 'Users' }).click();
  await expect(page.getByRole('grid', { name: 'Users' })).toBeVisible();
  const row = page.getByRole('grid', { name: 'Users' }).getByRole('row', { name: new RegExp(email) });
  await expect(row).toContainText('Guest');
  await row.getByRole('button', { name: 'Edit user role' }).click();
  const roleDialog = page.getByRole('dialog', { name: 'Edit user role' });
  await roleDialog.getByRole('button', { name: 'Save' }).click();
  await expect(roleDialog.getByText('Please input different value to save changes.')).toBeVisible();
  await choose(page, 'Role', 'End Client');
  await roleDialog.getByRole('button', { name: 'Save' }).click();
  await expect(row).toContainText('End Client');
  await expect(invitee.getByTestId('nav-users')).toBeVisible();
  await invitee.getByTestId('nav-users').click();
  await expect(invitee.getByRole('grid').getByRole('row', { name: new RegExp(email) })).toBeVisible();

  // Delete: the password again (423), then the invitee is signed out everywhere: the open
  // console learns it live (UserChanged, GET /user answers 401) and lands on the login page.
  await row.getByRole('button', { name: 'Delete user' }).click();
  await page
    .getByRole('dialog', { name: 'Delete user' })
    .getByRole('button', { name: 'Delete user' })
    .click();
  await page.getByTestId('step-up-password').fill('e2e demo password');
  await page.getByTestId('step-up-confirm').click();
  await expect(page.getByText(`${email} was deleted.`)).toBeVisible();
  await expect(invitee).toHaveURL(/\/account\/login/);
  await inviteeContext.close();
});

test('spec §2/§6: an admin creates a custom role with grouped permissions and assigns it; built-in roles stay read-only', async ({
  page,
}) => {
  const title = `Auditor ${Date.now().toString(36)}`;
  await signIn(page, 'admin@acme.example', 'acme.localhost', '/users/roles');
  const grid = page.getByRole('grid', { name: 'Roles' });
  const admin = grid.getByRole('row', { name: /Administrator/ }).first();
  await expect(admin).toContainText('All companies (built-in)');
  // Built-in roles: their permissions may be read, never edited.
  await expect(admin.getByRole('button', { name: 'Edit role' })).toHaveCount(0);
  await admin.getByRole('button', { name: 'Role permissions' }).click();
  await expect(page.getByTestId('role-permissions')).toContainText('manage_companies');
  await page.keyboard.press('Escape');

  await page.getByTestId('new-role').click();
  const dialog = page.getByRole('dialog', { name: 'New role' });
  await dialog.getByRole('button', { name: 'New role' }).click();
  await expect(dialog.getByText('This field is required').first()).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
  await choose(page, 'Company', 'Acme West');
  // Permissions are grouped by category; admins never see super_admin.
  const companiesGroup = dialog.getByRole('group', { name: 'Companies' });
  await companiesGroup.getByRole('checkbox', { name: 'view_companies' }).check();
  await dialog.getByRole('group', { name: 'Files' }).getByRole('checkbox', { name: 'view_files' }).check();
  await expect(dialog.getByRole('checkbox', { name: 'super_admin' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'New role' }).click();
  await expect(page.getByText('Role created successfully')).toBeVisible();
  const row = grid.getByRole('row', { name: new RegExp(title) });
  await expect(row).toContainText('Acme West');
  await expect(row).toContainText('2');

  // Assign it: tech@acme.example (Acme West) gets the new role.
  await page.goto(urlFor('acme.localhost', '/users'));
  const tech = page.getByRole('grid', { name: 'Users' }).getByRole('row', { name: /tech@acme\.example/ });
  await tech.getByRole('button', { name: 'Edit user role' }).click();
  await choose(page, 'Role', title);
  await page.getByRole('dialog', { name: 'Edit user role' }).getByRole('button', { name: 'Save' }).click();
  await expect(tech).toContainText(title);

  // A held role cannot be deleted: the refusal stays in the dialog.
  await page.goto(urlFor('acme.localhost', '/users/roles'));
  await grid
    .getByRole('row', { name: new RegExp(title) })
    .getByRole('button', { name: 'Delete role' })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Delete role' });
  await confirm.getByRole('button', { name: 'Delete role' }).click();
  await expect(confirm.getByRole('alert')).toContainText('hold this role');
});
