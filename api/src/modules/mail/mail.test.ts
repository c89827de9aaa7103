import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiFixture, startTestApi } from '../../testing/fixtures.ts';
import { outbox, waitForMail } from '../../testing/mail.ts';
import { BrandDirectory } from './brands.ts';
import { absoluteLink, type MailKind, type MailLocale } from './mailer.ts';
import { renderMail } from './templates.ts';

const THEMES = fileURLToPath(new URL('../../../../themes/', import.meta.url));
const KINDS: MailKind[] = [
  'verify_email',
  'reset_password',
  'mfa_code',
  'impersonation_request',
  'user_invitation',
  'company_invitation',
];
const LOCALES: MailLocale[] = ['en', 'ja'];
const VALUES = {
  app: 'Acme Cloud',
  company: 'Acme Networks',
  link: 'http://acme.localhost:8080/x?token=abc&y=1',
  code: '123456',
  requester: 'admin@acme.example',
  inviter: 'admin@acme.example',
  company_name: 'Acme East Retail',
  role: 'End Client',
};

describe('templates', () => {
  it('an invitation names the inviter, the company and the role, and says the link lasts 7 days', () => {
    expect(renderMail('user_invitation', 'en', VALUES).text).toContain(
      'admin@acme.example invites you to join Acme East Retail on Acme Cloud as End Client.',
    );
    expect(renderMail('user_invitation', 'en', VALUES).text).toContain('expires in 7 days');
    expect(renderMail('user_invitation', 'ja', VALUES).text).toContain('7日で期限切れ');
  });

  it('render every kind in English and Japanese, branded, with the link in text and HTML', () => {
    for (const kind of KINDS) {
      for (const locale of LOCALES) {
        const mail = renderMail(kind, locale, VALUES);
        expect(mail.subject).toContain('Acme Cloud');
        expect(mail.text).toContain('Acme Cloud');
        expect(mail.text).toContain('Acme Networks');
        expect(mail.html).toContain(`<html lang="${locale}">`);
        if (kind !== 'mfa_code') {
          expect(mail.text).toContain(VALUES.link);
          expect(mail.html).toContain('<a href="http://acme.localhost:8080/x?token=abc&amp;y=1">');
        }
      }
    }
    expect(renderMail('mfa_code', 'en', VALUES).text).toContain(
      'Your verification code is 123456. It expires in 10 minutes.',
    );
    expect(renderMail('mfa_code', 'ja', VALUES).text).toContain(
      '確認コードは 123456 です。有効期限は10分です。',
    );
    expect(renderMail('impersonation_request', 'en', VALUES).text).toContain(
      `admin@acme.example asks to sign in as you on Acme Cloud, to help with your account. Open ${VALUES.link} to allow it for 24 hours.`,
    );
    expect(renderMail('impersonation_request', 'ja', VALUES).text).toContain('24時間のあいだ許可されます');
  });

  it('escape every value in the HTML part and keep values out of the subject line breaks', () => {
    const hostile = {
      ...VALUES,
      requester: '<script>alert(1)</script>\r\nBcc: x@evil.example',
      app: 'A & "B"',
    };
    const mail = renderMail('impersonation_request', 'en', hostile);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('A &amp; &quot;B&quot;');
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.text).toContain('<script>');
  });

  it('refuse to render without a value the template needs', () => {
    expect(() => renderMail('mfa_code', 'en', { app: 'A', company: 'B' })).toThrow(/"code"/);
  });
});

describe('links', () => {
  it('join the base URL and a path of ours, and nothing else', () => {
    expect(absoluteLink('https://acme.example/console', '/account/x?token=a')).toBe(
      'https://acme.example/console/account/x?token=a',
    );
    expect(() => absoluteLink('https://acme.example', '//evil.example/x')).toThrow();
    expect(() => absoluteLink('https://acme.example', 'https://evil.example/x')).toThrow();
    expect(() => absoluteLink('https://acme.example', '@evil.example/x')).toThrow();
  });
});

