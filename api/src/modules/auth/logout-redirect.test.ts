import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiFixture, startTestApi } from '../../testing/fixtures.ts';

/**
 * The revoke answer's Location (and data.location, which the console follows) never
 * leaves the request's origin, whatever redirect_uri says (spec §7 token revoke).
 */
let fx: ApiFixture;
let origin: string;
beforeAll(async () => {
  fx = await startTestApi();
  origin = new URL(fx.url).origin;
});
afterAll(async () => {
  await fx?.stop();
});

const revoke = async (redirectUri: string, headers: Record<string, string> = {}) => {
  const answer = await fx
    .client()
    .post('/api/account/token/revoke', { redirect_uri: redirectUri }, { headers });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const location = answer.headers.get('location');
  // The header and the body say the same, so neither reader can be sent elsewhere.
  expect(answer.body.data.location).toBe(location);
  return location as string;
};

describe('POST /api/account/token/revoke — redirect_uri stays on our origin', () => {
  it.each([
    ['/.//evil.example/', '/evil.example/'],
    ['/..//evil.example', '/evil.example'],
    ['/management/..//evil.example', '/evil.example'],
    ['/./%2e//evil.example', '/evil.example'],
    ['/.\\/evil.example', '/evil.example'],
    ['{origin}//evil.example', '/evil.example'],
  ])('%s — answers a path on this origin (%s), never //evil.example', async (value, expected) => {
    // Act
    const location = await revoke(value.replace('{origin}', origin));

    // Assert
    expect(location).toBe(expected);
    expect(new URL(location, `${origin}/logout`).origin).toBe(origin);
  });

  it.each([
    '//evil.example/',
    '/\\evil.example',
    '\\\\evil.example',
    '\\/evil.example',
    'http:\\\\evil.example',
    '/\t/evil.example',
    'HTTP://EVIL.EXAMPLE/',
    'https://evil.example/phish',
    'javascript:alert(1)',
  ])('%s — answers the login page', async (value) => {
    expect(await revoke(value)).toBe('/account/login');
  });

  it('a same-origin redirect_uri, absolute or with an upper-case host — is followed as its path', async () => {
    expect(await revoke(`${origin}/management/devices?x=1#y`)).toBe('/management/devices?x=1#y');
    expect(await revoke(`${origin.toUpperCase()}/notifications`)).toBe('/notifications');
  });

  it('behind the edge (X-Forwarded-Host) — compares with the host the browser saw', async () => {
    const headers = { 'X-Forwarded-Host': 'ACME.localhost:8080' };
    expect(await revoke('http://acme.localhost:8080/notifications', headers)).toBe('/notifications');
    expect(await revoke('/.//evil.example/', headers)).toBe('/evil.example/');
    expect(await revoke(`${origin}/notifications`, headers)).toBe('/account/login');
  });

  it('a signed-in logout with a hostile redirect_uri — ends the session and stays home', async () => {
    // Arrange
    const client = await fx.login('guest@acme.example');

    // Act
    const answer = await client.post('/api/account/token/revoke', { redirect_uri: '/.//evil.example/' });

    // Assert
    expect(answer.headers.get('location')).toBe('/evil.example/');
    expect(client.cookie('fp_access')).toBeUndefined();
  });

  it.each([
    ['a NUL byte', '/home\u0000x'],
    ['a value past 2,000 characters', `/${'a'.repeat(3000)}`],
    ['a number', 42],
  ])(
    'a signed-in logout with %s as redirect_uri — still ends the session, at the login page',
    async (_what, value) => {
      const client = await fx.login('guest@acme.example');
      const answer = await client.post('/api/account/token/revoke', {
        redirect_uri: value,
      });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('location')).toBe('/account/login');
      expect((await client.get('/api/user')).status).toBe(401);
    },
  );
});
