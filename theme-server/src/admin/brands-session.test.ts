import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brandDetailSchema, brandSummarySchema, publicBrandSchema } from '@fleetport/contracts/brand';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerData, type EdgeFixture, request, startFixture } from '../testing/fixtures.ts';

/**
 * A console session at the brand administration API: the edge asks the API (here a stand-in
 * that knows three sessions by their cookie) and acts on its answer. The stand-in records what
 * the edge forwarded, so the test also proves the CSRF headers reach the API on writes.
 */
const SESSIONS: Record<string, { super_admin: boolean; companies: number[] }> = {
  super: { super_admin: true, companies: [] },
  'acme-admin': { super_admin: false, companies: [2] },
  reader: { super_admin: false, companies: [] },
};

let api: Server;
let fixture: EdgeFixture;
const seen: { method: string; url: string; headers: IncomingMessage['headers'] }[] = [];

beforeAll(async () => {
  api = createServer((req, res) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    const session = /session=([\w-]+)/.exec(req.headers.cookie ?? '')?.[1] ?? '';
    const known = SESSIONS[session];
    res.setHeader('content-type', 'application/json');
    if (!known) {
      res.statusCode = 401;
      res.end(JSON.stringify({ success: false, errors: [{ code: 'UNAUTHORIZED', message: 'Sign in.' }] }));
      return;
    }
    if (req.method === 'POST' && req.headers['x-xsrf-token'] !== `xsrf-${session}`) {
      res.statusCode = 403;
      res.end(JSON.stringify({ success: false, errors: [{ code: 'CSRF_CHECK_FAILED', message: 'XSRF' }] }));
      return;
    }
    const asked = new URL(req.url ?? '/', 'http://api').searchParams.get('companies')?.split(',').map(Number);
    const companies = known.companies.filter((id) => asked?.includes(id));
    res.end(JSON.stringify({ success: true, data: { ...known, companies } }));
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  fixture = await startFixture({ API_URL: `http://127.0.0.1:${(api.address() as AddressInfo).port}` });
});
afterAll(async () => {
  await fixture.stop();
  await new Promise((resolve) => api.close(resolve));
});

function call(session: string, method: string, pathname: string, body?: unknown, xsrf = `xsrf-${session}`) {
  const raw = body === undefined ? undefined : Buffer.isBuffer(body) ? body : JSON.stringify(body);
  return request(fixture.edge.port, {
    path: `/edge/brands${pathname}`,
    method,
    body: raw,
    headers: {
      host: 'acme.localhost',
      cookie: `session=${session}`,
      'x-requested-with': 'XMLHttpRequest',
      'x-xsrf-token': xsrf,
      ...(raw && !Buffer.isBuffer(body) ? { 'content-type': 'application/json' } : {}),
      ...(Buffer.isBuffer(body) ? { 'content-type': 'image/svg+xml' } : {}),
    },
  });
}

async function acmeConfig(session = 'super') {
  return answerData(brandDetailSchema, await call(session, 'GET', '/acme')).config;
}

describe('brand administration by console session (brands in the console)', () => {
  it("a super admin's session lists every brand, with the session and forwarding headers passed to the API", async () => {
    const list = await call('super', 'GET', '/');
    expect(list.status).toBe(200);
    expect(
      answerData(brandSummarySchema.array(), list)
        .map((brand) => brand.id)
        .sort(),
    ).toEqual(['acme', 'default', 'northwind']);
    const asked = seen.at(-1);
    expect(asked?.method).toBe('GET');
    expect(asked?.url).toMatch(/^\/api\/brand-access\?companies=/);
    expect(asked?.headers.cookie).toBe('session=super');
    expect(asked?.headers['x-forwarded-host']).toBe('acme.localhost');
  });

  it("no session or an expired one: the API's 401 comes back as it is", async () => {
    const answer = await call('expired', 'GET', '/');
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.text).errors[0].code).toBe('UNAUTHORIZED');
  });

  it('a signed-in user with no brand to manage is refused (403)', async () => {
    expect((await call('reader', 'GET', '/')).status).toBe(403);
  });

  it("an owner company's admin sees only that brand, edits its look, and no platform field", async () => {
    const list = answerData(brandSummarySchema.array(), await call('acme-admin', 'GET', '/'));
    expect(list.map((brand) => [brand.id, brand.access])).toEqual([['acme', 'look']]);
    expect((await call('acme-admin', 'GET', '/northwind')).status).toBe(404);

    const config = await acmeConfig('acme-admin');
    const recoloured = await call('acme-admin', 'PUT', '/acme', { ...config, brand_color: '#0f766e' });
    expect(recoloured.status).toBe(200);
    expect(answerData(brandSummarySchema, recoloured)).toMatchObject({ id: 'acme', access: 'look' });
    expect((await acmeConfig()).brand_color).toBe('#0f766e');
    expect(seen.at(-2)?.method).toBe('POST'); // the write was checked as a write

    const hosts = await call('acme-admin', 'PUT', '/acme', {
      ...config,
      hostnames: [...config.hostnames, 'evil.example'],
    });
    expect(hosts.status).toBe(403);
    expect(JSON.parse(hosts.text).errors[0]).toMatchObject({ code: 'FORBIDDEN', source: 'hostnames' });
    expect((await acmeConfig()).hostnames).not.toContain('evil.example');

    expect((await call('acme-admin', 'DELETE', '/acme')).status).toBe(403);
    expect(
      (await call('acme-admin', 'POST', '/', { ...config, id: 'acme2', hostnames: ['x.example'] })).status,
    ).toBe(403);
    const logo = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>',
    );
    const uploaded = await call('acme-admin', 'PUT', '/acme/logo', logo);
    expect(uploaded.status).toBe(200);
    expect(answerData(publicBrandSchema, uploaded).logo_url).toMatch(/logo/);
    expect((await call('acme-admin', 'PUT', '/northwind/logo', logo)).status).toBe(404);
  });

  it('a write whose XSRF token the API refuses is refused, and changes nothing', async () => {
    const config = await acmeConfig();
    const answer = await call('super', 'PUT', '/acme', { ...config, app_name: 'Forged' }, 'stolen');
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.text).errors[0].code).toBe('CSRF_CHECK_FAILED');
    expect((await acmeConfig()).app_name).not.toBe('Forged');
  });

  it('the ops token still works beside sessions', async () => {
    const answer = await request(fixture.edge.port, {
      path: '/edge/brands',
      headers: { host: 'localhost', authorization: 'Bearer test-admin-token-0123456789' },
    });
    expect(answer.status).toBe(200);
  });
});
