import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiFixture, companyIdByName, startTestApi, TEST_PASSWORD } from '../../testing/fixtures.ts';
import { tokenOf, waitForMail } from '../../testing/mail.ts';

let fx: ApiFixture;
beforeAll(async () => {
  fx = await startTestApi();
});
afterAll(async () => {
  await fx?.stop();
});

const NEW_PASSWORD = 'a long invited password 7';

const companyId = (name: string) => companyIdByName(fx, name);

describe('GET /users (spec §2 /users, §6 tenancy)', () => {
  it('lists the users of the companies the caller sees, with company and role', async () => {
    const east = await fx.login('east.admin@acme.example');
    const answer = await east.get('/api/users?sort=email&fields=email,company_name,role_name');
    expect(answer.status).toBe(200);
    const rows = answer.body.data as { email: string; company_name: string; role_name: string }[];
    expect(rows.map((row) => row.company_name).every((name) => name.startsWith('Acme East'))).toBe(true);
    expect(rows).toContainEqual({
      email: 'east.admin@acme.example',
      company_name: 'Acme East',
      role_name: 'admin',
    });
    const guest = await fx.login('guest@acme.example');
    expect((await guest.get('/api/users')).status).toBe(403);
  });
});

describe('invitations (spec §2 "Invite new user", §5, §6, §7 POST /users/invite)', () => {
  it("offers the inviter's built-in roles for the company; end users invite nobody", async () => {
    const admin = await fx.login('admin@acme.example');
    const east = await companyId('Acme East');
    const roles = await admin.get(`/api/users/invite/roles?company_id=${east}`);
    expect(roles.status).toBe(200);
    expect((roles.body.data as { name: string }[]).map((role) => role.name).sort()).toEqual(
      ['admin', 'end_user', 'read_only', 'readonly_admin'].sort(),
    );
    const superAdmin = await fx.login('super@fleetport.example');
    const superRoles = await superAdmin.get(`/api/users/invite/roles?company_id=${east}`);
    expect((superRoles.body.data as { name: string }[]).map((role) => role.name)).toContain('support');
    const northwind = await companyId('Northwind Logistics');
    expect((await admin.get(`/api/users/invite/roles?company_id=${northwind}`)).status).toBe(403);
    const user = await fx.login('user@acme.example');
    expect(
      (await user.post('/api/users/invite', { company_id: east, email: 'x@y.example', role: 3 })).status,
    ).toBe(403);
  });

  it('invites, e-mails a branded link, and the invitee accepts: a user of that company with that role', async () => {
    const admin = await fx.login('admin@acme.example');
    const retail = await companyId('Acme East Retail');
    const email = `invitee.${Date.now()}@acme.example`;
    const invited = await admin.post('/api/users/invite', {
      company_id: retail,
      email: email.toUpperCase(),
      role: 3,
    });
    expect(invited.status).toBe(201);
    expect(invited.body.data).toMatchObject({
      email,
      company_name: 'Acme East Retail',
      role_title: 'End Client',
    });

    // Spec §5: the same address twice, or an address that is a user already, is refused on the field.
    const twice = await admin.post('/api/users/invite', { company_id: retail, email, role: 3 });
    expect(twice.status).toBe(422);
    expect(twice.body.errors[0].source).toBe('email');
    const taken = await admin.post('/api/users/invite', {
      company_id: retail,
      email: 'guest@acme.example',
      role: 3,
    });
    expect(taken.body.errors[0]).toMatchObject({ source: 'email' });
    const badRole = await admin.post('/api/users/invite', {
      company_id: retail,
      email: 'z@acme.example',
      role: 1,
    });
    expect(badRole.body.errors[0]).toMatchObject({ source: 'role' });

    const mail = await waitForMail(fx, email, 'user_invitation');
    expect(mail.text).toContain('Acme East Retail');
    expect(mail.link).toMatch(/\/account\/accept-invitation\?token=/);
    const token = tokenOf(mail);
    const lookup = await fx.client().post('/api/account/invitation', { token });
    expect(lookup.body.data).toEqual({ email, company_name: 'Acme East Retail', role_title: 'End Client' });

    // The password policy applies, and a refusal does not use the link up.
    const weak = await fx
      .client()
      .post('/api/account/invitation/accept', { token, username: 'Ivy', password: 'short' });
    expect(weak.status).toBe(422);
    expect(weak.body.errors[0].source).toBe('password');
    const accepted = await fx
      .client()
      .post('/api/account/invitation/accept', { token, username: 'Ivy', password: NEW_PASSWORD });
    expect(accepted.status).toBe(201);
    const again = await fx
      .client()
      .post('/api/account/invitation/accept', { token, username: 'Ivy', password: NEW_PASSWORD });
    expect(again.status).toBe(422);

    const ivy = await fx.login(email, NEW_PASSWORD);
    const me = await ivy.get('/api/user');
    expect(me.body.data).toMatchObject({
      email,
      company_name: 'Acme East Retail',
      role: { name: 'end_user' },
    });
    const listed = await admin.get('/api/users/invitations?fields=email');
    expect((listed.body.data as { email: string }[]).some((row) => row.email === email)).toBe(false);
  });

  it('refuses 5,000-character texts with 422 naming each field, every bad field at once', async () => {
    const admin = await fx.login('admin@acme.example');
    const west = await companyId('Acme West');
    const long = 'x'.repeat(5000);
    const invite = await admin.post('/api/users/invite', {
      company_id: west,
      email: `${long}@acme.example`,
      role: 'x',
    });
    expect(invite.status).toBe(422);
    const sources = (invite.body.errors as { source: string }[]).map((error) => error.source);
    expect(sources).toContain('email');
    expect(sources).toContain('role');
    expect(invite.body.errors).toContainEqual(
      expect.objectContaining({ source: 'email', message: expect.stringContaining('at most 254') }),
    );

    // The invitee's name at acceptance is bounded too, and a refusal leaves the link usable.
    const email = `bounded.${Date.now()}@acme.example`;
    expect((await admin.post('/api/users/invite', { company_id: west, email, role: 4 })).status).toBe(201);
    const token = tokenOf(await waitForMail(fx, email, 'user_invitation'));
    const accept = await fx
      .client()
      .post('/api/account/invitation/accept', { token, username: long, password: NEW_PASSWORD });
    expect(accept.status).toBe(422);
    expect(accept.body.errors).toContainEqual(
      expect.objectContaining({ source: 'username', message: expect.stringContaining('at most 100') }),
    );
    expect((await fx.client().post('/api/account/invitation', { token })).status).toBe(200);
  });

  it('resend issues a new link (the old one stops working); delete withdraws the invitation', async () => {
    const admin = await fx.login('admin@acme.example');
    const west = await companyId('Acme West');
    const email = `resend.${Date.now()}@acme.example`;
    const invited = await admin.post('/api/users/invite', { company_id: west, email, role: 4 });
    const firstMail = await waitForMail(fx, email, 'user_invitation');
    const resent = await admin.post(`/api/users/invitations/${invited.body.data.id}/resend`);
    expect(resent.status).toBe(200);
    const secondMail = await waitForMail(fx, email, 'user_invitation', firstMail.id);
    const secondToken = tokenOf(secondMail);
    expect(secondToken).not.toBe(tokenOf(firstMail));
    expect((await fx.client().post('/api/account/invitation', { token: tokenOf(firstMail) })).status).toBe(
      422,
    );
    expect((await fx.client().post('/api/account/invitation', { token: secondToken })).status).toBe(200);

    // Another tenant neither sees nor touches it.
    const northwind = await fx.login('admin@northwind.example');
    expect((await northwind.delete(`/api/users/invitations/${invited.body.data.id}`)).status).toBe(403);
    expect((await admin.delete(`/api/users/invitations/${invited.body.data.id}`)).status).toBe(200);
    expect((await fx.client().post('/api/account/invitation', { token: secondToken })).status).toBe(422);
  });
});

