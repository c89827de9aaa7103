import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiFixture, startTestApi, TEST_PASSWORD } from '../../testing/fixtures.ts';

let fx: ApiFixture;
beforeAll(async () => {
  fx = await startTestApi({ REFRESH_REUSE_GRACE_S: 0, LOGIN_MAX_FAILURES: 10 });
});
afterAll(async () => {
  await fx?.stop();
});

const cookieLine = (lines: string[], name: string) => lines.find((line) => line.startsWith(`${name}=`)) ?? '';

describe('login: cookies and their flags', () => {
  it('sets an httpOnly SameSite=Strict access cookie, a refresh cookie scoped to the token path and a readable XSRF cookie', async () => {
    const client = fx.client();
    const answer = await client.post('/api/account/login', {
      email: 'admin@acme.example',
      password: TEST_PASSWORD,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: true, data: { email: 'admin@acme.example' }, errors: [] });
    const access = cookieLine(answer.cookies, 'fp_access');
    const refresh = cookieLine(answer.cookies, 'fp_refresh');
    const xsrf = cookieLine(answer.cookies, 'XSRF-TOKEN');
    expect(access).toMatch(/HttpOnly/i);
    expect(access).toMatch(/SameSite=Strict/i);
    expect(access).toMatch(/Path=\/(;|$)/);
    expect(access).not.toMatch(/Secure/i); // plain http: a browser would drop a Secure cookie
    expect(refresh).toMatch(/HttpOnly/i);
    expect(refresh).toMatch(/Path=\/api\/account\/token/);
    expect(xsrf).not.toMatch(/HttpOnly/i);
  });

  it('over https (X-Forwarded-Proto from the edge) uses the __Host- and __Secure- prefixes with Secure', async () => {
    const client = fx.client();
    const answer = await client.post(
      '/api/account/login',
      { email: 'admin@acme.example', password: TEST_PASSWORD },
      { headers: { 'X-Forwarded-Proto': 'https' } },
    );
    expect(answer.status).toBe(200);
    expect(cookieLine(answer.cookies, '__Host-fp_access')).toMatch(/Secure/);
    expect(cookieLine(answer.cookies, '__Secure-fp_refresh')).toMatch(/Secure/);
    expect(cookieLine(answer.cookies, 'XSRF-TOKEN')).toMatch(/Secure/);
  });

  it('answers the same 401 for a wrong password and an unknown e-mail', async () => {
    const wrong = await fx
      .client()
      .post('/api/account/login', { email: 'guest@acme.example', password: 'nope-nope' });
    const unknown = await fx
      .client()
      .post('/api/account/login', { email: 'nobody@acme.example', password: 'nope-nope' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.errors[0].code).toBe('INVALID_CREDENTIALS');
  });

  it('names the field of an invalid login payload (422, source = field path)', async () => {
    const answer = await fx.client().post('/api/account/login', { email: 'not-an-email' });
    expect(answer.status).toBe(422);
    const sources = answer.body.errors.map((error: { source: string }) => error.source).sort();
    expect(sources).toEqual(['email', 'password']);
  });
});

describe('sessions', () => {
  it('GET /user without a session answers 401 UNAUTHORIZED', async () => {
    const answer = await fx.client().get('/api/user');
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({
      success: false,
      errors: [{ code: 'UNAUTHORIZED', message: expect.any(String) }],
    });
  });

  it('rotates the refresh token; presenting the old one again revokes the whole session', async () => {
    const client = await fx.login('user@acme.example');
    const firstRefresh = client.cookie('fp_refresh');
    const rotated = await client.post('/api/account/token/refresh');
    expect(rotated.status).toBe(200);
    const secondRefresh = client.cookie('fp_refresh');
    expect(secondRefresh).toBeTruthy();
    expect(secondRefresh).not.toBe(firstRefresh);
    expect((await client.get('/api/user')).status).toBe(200);

    // A thief replays the first refresh token (the grace period is 0 in this suite).
    const thief = fx.client();
    thief.jar.set('fp_refresh', { value: firstRefresh as string, path: '/api/account/token' });
    const replay = await thief.post('/api/account/token/refresh');
    expect(replay.status).toBe(401);

    // The family is revoked: the owner's current tokens stop working too.
    expect((await client.get('/api/user')).status).toBe(401);
    expect((await client.post('/api/account/token/refresh')).status).toBe(401);
  });

  it('logout revokes the session: replaying the old access cookie answers 401', async () => {
    const client = await fx.login('guest@acme.example');
    const access = client.cookie('fp_access') as string;
    const logout = await client.post('/api/account/token/revoke', {});
    expect(logout.status).toBe(200);
    expect(logout.body.data.location).toBe('/account/login');
    expect(client.cookie('fp_access')).toBeUndefined();
    const replay = fx.client();
    replay.jar.set('fp_access', { value: access, path: '/' });
    expect((await replay.get('/api/user')).status).toBe(401);
  });

  it('logout follows redirect_uri only on the same origin', async () => {
    const same = await (await fx.login('guest@acme.example')).post('/api/account/token/revoke', {
      redirect_uri: `${fx.url}/management/devices?x=1`,
    });
    expect(same.body.data.location).toBe('/management/devices?x=1');
    const other = await (await fx.login('guest@acme.example')).post('/api/account/token/revoke', {
      redirect_uri: 'https://evil.example/phish',
    });
    expect(other.body.data.location).toBe('/account/login');
    expect(other.headers.get('location')).toBe('/account/login');
  });

  it('a new login rotates the session: the previous session of that browser ends', async () => {
    const client = await fx.login('advanced@acme.example');
    const before = client.cookie('fp_access') as string;
    const again = await client.post('/api/account/login', {
      email: 'advanced@acme.example',
      password: TEST_PASSWORD,
    });
    expect(again.status).toBe(200);
    expect(client.cookie('fp_access')).not.toBe(before);
    const old = fx.client();
    old.jar.set('fp_access', { value: before, path: '/' });
    expect((await old.get('/api/user')).status).toBe(401);
    expect((await client.get('/api/user')).status).toBe(200);
  });
});

describe('CSRF defences (spec §7)', () => {
  it('refuses a request without X-Requested-With', async () => {
    const client = await fx.login('admin@acme.example');
    const answer = await client.get('/api/user', { xhr: false });
    expect(answer.status).toBe(403);
    expect(answer.body.errors[0].code).toBe('CSRF_CHECK_FAILED');
  });

  it("refuses a write without the XSRF token, with a wrong one, and with another session's", async () => {
    const alice = await fx.login('admin@acme.example');
    const bob = await fx.login('admin@northwind.example');
    const body = { key: 'wideNav', value: true };
    expect((await alice.post('/api/storage', body, { xsrf: false })).status).toBe(403);
    expect((await alice.post('/api/storage', body, { headers: { 'X-XSRF-TOKEN': 'forged' } })).status).toBe(
      403,
    );
    const stolen = bob.cookie('XSRF-TOKEN') as string;
    expect((await alice.post('/api/storage', body, { headers: { 'X-XSRF-TOKEN': stolen } })).status).toBe(
      403,
    );
    expect((await alice.post('/api/storage', body)).status).toBe(201);
  });

  it('refuses a write from another origin or another site', async () => {
    const client = await fx.login('admin@acme.example');
    const body = { key: 'darkMode', value: false };
    const foreign = await client.post('/api/storage', body, { headers: { Origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
    const crossSite = await client.post('/api/storage', body, {
      headers: { 'Sec-Fetch-Site': 'cross-site' },
    });
    expect(crossSite.status).toBe(403);
    const own = await client.post('/api/storage', body, {
      headers: { Origin: fx.url, 'Sec-Fetch-Site': 'same-origin' },
    });
    expect(own.status).toBe(201);
  });
});

describe('login rate limit', () => {
  it('answers 429 on the 11th attempt after 10 failures, even with the right password', async () => {
    const email = 'user@northwind.example';
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const answer = await fx.client().post('/api/account/login', { email, password: `wrong-${attempt}` });
      expect(answer.status).toBe(401);
    }
    const blocked = await fx.client().post('/api/account/login', { email, password: TEST_PASSWORD });
    expect(blocked.status).toBe(429);
    expect(blocked.body.errors[0].code).toBe('TOO_MANY_REQUESTS');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
