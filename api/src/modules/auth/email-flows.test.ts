import { request as httpRequest } from 'node:http';
import { BUILT_IN_ROLE_BY_NAME } from '@fleetport/contracts/roles';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, users } from '../../db/schema.ts';
import { type ApiFixture, startTestApi, TEST_PASSWORD } from '../../testing/fixtures.ts';
import { lastMailId, outbox, tokenOf, waitForMail } from '../../testing/mail.ts';
import { hashPassword } from './passwords.ts';

/**
 * The account e-mail flows: resend the verification e-mail, verify, ask for a reset
 * link, reset. Mails are read from the outbox, and their real links are followed.
 */
let fx: ApiFixture;
let companyId: number;
let passwordHash: string;
beforeAll(async () => {
  fx = await startTestApi();
  const [acme] = await fx.api.deps.db.select().from(companies).where(eq(companies.name, 'Acme Networks'));
  companyId = acme?.id as number;
  passwordHash = await hashPassword(TEST_PASSWORD);
});
afterAll(async () => {
  await fx?.stop();
});

async function addUser(email: string, options: { verified?: boolean; locale?: 'en' | 'ja' } = {}) {
  const [row] = await fx.api.deps.db
    .insert(users)
    .values({
      email,
      username: email,
      passwordHash,
      companyId,
      roleId: BUILT_IN_ROLE_BY_NAME.get('end_user')?.id as number,
      emailVerifiedAt: options.verified ? new Date() : null,
      locale: options.locale ?? 'en',
    })
    .returning({ id: users.id });
  return row?.id as number;
}

const emailVerifiedAt = async (email: string) =>
  (await fx.api.deps.db.select().from(users).where(eq(users.email, email)))[0]?.emailVerifiedAt;

/** Each test asks from its own address, so the per-IP limits of one test do not touch another. */
let ipCounter = 10;
const freshIp = () => `198.51.100.${ipCounter++}`;

const forgot = (email: string, headers: Record<string, string> = {}) =>
  fx
    .client()
    .post(
      '/api/account/password/forgot',
      { email },
      { headers: { 'X-Forwarded-For': freshIp(), ...headers } },
    );

/** A reset link for `email` (the request answers first and mails afterwards). */
async function resetToken(email: string, headers: Record<string, string> = {}): Promise<string> {
  const after = await lastMailId(fx);
  expect((await forgot(email, headers)).status).toBe(200);
  return tokenOf(await waitForMail(fx, email, 'reset_password', after));
}