describe('brand directory', () => {
  let dir: string;
  const warnings: string[] = [];
  const log = pino({ level: 'warn' }, { write: (line: string) => warnings.push(line) });
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'fleetport-brands-'));
    await cp(THEMES, dir, { recursive: true });
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('resolves a brand by id, the default brand for an unknown or absent id, and skips an invalid file', async () => {
    await mkdir(path.join(dir, 'broken'));
    await writeFile(path.join(dir, 'broken', 'brand.json'), '{"id": "broken", "app_name": 3}');
    const brands = new BrandDirectory(dir, log);
    expect(await brands.resolve('acme')).toMatchObject({
      id: 'acme',
      publicBaseUrl: 'http://acme.localhost:8080',
      appName: 'Acme Cloud',
    });
    expect((await brands.resolve('nope')).id).toBe('default');
    expect((await brands.resolve(undefined)).publicBaseUrl).toBe('http://localhost:8080');
    expect((await brands.resolve('broken')).id).toBe('default');
    expect(warnings.join('\n')).toMatch(/brand\.json is invalid/);
    expect(warnings.join('\n')).toContain('broken/brand.json');
  });

  it('sees a changed brand without a restart', async () => {
    const brands = new BrandDirectory(dir, log, { reloadAfterMs: 0 });
    expect((await brands.resolve('acme')).publicBaseUrl).toBe('http://acme.localhost:8080');
    const file = path.join(dir, 'acme', 'brand.json');
    const brand = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
    await writeFile(file, JSON.stringify({ ...brand, public_base_url: 'https://cloud.acme.example/' }));
    expect((await brands.resolve('acme')).publicBaseUrl).toBe('https://cloud.acme.example');
  });
});