describe('PUT /users/{id} and DELETE /users/{id} (spec §2 "Edit user role", §6)', () => {
  it("changes a user's role within what the caller may give; the new role applies to the live session", async () => {
    const admin = await fx.login('admin@acme.example');
    const west = await companyId('Acme West');
    const email = `role.${Date.now()}@acme.example`;
    await admin.post('/api/users/invite', { company_id: west, email, role: 4 });
    const token = tokenOf(await waitForMail(fx, email, 'user_invitation'));
    await fx
      .client()
      .post('/api/account/invitation/accept', { token, username: 'Rolf', password: NEW_PASSWORD });
    const rolf = await fx.login(email, NEW_PASSWORD);
    expect((await rolf.get('/api/users')).status).toBe(403);
    const id = (await admin.get(`/api/users?q=${encodeURIComponent(email)}&fields=id`)).body.data[0]
      .id as number;

    const unchanged = await admin.put(`/api/users/${id}`, { role: 4 });
    expect(unchanged.body.errors[0]).toMatchObject({ code: 'UNCHANGED', source: 'role' });
    expect((await admin.put(`/api/users/${id}`, { role: 1 })).status).toBe(422);
    const changed = await admin.put(`/api/users/${id}`, { role: 3 });
    expect(changed.status).toBe(200);
    expect(changed.body.data.role_name).toBe('end_user');
    // The same session, no new login: end users may list users.
    expect((await rolf.get('/api/users')).status).toBe(200);

    // Nobody changes their own role.
    const me = (await admin.get('/api/user')).body.data.id as number;
    expect((await admin.put(`/api/users/${me}`, { role: 6 })).status).toBe(403);

    // Delete: the password again first (423), then gone, sessions and all.
    expect((await admin.delete(`/api/users/${id}`)).status).toBe(423);
    expect((await admin.post('/api/password-confirmation', { password: TEST_PASSWORD })).status).toBe(200);
    expect((await admin.delete(`/api/users/${id}`)).status).toBe(200);
    expect((await rolf.get('/api/user')).status).toBe(401);
  });
});