/** A POST with a Host header of our choosing (fetch does not let one be set). */
function postWithHost(path: string, host: string, body: unknown): Promise<number> {
  const url = new URL(fx.url);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path,
        method: 'POST',
        headers: {
          Host: host,
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(payload),
          'X-Requested-With': 'XMLHttpRequest',
          'X-Forwarded-For': freshIp(),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

let brandCase = 0;
/** Requests a reset for a fresh address with one header and answers the mailed link. */
async function waitForLink(header?: string, value?: string): Promise<string> {
  const email = `brand.${brandCase++}@acme.example`;
  await addUser(email, { verified: true });
  const after = await lastMailId(fx);
  await forgot(email, header && value ? { [header]: value, 'X-Forwarded-Host': 'evil.example' } : {});
  return (await waitForMail(fx, email, 'reset_password', after)).link as string;
}

describe('POST /account/user/activation/resend', () => {
  it('mails a verification link on the brand of the request, then refuses a second one within a minute', async () => {
    await addUser('resend@acme.example');
    const client = await fx.login('resend@acme.example');
    // The console shows the "e-mail not verified" notice, whose button calls resend.
    expect((await client.get('/api/user')).body.errors[0].code).toBe('EMAIL_NOT_VERIFIED');

    const sent = await client.post('/api/account/user/activation/resend', undefined, {
      headers: { 'x-fleetport-brand': 'acme', 'X-Forwarded-Host': 'evil.example' },
    });
    expect(sent.status).toBe(200);
    expect(sent.body.data).toEqual({ sent: true });
    const [mail] = await outbox(fx, 'resend@acme.example');
    expect(mail).toMatchObject({ kind: 'verify_email', brand_id: 'acme', locale: 'en' });
    expect(mail?.link).toMatch(/^http:\/\/acme\.localhost:8080\/account\/verify-email\?token=[\w-]{43}$/);
    expect(mail?.from).toBe('Acme Cloud <no-reply@fleetport.localhost>');
    expect(mail?.subject).toBe('Confirm your e-mail address for Acme Cloud');
    expect(mail?.text).toContain(mail?.link);

    const again = await client.post('/api/account/user/activation/resend');
    expect(again.status).toBe(429);
    expect(again.body.errors[0].code).toBe('TOO_MANY_REQUESTS');
    const retryAfter = Number(again.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await outbox(fx, 'resend@acme.example')).toHaveLength(1);
  });

  it('answers 409 for an address already verified, and 401 without a session', async () => {
    const verified = await fx.login('user@acme.example');
    const answer = await verified.post('/api/account/user/activation/resend');
    expect(answer.status).toBe(409);
    expect(answer.body.errors[0].code).toBe('EMAIL_ALREADY_VERIFIED');
    expect((await fx.client().post('/api/account/user/activation/resend')).status).toBe(401);
  });
});

describe('POST /account/email/verify', () => {
  it('verifies the address with the mailed token, once', async () => {
    await addUser('verify@acme.example');
    const client = await fx.login('verify@acme.example');
    await client.post('/api/account/user/activation/resend');
    const token = tokenOf(await waitForMail(fx, 'verify@acme.example', 'verify_email'));

    const verified = await fx.client().post('/api/account/email/verify', { token });
    expect(verified.status).toBe(200);
    expect(verified.body.data).toEqual({ verified: true });
    expect(await emailVerifiedAt('verify@acme.example')).toBeInstanceOf(Date);
    expect((await client.get('/api/user')).status).toBe(200);

    const reused = await fx.client().post('/api/account/email/verify', { token });
    expect(reused.status).toBe(422);
    expect(reused.body.errors[0]).toMatchObject({ code: 'INVALID_TOKEN', source: 'token' });
  });

  it('refuses an expired token, a token of another purpose, an unknown one, and a link to a former address', async () => {
    const id = await addUser('refused@acme.example');
    const { accountTokens, database } = fx.api.deps;
    const expired = await accountTokens.issue(id, 'verify_email', 3600, { email: 'refused@acme.example' });
    await database.exec(
      `UPDATE account_tokens SET expires_at = now() - interval '1 second' WHERE user_id = ${id}`,
    );
    const otherPurpose = await accountTokens.issue(id, 'reset_password', 3600, {
      email: 'refused@acme.example',
    });
    const formerAddress = await accountTokens.issue(id, 'verify_email', 3600, { email: 'old@acme.example' });
    for (const token of [expired, otherPurpose, formerAddress, 'not-a-token']) {
      const answer = await fx.client().post('/api/account/email/verify', { token });
      expect(answer.status).toBe(422);
      expect(answer.body.errors[0]).toMatchObject({ code: 'INVALID_TOKEN', source: 'token' });
    }
    expect(await emailVerifiedAt('refused@acme.example')).toBeNull();
    expect((await fx.client().post('/api/account/email/verify', {})).body.errors[0].source).toBe('token');
  });
});

describe('POST /account/password/forgot', () => {
  it('answers an unknown address exactly as a known one, and mails only the known one', async () => {
    const after = await lastMailId(fx);
    const known = await forgot('user@acme.example');
    const unknown = await forgot('nobody@acme.example');
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(known.body).toEqual({ success: true, data: { accepted: true }, errors: [] });
    await waitForMail(fx, 'user@acme.example', 'reset_password', after);
    expect(await outbox(fx, 'nobody@acme.example')).toEqual([]);
  });

  it('starts links with the public_base_url of the brand the edge forwarded, never with the Host', async () => {
    const acme = await waitForLink('x-fleetport-brand', 'acme');
    expect(acme.startsWith('http://acme.localhost:8080/account/reset-password?token=')).toBe(true);
    const fallback = await waitForLink('x-fleetport-brand', 'no-such-brand');
    expect(fallback.startsWith('http://localhost:8080/account/reset-password?token=')).toBe(true);
    const none = await waitForLink();
    expect(none.startsWith('http://localhost:8080/')).toBe(true);

    const after = await lastMailId(fx);
    expect(
      await postWithHost('/api/account/password/forgot', 'evil.example', { email: 'guest@acme.example' }),
    ).toBe(200);
    const mail = await waitForMail(fx, 'guest@acme.example', 'reset_password', after);
    expect(mail.link?.startsWith('http://localhost:8080/')).toBe(true);
    for (const link of [acme, fallback, none, mail.link]) expect(link).not.toContain('evil.example');
  });

  it('limits requests per address and IP, then per IP across addresses (429 with Retry-After)', async () => {
    const ip = freshIp();
    const headers = { 'X-Forwarded-For': ip };
    for (let i = 0; i < 5; i++) expect((await forgot('limited@acme.example', headers)).status).toBe(200);
    const sixth = await forgot('limited@acme.example', headers);
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
    // The same address from elsewhere is not held back by it.
    expect((await forgot('limited@acme.example')).status).toBe(200);

    const sprayer = { 'X-Forwarded-For': freshIp() };
    for (let i = 0; i < 50; i++) expect((await forgot(`spray${i}@acme.example`, sprayer)).status).toBe(200);
    expect((await forgot('spray-last@acme.example', sprayer)).status).toBe(429);
  });

  it("mails in the user's language: Japanese for a Japanese user", async () => {
    await addUser('nihongo@acme.example', { verified: true, locale: 'ja' });
    const after = await lastMailId(fx);
    await forgot('nihongo@acme.example', { 'x-fleetport-brand': 'acme' });
    const mail = await waitForMail(fx, 'nihongo@acme.example', 'reset_password', after);
    expect(mail.locale).toBe('ja');
    expect(mail.subject).toBe('Acme Cloud：パスワードの再設定');
    expect(mail.text).toContain('次のリンクを開いてください');
    expect(mail.text).toContain('1時間で期限切れになります');
    expect(mail.html).toContain('<html lang="ja">');
  });
});

describe('POST /account/password/reset', () => {
  it('sets the password, ends every session, verifies the address and lifts the sign-in lockout', async () => {
    const email = 'reset@acme.example';
    await addUser(email);
    const laptop = await fx.login(email);
    const phone = await fx.login(email);
    // Locked out from one IP by failed sign-ins.
    const ip = { 'X-Forwarded-For': freshIp() };
    const attempt = (password: string) =>
      fx.client().post('/api/account/login', { email, password }, { headers: ip });
    for (let i = 0; i < 10; i++) await attempt('wrong password');
    expect((await attempt(TEST_PASSWORD)).status).toBe(429);

    const token = await resetToken(email);
    const reset = (password: string) =>
      fx.client().post('/api/account/password/reset', { token, password }, { headers: ip });
    // A refused password does not cost the link.
    expect((await reset('short')).body.errors[0]).toMatchObject({
      code: 'PASSWORD_TOO_SHORT',
      source: 'password',
    });
    expect((await reset(email)).body.errors[0]).toMatchObject({
      code: 'PASSWORD_SAME_AS_EMAIL',
      source: 'password',
    });
    expect((await reset('x'.repeat(1025))).body.errors[0].code).toBe('PASSWORD_TOO_LONG');
    const done = await reset('a brand new passphrase');
    expect(done.status).toBe(200);
    expect(done.body.data).toEqual({ reset: true });

    expect((await laptop.get('/api/user')).status).toBe(401);
    expect((await phone.get('/api/storage')).status).toBe(401);
    expect(await emailVerifiedAt(email)).toBeInstanceOf(Date);
    expect((await attempt(TEST_PASSWORD)).status).toBe(401);
    const signedIn = await attempt('a brand new passphrase');
    expect(signedIn.status).toBe(200);

    const reused = await reset('another new passphrase');
    expect(reused.status).toBe(422);
    expect(reused.body.errors[0]).toMatchObject({ code: 'INVALID_TOKEN', source: 'token' });
  });

  it('voids the other reset links of the account, and refuses an expired one', async () => {
    const email = 'twice@acme.example';
    const id = await addUser(email, { verified: true });
    const first = await resetToken(email);
    const second = await resetToken(email);
    const reset = (token: string) =>
      fx.client().post('/api/account/password/reset', { token, password: 'a brand new passphrase' });
    expect((await reset(second)).status).toBe(200);
    expect((await reset(first)).body.errors[0]).toMatchObject({ code: 'INVALID_TOKEN', source: 'token' });

    const late = await resetToken(email);
    await fx.api.deps.database.exec(
      `UPDATE account_tokens SET expires_at = now() - interval '1 second' WHERE user_id = ${id}`,
    );
    expect((await reset(late)).status).toBe(422);
  });

  it('does not record the password or the token in the audit log', async () => {
    const email = 'audited@acme.example';
    await addUser(email, { verified: true });
    const token = await resetToken(email);
    await fx.client().post('/api/account/password/reset', { token, password: 'a secret passphrase 42' });
    const rows = await fx.api.deps.database.query<{ action: string; after: unknown }>(
      "SELECT action, after FROM audit_log WHERE action LIKE '%/account/password/%'",
    );
    expect(rows.map((row) => row.action)).toContain('POST /account/password/reset');
    expect(JSON.stringify(rows)).not.toContain('a secret passphrase 42');
    expect(JSON.stringify(rows)).not.toContain(token);
  });
});
