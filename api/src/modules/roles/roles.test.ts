import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiFixture, companyIdByName, startTestApi } from '../../testing/fixtures.ts';
import { tokenOf, waitForMail } from '../../testing/mail.ts';

let fx: ApiFixture;
beforeAll(async () => {
  fx = await startTestApi();
});
afterAll(async () => {
  await fx?.stop();
});

const companyId = (name: string) => companyIdByName(fx, name);

describe('roles (spec §2 /users/roles, §3 Role, §6 custom company roles)', () => {
  it('lists the built-in roles and the custom roles of the companies the caller sees', async () => {
    const admin = await fx.login('admin@acme.example');
    const east = await companyId('Acme East');
    const created = await admin.post('/api/roles', {
      company_id: east,
      title: 'Field technician',
      description: 'Sees devices and files',
      scope: 'company',
      permissions: ['view_devices', 'view_files', 'view_companies'],
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      title: 'Field technician',
      name: 'field_technician',
      company_id: east,
      built_in: false,
      permissions_count: 3,
    });
    const listed = (await admin.get('/api/roles?limit=100&fields=title,built_in')).body.data as {
      title: string;
      built_in: boolean;
    }[];
    expect(listed.filter((role) => role.built_in).map((role) => role.title)).toContain('Administrator');
    expect(listed.map((role) => role.title)).toContain('Field technician');
    // Another tenant sees the built-in roles only.
    const northwind = await fx.login('admin@northwind.example');
    const theirs = (await northwind.get('/api/roles?limit=100&fields=title')).body.data as {
      title: string;
    }[];
    expect(theirs.map((role) => role.title)).not.toContain('Field technician');
    expect((await northwind.get(`/api/roles/${created.body.data.id}`)).status).toBe(403);
  });

  it('refuses permissions the caller does not hold, super_admin, a taken title, and built-in roles', async () => {
    const admin = await fx.login('admin@acme.example');
    const west = await companyId('Acme West');
    const body = { company_id: west, title: 'Too much', scope: 'company', permissions: ['super_admin'] };
    const superAdmin = await admin.post('/api/roles', body);
    expect(superAdmin.status).toBe(422);
    expect(superAdmin.body.errors[0].source).toBe('permissions');
    // Admins do not hold upload_files_global_scope (spec §6: the platform's own firmware).
    const notHeld = await admin.post('/api/roles', { ...body, permissions: ['upload_files_global_scope'] });
    expect(notHeld.body.errors[0]).toMatchObject({ source: 'permissions' });
    await admin.post('/api/roles', { ...body, title: 'Auditor', permissions: ['view_companies'] });
    const taken = await admin.post('/api/roles', {
      ...body,
      title: 'AUDITOR',
      permissions: ['view_companies'],
    });
    expect(taken.body.errors[0]).toMatchObject({ source: 'title' });
    expect(
      (await admin.put('/api/roles/2', { title: 'Boss', scope: 'company', permissions: ['view_users'] }))
        .status,
    ).toBe(403);
    const guest = await fx.login('guest@acme.example');
    expect((await guest.post('/api/roles', { ...body, permissions: ['view_companies'] })).status).toBe(403);
  });

  it("an edited role reaches its holders' live sessions; a held role cannot be deleted", async () => {
    const admin = await fx.login('admin@acme.example');
    const retail = await companyId('Acme East Retail');
    const role = (
      await admin.post('/api/roles', {
        company_id: retail,
        title: 'Viewer',
        scope: 'company',
        permissions: ['view_companies'],
      })
    ).body.data as { id: number };
    // The role's own company's custom roles are offered to the inviter (spec §6).
    const offered = (await admin.get(`/api/users/invite/roles?company_id=${retail}`)).body.data as {
      id: number;
    }[];
    expect(offered.map((entry) => entry.id)).toContain(role.id);
    const email = `viewer.${Date.now()}@acme.example`;
    await admin.post('/api/users/invite', { company_id: retail, email, role: role.id });
    expect((await admin.delete(`/api/roles/${role.id}`)).status).toBe(409);
    const token = tokenOf(await waitForMail(fx, email, 'user_invitation'));
    await fx
      .client()
      .post('/api/account/invitation/accept', { token, username: 'Vi', password: 'a viewer passphrase 9' });
    const viewer = await fx.login(email, 'a viewer passphrase 9');
    expect((await viewer.get('/api/files')).status).toBe(403);
    const edited = await admin.put(`/api/roles/${role.id}`, {
      title: 'Viewer',
      scope: 'company',
      permissions: ['view_companies', 'view_files'],
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data.users).toBe(1);
    expect((await viewer.get('/api/files')).status).toBe(200);
    expect((await admin.delete(`/api/roles/${role.id}`)).status).toBe(409);
  });
});
