import { and, desc, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema.ts';
import { type ApiFixture, startTestApi, type TestClient } from '../../testing/fixtures.ts';
import { latestMail } from '../../testing/mail.ts';

/**
 * Impersonation (spec §2 banner and logout, §3 act claim and
 * impersonation_access_limit): request → the user's grant through the e-mailed link →
 * start → act claim, refresh, audit with both identities → cancel back to the admin.
 */
let fx: ApiFixture;
const idOf = new Map<string, number>();
beforeAll(async () => {
  fx = await startTestApi();
  for (const row of await fx.api.deps.db.select({ id: users.id, email: users.email }).from(users)) {
    idOf.set(row.email, row.id);
  }
});
afterAll(async () => {
  await fx?.stop();
});

const id = (email: string) => idOf.get(email) as number;

/** The admin asks, the user opens the link from the e-mail and confirms. */
async function grant(admin: TestClient, email: string): Promise<void> {
  const asked = await admin.post(`/api/users/${id(email)}/impersonation/request`);
  expect(asked.status).toBe(200);
  const mail = await latestMail(fx, email);
  expect(mail.kind).toBe('impersonation_request');
  const path = new URL(mail.link as string).pathname;
  expect(path).toMatch(/^\/users\/confirm-impersonation-access\/[\w-]+$/);
  const user = await fx.login(email);
  const confirmed = await user.post(`/api${path}`);
  expect(confirmed.status).toBe(200);
  expect(new Date(confirmed.body.data.impersonation_access_limit).getTime()).toBeGreaterThan(Date.now());
}

describe('impersonation', () => {
  it('needs the user’s grant; then the token carries act, a refresh keeps it, writes are audited with both, cancel returns', async () => {
    const admin = await fx.login('admin@acme.example');
    const before = await admin.post(`/api/users/${id('user@acme.example')}/impersonate`, {});
    expect(before.status).toBe(403);
    expect(before.body.errors[0].code).toBe('IMPERSONATION_NOT_ALLOWED');

    await grant(admin, 'user@acme.example');
    const user = await fx.login('user@acme.example');
    expect((await user.get('/api/user')).body.data.impersonation_access_limit).not.toBeNull();

    const adminSession = admin.cookie('fp_access');
    const started = await admin.post(`/api/users/${id('user@acme.example')}/impersonate`, {});
    expect(started.status).toBe(200);
    const claims = decodeJwt(admin.cookie('fp_access') as string);
    expect(claims.sub).toBe(String(id('user@acme.example')));
    expect(claims.act).toEqual({ sub: String(id('admin@acme.example')) });
    const me = await admin.get('/api/user');
    expect(me.body.data.email).toBe('user@acme.example');
    expect(me.body.data.act).toEqual({ id: id('admin@acme.example'), email: 'admin@acme.example' });
    // A refresh keeps the impersonation.
    expect((await admin.post('/api/account/token/refresh')).status).toBe(200);
    expect(decodeJwt(admin.cookie('fp_access') as string).act).toEqual({
      sub: String(id('admin@acme.example')),
    });
    // A write while impersonating: audit-logged with both identities.
    expect((await admin.post('/api/storage', { key: 'impersonated', value: 1 })).status).toBe(201);
    const [entry] = await fx.api.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'POST /storage')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry?.userId).toBe(id('user@acme.example'));
    expect(entry?.actorUserId).toBe(id('admin@acme.example'));
    // The user's rights apply now (an end user cannot impersonate), and no MFA changes as the user.
    expect((await admin.post(`/api/users/${id('guest@acme.example')}/impersonate`, {})).status).toBe(403);
    expect((await admin.post('/api/account/mfa/totp/setup')).status).toBe(403);

    const impersonating = { ...Object.fromEntries(admin.jar) };
    const cancelled = await admin.post('/api/account/impersonation/cancel');
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toEqual({ location: '/', restored: true });
    const back = await admin.get('/api/user');
    expect(back.body.data.email).toBe('admin@acme.example');
    expect(back.body.data.act).toBeUndefined();
    // Back in the admin's own session (the same session id as before impersonating).
    expect(decodeJwt(admin.cookie('fp_access') as string).sid).toBe(decodeJwt(adminSession as string).sid);
    // The impersonation's cookies are dead.
    const replay = fx.client();
    for (const [name, cookie] of Object.entries(impersonating)) replay.jar.set(name, cookie);
    expect((await replay.get('/api/user')).status).toBe(401);
    expect((await admin.post('/api/account/impersonation/cancel')).status).toBe(409);
  });

  it('the grant link works once, only for its user', async () => {
    const admin = await fx.login('admin@acme.example');
    await admin.post(`/api/users/${id('guest@acme.example')}/impersonation/request`);
    const path = new URL((await latestMail(fx, 'guest@acme.example')).link as string).pathname;
    const other = await fx.login('advanced@acme.example');
    expect((await other.post(`/api${path}`)).status).toBe(403);
    const guest = await fx.login('guest@acme.example');
    const reused = await guest.post(`/api${path}`);
    expect(reused.status).toBe(422);
    expect(reused.body.errors[0].source).toBe('token');
  });

  it('only over users of the caller’s companies, never towards more rights, and only with the permission', async () => {
    const northwind = await fx.login('admin@northwind.example');
    const foreign = await northwind.post(`/api/users/${id('user@acme.example')}/impersonation/request`);
    const missing = await northwind.post('/api/users/999999/impersonation/request');
    expect(foreign.status).toBe(403);
    expect(foreign.body).toEqual(missing.body);
    const eastAdmin = await fx.login('east.admin@acme.example');
    // Acme Networks' admin sits above Acme East: not visible from there.
    expect(
      (await eastAdmin.post(`/api/users/${id('admin@acme.example')}/impersonation/request`)).status,
    ).toBe(403);
    const admin = await fx.login('admin@acme.example');
    // The super admin sits above Acme: not visible, and holds more rights anyway.
    expect(
      (await admin.post(`/api/users/${id('super@fleetport.example')}/impersonation/request`)).status,
    ).toBe(403);
    expect((await admin.post(`/api/users/${id('admin@acme.example')}/impersonation/request`)).status).toBe(
      422,
    );
    const endUser = await fx.login('user@acme.example');
    expect((await endUser.post(`/api/users/${id('guest@acme.example')}/impersonation/request`)).status).toBe(
      403,
    );
  });

  it('withdrawing access ends the impersonation at once; logging out while impersonating ends both sessions', async () => {
    const admin = await fx.login('admin@acme.example');
    await grant(admin, 'advanced@acme.example');
    expect((await admin.post(`/api/users/${id('advanced@acme.example')}/impersonate`, {})).status).toBe(200);
    const user = await fx.login('advanced@acme.example');
    expect((await user.delete('/api/account/impersonation-access')).status).toBe(200);
    expect((await admin.get('/api/user')).status).toBe(401);

    const second = await fx.login('admin@acme.example');
    await grant(second, 'guest@acme.example');
    const ownCookies = new Map(second.jar);
    expect((await second.post(`/api/users/${id('guest@acme.example')}/impersonate`, {})).status).toBe(200);
    expect((await second.post('/api/account/token/revoke', {})).status).toBe(200);
    // The admin's own session ended too: its cookies no longer work.
    const own = fx.client();
    for (const [name, cookie] of ownCookies) own.jar.set(name, cookie);
    expect((await own.get('/api/user')).status).toBe(401);
    expect((await own.post('/api/account/token/refresh')).status).toBe(401);
  });
});