describe('SMTP transport', () => {
  let smtp: SMTPServer;
  let fx: ApiFixture;
  const received: { from: string; to: string[]; raw: string }[] = [];
  beforeAll(async () => {
    smtp = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      logger: false,
      onAuth: (auth, _session, callback) =>
        auth.username === 'mailer' && auth.password === 'secret pass'
          ? callback(null, { user: auth.username })
          : callback(new Error('Invalid username or password')),
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    fx = await startTestApi({
      SMTP_URL: `smtp://mailer:${encodeURIComponent('secret pass')}@127.0.0.1:${port}`,
      MAIL_FROM: 'robot@fleetport.example',
    });
  });
  afterAll(async () => {
    await fx?.stop();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('delivers a branded reset e-mail whose link works, with nothing in the outbox', async () => {
    const answer = await fx
      .client()
      .post(
        '/api/account/password/forgot',
        { email: 'user@acme.example' },
        { headers: { 'x-fleetport-brand': 'acme' } },
      );
    expect(answer.status).toBe(200);
    await expect.poll(() => received.length, { timeout: 5000 }).toBe(1);
    const [message] = received;
    expect(message?.from).toBe('robot@fleetport.example');
    expect(message?.to).toEqual(['user@acme.example']);
    const raw = message?.raw ?? '';
    expect(raw).toMatch(/^Subject: Reset your Acme Cloud password\r?$/m);
    expect(raw).toMatch(/^From: Acme Cloud <robot@fleetport\.example>\r?$/m);
    expect(raw).toMatch(/^To: user@acme\.example\r?$/m);
    // Quoted-printable: soft line breaks and =XX escapes.
    const decoded = raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    const link = /http:\/\/acme\.localhost:8080\/account\/reset-password\?token=([\w-]{43})/.exec(decoded);
    expect(link).not.toBeNull();
    const reset = await fx
      .client()
      .post('/api/account/password/reset', { token: link?.[1], password: 'a brand new passphrase' });
    expect(reset.status).toBe(200);
    expect(await outbox(fx)).toEqual([]);
  });
});

describe('GET /api/testing/outbox', () => {
  let fx: ApiFixture;
  beforeAll(async () => {
    fx = await startTestApi();
  });
  afterAll(async () => {
    await fx?.stop();
  });

  it('lists the captured e-mails newest first, filtered by recipient, to a direct local caller', async () => {
    const { mail } = fx.api.deps;
    await mail.send({ to: 'a@acme.example', kind: 'mfa_code', values: { code: '111111' } });
    await mail.send({ to: 'b@acme.example', kind: 'mfa_code', locale: 'ja', values: { code: '222222' } });
    await mail.send({ to: 'a@acme.example', kind: 'mfa_code', brandId: 'acme', values: { code: '333333' } });
    const all = await outbox(fx);
    expect(all.map((mail) => mail.to)).toEqual(['a@acme.example', 'b@acme.example', 'a@acme.example']);
    const forA = await outbox(fx, 'A@acme.example');
    expect(forA.map((mail) => mail.text.match(/\d{6}/)?.[0])).toEqual(['333333', '111111']);
    expect(forA[0]).toMatchObject({ from: 'Acme Cloud <no-reply@fleetport.localhost>', brand_id: 'acme' });
    expect(forA[1]).toMatchObject({ from: 'Fleetport <no-reply@fleetport.localhost>', brand_id: 'default' });
    expect((await waitForMail(fx, 'b@acme.example', 'mfa_code')).locale).toBe('ja');
  });

  it('answers 404 to anything that came through a proxy, like an unknown path', async () => {
    const unknown = await fx.client().get('/api/testing/nothing-here');
    const proxied: Record<string, string>[] = [
      { 'X-Forwarded-For': '127.0.0.1' },
      { Forwarded: 'for=127.0.0.1' },
      { 'x-fleetport-brand': 'default' },
    ];
    for (const headers of proxied) {
      const answer = await fx.client().get('/api/testing/outbox', { headers });
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual(unknown.body);
    }
  });

  it('is not part of the API description', async () => {
    const document = await fx.client().get('/api/openapi.json', { xhr: false });
    expect(Object.keys(document.body.paths).filter((path) => path.includes('testing'))).toEqual([]);
  });

  it('does not exist in production', async () => {
    const production = await startTestApi({ NODE_ENV: 'production' });
    try {
      await production.api.deps.mail.send({ to: 'a@acme.example', kind: 'mfa_code', values: { code: '1' } });
      expect((await production.client().get('/api/testing/outbox')).status).toBe(404);
    } finally {
      await production.stop();
    }
  });
});

describe('GET /api/mail/outbox (System services → E-mail outbox)', () => {
  let fx: ApiFixture;
  beforeAll(async () => {
    fx = await startTestApi();
  });
  afterAll(async () => {
    await fx?.stop();
  });

  it('shows the platform admin the captured e-mails, newest first, with their links', async () => {
    const { mail } = fx.api.deps;
    await mail.send({
      to: 'new.user@acme.example',
      kind: 'reset_password',
      linkPath: '/account/reset-password?token=t1',
    });
    await mail.send({ to: 'other@acme.example', kind: 'mfa_code', values: { code: '424242' } });
    const superAdmin = await fx.login('super@fleetport.example');
    const answer = await superAdmin.get('/api/mail/outbox');
    expect(answer.status).toBe(200);
    expect(answer.body.data.captured).toBe(true);
    const mails = answer.body.data.mails as { to: string; link: string | null }[];
    expect(mails[0]?.to).toBe('other@acme.example');
    expect(mails.find((each) => each.to === 'new.user@acme.example')?.link).toMatch(
      /^http:\/\/[^/]+\/account\/reset-password\?token=t1$/,
    );
    const filtered = await superAdmin.get('/api/mail/outbox?to=NEW.USER@acme.example');
    expect(filtered.body.data.mails.map((each: { to: string }) => each.to)).toEqual([
      'new.user@acme.example',
    ]);
  });

  it('is the platform admin’s alone: a company admin is refused', async () => {
    const admin = await fx.login('admin@acme.example');
    expect((await admin.get('/api/mail/outbox')).status).toBe(403);
  });

  it('keeps nothing to read in production, where the outbox holds other people’s reset links', async () => {
    const production = await startTestApi({ NODE_ENV: 'production' });
    try {
      await production.api.deps.mail.send({ to: 'a@acme.example', kind: 'mfa_code', values: { code: '1' } });
      const superAdmin = await production.login('super@fleetport.example');
      const answer = await superAdmin.get('/api/mail/outbox');
      expect(answer.status).toBe(200);
      expect(answer.body.data).toEqual({ captured: false, mails: [] });
    } finally {
      await production.stop();
    }
  });
});
