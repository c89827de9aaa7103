import { BUILT_IN_ROLE_BY_NAME } from '@fleetport/contracts/roles';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib/functional';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, mfaChallenges, users } from '../../db/schema.ts';
import { type ApiFixture, startTestApi, TEST_PASSWORD, type TestClient } from '../../testing/fixtures.ts';
import { latestMail } from '../../testing/mail.ts';
import { hashPassword } from '../auth/passwords.ts';

/** A TOTP code `steps` periods from now (a code is single-use, so each proof takes the next one). */
const totp = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

async function addUser(fx: ApiFixture, email: string, verified = true): Promise<number> {
  const { db } = fx.api.deps;
  const [company] = await db.select().from(companies).where(eq(companies.name, 'Acme East'));
  const [row] = await db
    .insert(users)
    .values({
      email,
      username: email,
      passwordHash: await hashPassword(TEST_PASSWORD),
      companyId: company?.id as number,
      roleId: BUILT_IN_ROLE_BY_NAME.get('admin')?.id as number,
      emailVerifiedAt: verified ? new Date() : null,
    })
    .returning({ id: users.id });
  return row?.id as number;
}

/** The six-digit code of the newest e-mail to `email` (read from the outbox, as a user would). */
async function mailedCode(fx: ApiFixture, email: string): Promise<string> {
  return (await latestMail(fx, email)).text.match(/\b(\d{6})\b/)?.[1] as string;
}

/** Enrols TOTP for a signed-in client; returns the secret. */
async function enrolTotp(client: TestClient): Promise<string> {
  const setup = await client.post('/api/account/mfa/totp/setup');
  expect(setup.status).toBe(200);
  const secret = setup.body.data.secret as string;
  const enabled = await client.post('/api/account/mfa/totp/enable', { code: await totp(secret) });
  expect(enabled.status).toBe(200);
  return secret;
}

