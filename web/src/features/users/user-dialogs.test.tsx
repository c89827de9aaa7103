// @vitest-environment jsdom

import { EMAIL_MAX_LENGTH } from '@fleetport/contracts/users';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, renderWithForms } from '../../shared/forms/testing.tsx';
import { ModalHost } from '../../shared/modals/ModalHost.tsx';
import { inAct, resetModals } from '../../shared/modals/testing.tsx';
import { openEditUserRole, openInviteUser } from './user-dialogs.tsx';

afterEach(resetModals);

const list = (rows: object[]) => () => ({ status: 200, data: { data: rows } });
const ROLES = [
  { id: 2, name: 'admin', title: 'Administrator', custom: false },
  { id: 4, name: 'read_only', title: 'Guest', custom: false },
];

const submit = (paper: HTMLElement) =>
  userEvent.click(within(paper).getByRole('button', { name: 'Invite user' }));

/** Opens Invite user (into company 1 when given) over a fake API that lists Acme and ROLES. */
async function openInvite(companyId?: number, handlers: Parameters<typeof fakeApi>[0] = {}) {
  const server = fakeApi({
    'GET /companies': list([{ id: 1, name: 'Acme' }]),
    'GET /users/invite/roles': list(ROLES),
    ...handlers,
  });
  renderWithForms(<ModalHost />);
  inAct(() => openInviteUser(companyId));
  const paper = await screen.findByRole('dialog', { name: 'Invite user' });
  return { user: userEvent.setup(), server, paper };
}

describe('Invite user (spec §2, §5; issue 30: precise errors, all at once)', () => {
  it('marks every bad field in one go: the company, the address and the role', async () => {
    const { user, server, paper } = await openInvite();
    await user.type(within(paper).getByRole('textbox', { name: 'E-mail' }), 'name.example.com');
    await submit(paper);

    // The field's own rule (required) and the contract's (the e-mail format) show together.
    expect(await within(paper).findByText('Enter an address like name@example.com')).toBeTruthy();
    expect(within(paper).getAllByText('This field is required')).toHaveLength(2);
    expect(server.requests('POST /users/invite')).toEqual([]);
  });

  it("takes the address's maximum length from the contract, and says so once a company and role are chosen", async () => {
    const { user, server, paper } = await openInvite(1);
    const email = within(paper).getByRole('textbox', { name: 'E-mail' });
    expect(email.getAttribute('maxlength')).toBe(String(EMAIL_MAX_LENGTH));
    await user.type(email, '<script>');
    await user.click(within(paper).getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Guest' }));
    await submit(paper);
    expect(await within(paper).findByText('Enter an address like name@example.com')).toBeTruthy();
    expect(within(paper).queryByText('This field is required')).toBeNull();
    expect(server.requests('POST /users/invite')).toEqual([]);
  });

  it("puts each of the server's 422 errors on its field, all at once", async () => {
    const { user, paper } = await openInvite(1, {
      'POST /users/invite': () => ({
        status: 422,
        data: {
          success: false,
          errors: [
            {
              code: 'VALIDATION_ERROR',
              message: 'A user with this e-mail address already exists.',
              source: 'email',
            },
            {
              code: 'VALIDATION_ERROR',
              message: 'You cannot give this role in this company.',
              source: 'role',
            },
          ],
        },
      }),
    });
    await user.type(within(paper).getByRole('textbox', { name: 'E-mail' }), 'taken@acme.example');
    await user.click(within(paper).getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Administrator' }));
    await submit(paper);
    expect(await within(paper).findByText('A user with this e-mail address already exists.')).toBeTruthy();
    expect(within(paper).getByText('You cannot give this role in this company.')).toBeTruthy();
  });

  it('offers the same roles as Edit user role, and says why another company may offer others', async () => {
    const { user, server, paper } = await openInvite(1);
    const hint = i18next.t('admin.users.fields.roleHint');
    expect(within(paper).getByText(hint)).toBeTruthy();
    await user.click(within(paper).getByRole('combobox', { name: 'Role' }));
    const invited = (await screen.findAllByRole('option')).map((option) => option.textContent);
    await user.keyboard('{Escape}');
    await user.click(within(paper).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Invite user' })).toBeNull());

    inAct(() =>
      openEditUserRole({
        id: 9,
        email: 'jane@acme.example',
        username: 'Jane',
        company_id: 1,
        company_name: 'Acme',
        role_id: 4,
        role_name: 'read_only',
        role_title: 'Guest',
        mfa_type: null,
        email_verified: true,
        created_at: '2026-01-01T00:00:00.000Z',
      }),
    );
    const edit = await screen.findByRole('dialog', { name: 'Edit user role' });
    expect(within(edit).getByText(hint)).toBeTruthy();
    await user.click(within(edit).getByRole('combobox', { name: 'Role' }));
    const edited = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(edited).toEqual(invited);
    // Both ask the one list of spec §6 for the company: the caller's built-in roles and its own.
    await waitFor(() =>
      expect(
        server.requests('GET /users/invite/roles').map((request) => request.params.company_id),
      ).toContain(1),
    );
  });
});
