import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiFixture, startTestApi, TEST_PASSWORD } from '../../testing/fixtures.ts';

let fx: ApiFixture;
beforeAll(async () => {
  fx = await startTestApi();
});
afterAll(async () => {
  await fx?.stop();
});

describe('audit log (hash-chained)', () => {
  it('records every write with who made it, never a password, and the chain verifies', async () => {
    const ada = await fx.login('admin@acme.example');
    await ada.post('/api/storage', { key: 'audit.me', value: { columns: 3 } });
    await ada.post('/api/password-confirmation', { password: TEST_PASSWORD });
    const log = await ada.get('/api/audit-log?limit=100');
    expect(log.status).toBe(200);
    const actions = log.body.data.map((entry: { action: string }) => entry.action);
    expect(actions).toContain('POST /storage');
    expect(actions).toContain('POST /account/login');
    expect(actions).toContain('POST /password-confirmation');
    const storage = log.body.data.find((entry: { action: string }) => entry.action === 'POST /storage');
    expect(storage.after).toEqual({ key: 'audit.me', value: { columns: 3 } });
    // Each entry names its event type, what the console reads (never the route).
    expect(storage.event).toBe('account.preferences');
    expect(
      log.body.data.find((entry: { action: string }) => entry.action === 'POST /account/login').event,
    ).toBe('account.login');
    // Readable: who and where by name (the Action logs tab shows them).
    expect(storage).toMatchObject({ user_email: 'admin@acme.example', company_name: 'Acme Networks' });
    const searched = (await ada.get('/api/audit-log?q=storage&limit=100')).body.data as { action: string }[];
    expect(searched.length).toBeGreaterThan(0);
    expect(searched.every((entry) => entry.action.includes('storage'))).toBe(true);
    expect(JSON.stringify(log.body.data)).not.toContain(TEST_PASSWORD);
    expect(await fx.api.deps.audit.verify()).toMatchObject({ ok: true });
  });

  it('detects tampering: an edited row breaks the chain from there on', async () => {
    const nora = await fx.login('admin@northwind.example');
    await nora.post('/api/storage', { key: 'tamper.me', value: 1 });
    const verified = await fx.api.deps.audit.verify();
    expect(verified.ok).toBe(true);
    await fx.api.deps.database.exec(
      `UPDATE audit_log SET after = '{"key":"tamper.me","value":2}' WHERE after->>'key' = 'tamper.me'`,
    );
    const broken = await fx.api.deps.audit.verify();
    expect(broken.ok).toBe(false);
  });

  it('covers the event type: an entry that names one cannot lose or change it unseen', async () => {
    const fresh = await startTestApi();
    try {
      const nora = await fresh.login('admin@northwind.example');
      await nora.post('/api/storage', { key: 'event.me', value: 1 });
      expect((await fresh.api.deps.audit.verify()).ok).toBe(true);
      await fresh.api.deps.database.exec(
        `UPDATE audit_log SET event = 'account.login' WHERE event = 'account.preferences' AND after->>'key' = 'event.me'`,
      );
      expect((await fresh.api.deps.audit.verify()).ok).toBe(false);
    } finally {
      await fresh.stop();
    }
  });

  it("shows admins their subtree's entries only, and refuses roles without view_audit_log", async () => {
    const eve = await fx.login('east.admin@acme.example');
    await eve.post('/api/storage', { key: 'east.pref', value: true });
    const acme = await (await fx.login('admin@acme.example')).get(
      '/api/audit-log?limit=100&fields=company_id',
    );
    const northwind = await (await fx.login('admin@northwind.example')).get(
      '/api/audit-log?limit=100&fields=company_id',
    );
    const all = await (await fx.login('super@fleetport.example')).get(
      '/api/companies?limit=100&fields=id,name',
    );
    const id = (name: string) => all.body.data.find((company: { name: string }) => company.name === name).id;
    const acmeCompanies = new Set(acme.body.data.map((entry: { company_id: number }) => entry.company_id));
    expect(acmeCompanies.has(id('Acme East'))).toBe(true);
    expect(acmeCompanies.has(id('Northwind Logistics'))).toBe(false);
    expect(new Set(northwind.body.data.map((entry: { company_id: number }) => entry.company_id))).toEqual(
      new Set([id('Northwind Logistics')]),
    );
    expect((await (await fx.login('user@acme.example')).get('/api/audit-log')).status).toBe(403);
  });
});
