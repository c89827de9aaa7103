import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiFixture, startTestApi, TEST_PASSWORD } from '../../testing/fixtures.ts';

let fx: ApiFixture;
beforeAll(async () => {
  fx = await startTestApi();
});
afterAll(async () => {
  await fx?.stop();
});

describe('password re-confirmation (423, spec §6/§7)', () => {
  it('answers 423 until the password is confirmed, then lets the operation through on a rotated session', async () => {
    const laptop = await fx.login('east.admin@acme.example');
    const phone = await fx.login('east.admin@acme.example');

    const first = await laptop.post('/api/account/sessions/revoke-others');
    expect(first.status).toBe(423);
    expect(first.body.errors[0].code).toBe('PASSWORD_CONFIRMATION_REQUIRED');

    const wrong = await laptop.post('/api/password-confirmation', { password: 'not my password' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors[0]).toMatchObject({ code: 'INVALID_PASSWORD', source: 'password' });

    const before = laptop.cookie('fp_access') as string;
    const confirmed = await laptop.post('/api/password-confirmation', { password: TEST_PASSWORD });
    expect(confirmed.status).toBe(200);
    expect(new Date(confirmed.body.data.confirmed_until).getTime()).toBeGreaterThan(Date.now());
    // The session rotated: the old access token is dead, the new one works.
    expect(laptop.cookie('fp_access')).not.toBe(before);
    const stale = fx.client();
    stale.jar.set('fp_access', { value: before, path: '/' });
    expect((await stale.get('/api/user')).status).toBe(401);

    const again = await laptop.post('/api/account/sessions/revoke-others');
    expect(again.status).toBe(200);
    expect(again.body.data.revoked).toBeGreaterThanOrEqual(1);
    expect((await phone.get('/api/user')).status).toBe(401);
    expect((await laptop.get('/api/user')).status).toBe(200);
  });

  it('expires: a confirmation older than the window answers 423 again', async () => {
    const short = await startTestApi({ PASSWORD_CONFIRMATION_TTL_S: 30 });
    try {
      const client = await short.login('east.admin@acme.example');
      expect((await client.post('/api/password-confirmation', { password: TEST_PASSWORD })).status).toBe(200);
      expect((await client.post('/api/account/sessions/revoke-others')).status).toBe(200);
      // Age the confirmation in the store rather than waiting.
      await short.api.deps.database.exec(
        "UPDATE sessions SET password_confirmed_at = now() - interval '31 seconds'",
      );
      expect((await client.post('/api/account/sessions/revoke-others')).status).toBe(423);
    } finally {
      await short.stop();
    }
  });
});