describe('MFA (spec §3 MFA metadata, §7 MFA resubmit, §8 form and MFA errors)', () => {
  let fx: ApiFixture;
  beforeAll(async () => {
    fx = await startTestApi({ LOGIN_MAX_FAILURES: 4 });
  });
  afterAll(async () => {
    await fx?.stop();
  });

  it('TOTP enrolment: a QR code, a refused wrong code, then the session rotates and other sessions end', async () => {
    await addUser(fx, 'totp.enrol@acme.example');
    const client = await fx.login('totp.enrol@acme.example');
    const elsewhere = await fx.login('totp.enrol@acme.example');
    const setup = await client.post('/api/account/mfa/totp/setup');
    expect(setup.status).toBe(200);
    expect(setup.body.data.otpauth_url).toMatch(/^otpauth:\/\/totp\/.+secret=/);
    expect(setup.body.data.qr_svg).toContain('<svg');
    const wrong = await client.post('/api/account/mfa/totp/enable', { code: '000000' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors[0].source).toBe('code');
    const before = client.cookie('fp_access');
    const enabled = await client.post('/api/account/mfa/totp/enable', {
      code: await totp(setup.body.data.secret),
    });
    expect(enabled.status).toBe(200);
    expect(enabled.body.data.mfa_type).toBe('totp');
    expect(client.cookie('fp_access')).not.toBe(before);
    expect((await client.get('/api/user')).body.data.mfa_type).toBe('totp');
    expect((await elsewhere.get('/api/user')).status).toBe(401);
    // The secret is stored sealed, never as typed into an app.
    const [row] = await fx.api.deps.db.select().from(users).where(eq(users.email, 'totp.enrol@acme.example'));
    expect(row?.totpSecret).not.toContain(setup.body.data.secret);
    expect(row?.totpPendingSecret).toBeNull();
  });

  it('login with TOTP: MFA_REQUIRED with method and session_uuid, CONFIRMATION_FAILED, then in; a code works once', async () => {
    await addUser(fx, 'totp.login@acme.example');
    const secret = await enrolTotp(await fx.login('totp.login@acme.example'));
    const client = fx.client();
    const credentials = { email: 'totp.login@acme.example', password: TEST_PASSWORD };
    const first = await client.post('/api/account/login', credentials);
    expect(first.status).toBe(403);
    expect(first.body.errors[0].code).toBe('MFA_REQUIRED');
    expect(first.body.meta.mfa_method).toBe('totp');
    expect(first.body.meta.session_uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(client.cookie('fp_access')).toBeUndefined();
    const session_uuid = first.body.meta.session_uuid as string;
    const wrong = await client.post('/api/account/login', {
      ...credentials,
      session_code: '123456',
      session_uuid,
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors[0]).toMatchObject({ code: 'CONFIRMATION_FAILED', source: 'session_code' });
    const code = await totp(secret, 1);
    // session_id is accepted as well as session_uuid (spec §3).
    const ok = await client.post('/api/account/login', {
      ...credentials,
      session_code: code,
      session_id: session_uuid,
    });
    expect(ok.status).toBe(200);
    expect((await client.get('/api/user')).status).toBe(200);
    // The same code on a new challenge: refused (single use).
    const again = fx.client();
    const challenge = await again.post('/api/account/login', credentials);
    const replay = await again.post('/api/account/login', {
      ...credentials,
      session_code: code,
      session_uuid: challenge.body.meta.session_uuid,
    });
    expect(replay.status).toBe(422);
    expect(replay.body.errors[0].code).toBe('CONFIRMATION_FAILED');
    // The wrong password never reaches the MFA step.
    expect((await fx.client().post('/api/account/login', { ...credentials, password: 'nope' })).status).toBe(
      401,
    );
  });

  it('e-mail codes: enabling sends a code, a wrong one is refused, the code expires and a challenge takes 5 attempts', async () => {
    await addUser(fx, 'mail.mfa@acme.example');
    const client = await fx.login('mail.mfa@acme.example');
    const asked = await client.post('/api/account/mfa/email/enable', {});
    expect(asked.status).toBe(403);
    expect(asked.body.meta).toMatchObject({ mfa_method: 'email' });
    const code = await mailedCode(fx, 'mail.mfa@acme.example');
    expect(code).toMatch(/^\d{6}$/);
    const session_uuid = asked.body.meta.session_uuid as string;
    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await client.post('/api/account/mfa/email/enable', {
      session_code: wrongCode,
      session_uuid,
    });
    expect(wrong.body.errors[0].code).toBe('CONFIRMATION_FAILED');
    const ok = await client.post('/api/account/mfa/email/enable', { session_code: code, session_uuid });
    expect(ok.status).toBe(200);
    expect(ok.body.data.mfa_type).toBe('email');

    // Login now asks for an e-mail code; an expired challenge is refused.
    const login = fx.client();
    const credentials = { email: 'mail.mfa@acme.example', password: TEST_PASSWORD };
    const challenge = await login.post('/api/account/login', credentials);
    expect(challenge.body.meta.mfa_method).toBe('email');
    const loginCode = (await latestMail(fx, 'mail.mfa@acme.example')).text.match(
      /\b(\d{6})\b/,
    )?.[1] as string;
    await fx.api.deps.db
      .update(mfaChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(mfaChallenges.id, challenge.body.meta.session_uuid));
    const expired = await login.post('/api/account/login', {
      ...credentials,
      session_code: loginCode,
      session_uuid: challenge.body.meta.session_uuid,
    });
    expect(expired.status).toBe(422);
    expect(expired.body.errors[0].code).toBe('CONFIRMATION_FAILED');

    // Five wrong attempts spend a challenge: even the right code no longer passes.
    const fresh = await login.post('/api/account/login', credentials);
    const freshCode = (await latestMail(fx, 'mail.mfa@acme.example')).text.match(
      /\b(\d{6})\b/,
    )?.[1] as string;
    const id = fresh.body.meta.session_uuid as string;
    await fx.api.deps.db.update(mfaChallenges).set({ attempts: 5 }).where(eq(mfaChallenges.id, id));
    const spent = await login.post('/api/account/login', {
      ...credentials,
      session_code: freshCode,
      session_uuid: id,
    });
    expect(spent.body.errors[0].code).toBe('CONFIRMATION_FAILED');
    const last = await login.post('/api/account/login', credentials);
    const lastCode = await mailedCode(fx, 'mail.mfa@acme.example');
    const inside = await login.post('/api/account/login', {
      ...credentials,
      session_code: lastCode,
      session_uuid: last.body.meta.session_uuid,
    });
    expect(inside.status).toBe(200);
  });

  it('a challenge is bound to its purpose and its user', async () => {
    await addUser(fx, 'bound.a@acme.example');
    const a = await fx.login('bound.a@acme.example');
    const asked = await a.post('/api/account/mfa/email/enable', {});
    const code = await mailedCode(fx, 'bound.a@acme.example');
    // The same code and id presented to another purpose (login) do not pass.
    const login = await fx.client().post('/api/account/login', {
      email: 'bound.a@acme.example',
      password: TEST_PASSWORD,
      session_code: code,
      session_uuid: asked.body.meta.session_uuid,
    });
    // The account has no MFA yet, so login needs none: it succeeds without using the code...
    expect(login.status).toBe(200);
    // ...and another user cannot spend it.
    await addUser(fx, 'bound.b@acme.example');
    const b = await fx.login('bound.b@acme.example');
    const stolen = await b.post('/api/account/mfa/email/enable', {
      session_code: code,
      session_uuid: asked.body.meta.session_uuid,
    });
    expect(stolen.body.errors[0].code).toBe('CONFIRMATION_FAILED');
    // The owner still can.
    const owner = await a.post('/api/account/mfa/email/enable', {
      session_code: code,
      session_uuid: asked.body.meta.session_uuid,
    });
    expect(owner.status).toBe(200);
  });

  it('disabling MFA needs a recent password (423), then the current factor', async () => {
    await addUser(fx, 'disable.mfa@acme.example');
    const client = await fx.login('disable.mfa@acme.example');
    const secret = await enrolTotp(client);
    expect((await client.delete('/api/account/mfa')).status).toBe(423);
    expect((await client.post('/api/password-confirmation', { password: TEST_PASSWORD })).status).toBe(200);
    const asked = await client.request('DELETE', '/api/account/mfa', { body: {} });
    expect(asked.status).toBe(403);
    expect(asked.body.errors[0].code).toBe('MFA_REQUIRED');
    const done = await client.request('DELETE', '/api/account/mfa', {
      body: { session_code: await totp(secret, 1), session_uuid: asked.body.meta.session_uuid },
    });
    expect(done.status).toBe(200);
    expect((await client.get('/api/user')).body.data.mfa_type).toBeNull();
  });

  it('changing the password: the current one, the policy, then the second factor; other sessions end', async () => {
    await addUser(fx, 'change.pw@acme.example');
    const client = await fx.login('change.pw@acme.example');
    const secret = await enrolTotp(client);
    const other = await fx.client().post('/api/account/login', {
      email: 'change.pw@acme.example',
      password: TEST_PASSWORD,
    });
    expect(other.status).toBe(403); // MFA_REQUIRED: the other browser is not in yet
    const elsewhere = fx.client();
    const challenge = await elsewhere.post('/api/account/login', {
      email: 'change.pw@acme.example',
      password: TEST_PASSWORD,
    });
    await elsewhere.post('/api/account/login', {
      email: 'change.pw@acme.example',
      password: TEST_PASSWORD,
      session_code: await totp(secret, 1),
      session_uuid: challenge.body.meta.session_uuid,
    });
    expect((await elsewhere.get('/api/user')).status).toBe(200);

    const wrong = await client.put('/api/account/password', {
      current_password: 'nope',
      password: 'a brand new secret',
    });
    expect(wrong.body.errors[0].source).toBe('current_password');
    const weak = await client.put('/api/account/password', {
      current_password: TEST_PASSWORD,
      password: 'short',
    });
    expect(weak.status).toBe(422);
    expect(weak.body.errors[0].source).toBe('password');
    const body = { current_password: TEST_PASSWORD, password: 'a brand new secret' };
    const asked = await client.put('/api/account/password', body);
    expect(asked.body.errors[0].code).toBe('MFA_REQUIRED');
    const done = await client.put('/api/account/password', {
      ...body,
      session_code: await totp(secret),
      session_uuid: asked.body.meta.session_uuid,
    });
    // The code of step 0 was spent at enrolment and step +1 at the other login: refused.
    expect(done.body.errors[0].code).toBe('CONFIRMATION_FAILED');
    const again = await client.put('/api/account/password', body);
    const changed = await client.put('/api/account/password', {
      ...body,
      session_code: await totp(secret, 2),
      session_uuid: again.body.meta.session_uuid,
    });
    // Step +2 is beyond the tolerance of one step: only a later clock would accept it.
    expect(changed.body.errors[0].code).toBe('CONFIRMATION_FAILED');
    await fx.api.deps.db
      .update(users)
      .set({ totpLastStep: null })
      .where(eq(users.email, 'change.pw@acme.example'));
    const third = await client.put('/api/account/password', body);
    const ok = await client.put('/api/account/password', {
      ...body,
      session_code: await totp(secret),
      session_uuid: third.body.meta.session_uuid,
    });
    expect(ok.status).toBe(200);
    expect((await elsewhere.get('/api/user')).status).toBe(401);
    expect((await client.get('/api/user')).status).toBe(200);
    const relogin = await fx
      .client()
      .post('/api/account/login', { email: 'change.pw@acme.example', password: 'a brand new secret' });
    expect(relogin.body.errors[0].code).toBe('MFA_REQUIRED');
  });

  it('wrong codes are rate limited per user (429 past LOGIN_MAX_FAILURES)', async () => {
    await addUser(fx, 'limit.mfa@acme.example');
    await enrolTotp(await fx.login('limit.mfa@acme.example'));
    const credentials = { email: 'limit.mfa@acme.example', password: TEST_PASSWORD };
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const client = fx.client();
      const challenge = await client.post('/api/account/login', credentials);
      if (challenge.status === 429) {
        statuses.push(429);
        continue;
      }
      const answer = await client.post('/api/account/login', {
        ...credentials,
        session_code: '999999',
        session_uuid: challenge.body.meta.session_uuid,
      });
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, 4)).toEqual([422, 422, 422, 422]);
    expect(statuses.slice(4)).toEqual([429, 429]);
  });
});

describe('MFA required by configuration (spec §6: required by default)', () => {
  let fx: ApiFixture;
  beforeAll(async () => {
    fx = await startTestApi({ MFA_REQUIRED: true });
  });
  afterAll(async () => {
    await fx?.stop();
  });

  it('an account without MFA gets MFA_MANDATORY on every route but enrolment, and enrols on the spot', async () => {
    await addUser(fx, 'mandatory@acme.example');
    const client = await fx.login('mandatory@acme.example');
    const user = await client.get('/api/user');
    expect(user.status).toBe(403);
    expect(user.body.errors[0].code).toBe('MFA_MANDATORY');
    const list = await client.get('/api/companies');
    expect(list.body.errors[0].code).toBe('MFA_MANDATORY');
    expect((await client.get('/api/local/config')).status).toBe(200);
    await enrolTotp(client);
    expect((await client.get('/api/user')).status).toBe(200);
    expect((await client.get('/api/companies')).status).toBe(200);
    // Turning it off is refused while it is required.
    expect((await client.delete('/api/account/mfa')).status).toBe(409);
  });

  it('an account whose e-mail is not verified gets EMAIL_NOT_VERIFIED on every route but the resend', async () => {
    await addUser(fx, 'unverified@acme.example', false);
    const client = await fx.login('unverified@acme.example');
    expect((await client.get('/api/user')).body.errors[0].code).toBe('EMAIL_NOT_VERIFIED');
    expect((await client.get('/api/storage')).body.errors[0].code).toBe('EMAIL_NOT_VERIFIED');
    expect((await client.post('/api/account/user/activation/resend')).status).not.toBe(403);
  });
});
