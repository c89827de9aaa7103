import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiFixture, startTestApi } from '../../testing/fixtures.ts';
import { tokenOf, waitForMail } from '../../testing/mail.ts';

let fx: ApiFixture;
beforeAll(async () => {
  fx = await startTestApi();
});
afterAll(async () => {
  await fx?.stop();
});

describe('distributors (spec §2 "Invite new company", §5, §7 POST /distributors/invitations)', () => {
  it("invites an address; accepting creates the company under the inviter's with the invitee as its admin", async () => {
    const admin = await fx.login('admin@acme.example');
    const email = `reseller.${Date.now()}@example.com`;
    expect((await admin.post('/api/distributors/invitations', { email: '' })).body.errors[0].source).toBe(
      'email',
    );
    const invited = await admin.post('/api/distributors/invitations', { email });
    expect(invited.status).toBe(201);
    expect(invited.body.data).toMatchObject({ email, parent_company_name: 'Acme Networks' });
    expect((await admin.post('/api/distributors/invitations', { email })).body.errors[0].source).toBe(
      'email',
    );

    const mail = await waitForMail(fx, email, 'company_invitation');
    expect(mail.link).toMatch(/\/account\/accept-company-invitation\?token=/);
    const token = tokenOf(mail);
    const lookup = await fx.client().post('/api/account/company-invitation', { token });
    expect(lookup.body.data).toEqual({ email, parent_company_name: 'Acme Networks' });
    // A sibling's name is taken; a short one is refused; neither uses the link up.
    const taken = await fx.client().post('/api/account/company-invitation/accept', {
      token,
      company_name: 'acme east',
      username: 'Rex',
      password: 'a reseller passphrase 1',
    });
    expect(taken.body.errors[0].source).toBe('company_name');
    const short = await fx.client().post('/api/account/company-invitation/accept', {
      token,
      company_name: 'AB',
      username: 'Rex',
      password: 'a reseller passphrase 1',
    });
    expect(short.body.errors[0].source).toBe('company_name');
    const accepted = await fx.client().post('/api/account/company-invitation/accept', {
      token,
      company_name: 'Reseller One',
      username: 'Rex',
      password: 'a reseller passphrase 1',
    });
    expect(accepted.status).toBe(201);
    const rex = await fx.login(email, 'a reseller passphrase 1');
    const me = (await rex.get('/api/user')).body.data;
    expect(me).toMatchObject({ company_name: 'Reseller One', role: { name: 'admin' } });
    const tree = (await admin.get('/api/companies/tree')).body.data as { name: string; level: number }[];
    expect(tree.find((node) => node.name === 'Reseller One')?.level).toBe(3);
    expect((await fx.client().post('/api/account/company-invitation', { token })).status).toBe(422);
  });

  it('only company managers invite; another tenant cannot withdraw an invitation', async () => {
    const guest = await fx.login('guest@acme.example');
    expect((await guest.post('/api/distributors/invitations', { email: 'x@example.com' })).status).toBe(403);
    const admin = await fx.login('admin@acme.example');
    const invited = await admin.post('/api/distributors/invitations', {
      email: `w.${Date.now()}@example.com`,
    });
    const northwind = await fx.login('admin@northwind.example');
    expect((await northwind.delete(`/api/distributors/invitations/${invited.body.data.id}`)).status).toBe(
      403,
    );
    expect((await admin.delete(`/api/distributors/invitations/${invited.body.data.id}`)).status).toBe(200);
  });
});
