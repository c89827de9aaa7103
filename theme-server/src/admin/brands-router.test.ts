import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { brandDetailSchema, brandSummarySchema, publicBrandSchema } from '@fleetport/contracts/brand';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_TOKEN,
  answerData,
  type EdgeFixture,
  request,
  startFixture,
  titleOf,
} from '../testing/fixtures.ts';

let fixture: EdgeFixture;
let disabled: EdgeFixture;
beforeAll(async () => {
  [fixture, disabled] = await Promise.all([startFixture(), startFixture({ BRAND_ADMIN_TOKEN: undefined })]);
});
afterAll(async () => {
  await Promise.all([fixture.stop(), disabled.stop()]);
});

function call(method: string, pathname: string, body?: unknown, headers: Record<string, string> = {}) {
  const raw = body === undefined ? undefined : Buffer.isBuffer(body) ? body : JSON.stringify(body);
  return request(fixture.edge.port, {
    path: `/edge/brands${pathname}`,
    method,
    body: raw,
    headers: {
      host: 'localhost',
      authorization: `Bearer ${ADMIN_TOKEN}`,
      ...(raw && !Buffer.isBuffer(body) ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
  });
}

const globex = {
  id: 'globex',
  hostnames: ['globex.localhost'],
  company_name: 'Globex',
  app_name: 'Globex Console',
  full_app_name: 'Globex Device Console',
  brand_color: '#5b21b6',
  dark_mode_text_color: '#ede9fe',
  public_base_url: 'https://globex.example',
};

describe('brand administration API (/edge/brands)', () => {
  it('refuses requests without the ops token or with a wrong one', async () => {
    expect((await call('GET', '/', undefined, { authorization: '' })).status).toBe(401);
    expect(
      (await call('GET', '/', undefined, { authorization: 'Bearer wrong-token-of-some-length' })).status,
    ).toBe(401);
    const off = await request(disabled.edge.port, {
      path: '/edge/brands',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect(off.status).toBe(503);
  });

  it('lists and reads brands with the token', async () => {
    const listed = await call('GET', '/');
    const list = answerData(brandSummarySchema.array(), listed);
    expect(list.map((brand) => brand.id).sort()).toEqual(['acme', 'default', 'northwind']);
    expect(JSON.parse(listed.text).meta.total).toBe(3);
    const acme = answerData(brandDetailSchema, await call('GET', '/acme'));
    expect(acme.config.hostnames).toContain('acme.localhost');
    expect(acme.public.app_name).toBe(acme.config.app_name);
    expect((await call('GET', '/nope')).status).toBe(404);
  });

  it('validates without saving, naming field and rule', async () => {
    const res = await call('POST', '/validate', { ...globex, brand_color: 'purple' });
    expect(res.status).toBe(422);
    expect(JSON.parse(res.text).errors).toEqual([
      { code: 'VALIDATION_ERROR', source: 'brand_color', message: expect.stringContaining('hex colour') },
    ]);
    expect(JSON.parse((await call('POST', '/validate', globex)).text).data).toEqual({ valid: true });
    expect((await call('GET', '/globex')).status).toBe(404);
  });

  it('creates a brand that is served at once, and refuses a duplicate', async () => {
    const created = await call('POST', '/', globex);
    expect(created.status).toBe(201);
    expect(answerData(brandSummarySchema, created)).toMatchObject({ id: 'globex', access: 'all' });
    const page = await fixture.get('/', 'globex.localhost');
    expect(titleOf(page.text)).toBe('Globex Console');
    expect((await call('POST', '/', globex)).status).toBe(409);
    const saved = JSON.parse(await readFile(path.join(fixture.brandsDir, 'globex', 'brand.json'), 'utf8'));
    expect(saved.app_name).toBe('Globex Console');
  });

  it('updates a brand and rejects an invalid update, keeping the old one', async () => {
    const updated = await call('PUT', '/northwind', {
      ...globex,
      id: 'x',
      app_name: 'NW',
      hostnames: ['northwind.localhost'],
    });
    expect(updated.status).toBe(200);
    expect(answerData(brandSummarySchema, updated)).toMatchObject({ id: 'northwind', app_name: 'NW' });
    expect(titleOf((await fixture.get('/', 'northwind.localhost')).text)).toBe('NW');
    const bad = await call('PUT', '/northwind', { ...globex, hostnames: ['acme.localhost'] });
    expect(bad.status).toBe(422);
    expect(titleOf((await fixture.get('/', 'northwind.localhost')).text)).toBe('NW');
  });

  it('sanitises an uploaded SVG logo and serves it as an image that cannot run code', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script><circle r="4"/></svg>',
    );
    const res = await call('PUT', '/acme/logo', svg, { 'content-type': 'image/svg+xml' });
    expect(res.status).toBe(200);
    const logoUrl = answerData(publicBrandSchema, res).logo_url;
    const logo = await fixture.get(logoUrl);
    expect(logo.text).toBe('<svg xmlns="http://www.w3.org/2000/svg"><circle r="4"/></svg>');
    expect(logo.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(logo.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    );
  });

  it('limits uploads by size and type', async () => {
    const big = Buffer.alloc(600 * 1024, 0x20);
    expect((await call('PUT', '/acme/logo', big, { 'content-type': 'image/svg+xml' })).status).toBe(413);
    expect(
      (await call('PUT', '/acme/logo', Buffer.from('GIF89a'), { 'content-type': 'image/gif' })).status,
    ).toBe(415);
    expect(
      (await call('PUT', '/acme/favicon', Buffer.from('not a png'), { 'content-type': 'image/png' })).status,
    ).toBe(422);
  });

  it('leaves the files on disk untouched when an upload is refused', async () => {
    const logoFile = path.join(fixture.brandsDir, 'default', 'logo.svg');
    const before = await readFile(logoFile);
    // Small upload, but sanitising escapes every quote: the result is over the size limit.
    const svg = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg"><g id='${'"'.repeat(100_000)}'/></svg>`);
    const res = await call('PUT', '/default/logo', svg, { 'content-type': 'image/svg+xml' });
    expect(res.status).toBe(422);
    expect(await readFile(logoFile)).toEqual(before);
  });

  it('leaves no staging folders behind, and refuses file names outside the brand folder', async () => {
    expect(
      (await call('POST', '/validate', { ...globex, id: 'initech', hostnames: ['initech.localhost'] }))
        .status,
    ).toBe(200);
    expect(
      (await call('POST', '/', { ...globex, id: 'initech', hostnames: ['initech.localhost'], logo: '..' }))
        .status,
    ).toBe(422);
    const hidden = (await readdir(fixture.brandsDir)).filter((name) => name.startsWith('.'));
    expect(hidden).toEqual([]);
  });

  it('deletes a brand but never the default one', async () => {
    expect((await call('DELETE', '/default')).status).toBe(409);
    expect((await call('DELETE', '/globex')).status).toBe(200);
    expect(titleOf((await fixture.get('/', 'globex.localhost')).text)).toBe('Fleetport');
  });
});
