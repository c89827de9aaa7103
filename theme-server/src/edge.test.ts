import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from './config.ts';
import { ASSET_PATH, ASSET_SOURCE, type EdgeFixture, startFixture, titleOf } from './testing/fixtures.ts';

let fixture: EdgeFixture;
let trusted: EdgeFixture;
beforeAll(async () => {
  [fixture, trusted] = await Promise.all([startFixture(), startFixture({ TRUST_PROXY: true })]);
});
afterAll(async () => {
  await Promise.all([fixture.stop(), trusted.stop()]);
});

describe('edge: themed HTML', () => {
  it('answers every SPA route with index.html branded for the Host', async () => {
    const acme = await fixture.get('/management/devices', 'acme.localhost:8080');
    const plain = await fixture.get('/companies/12/users', 'localhost');
    expect(acme.status).toBe(200);
    expect(titleOf(acme.text)).toBe('Acme Cloud');
    expect(titleOf(plain.text)).toBe('Fleetport');
    expect(titleOf((await fixture.get('/', 'shop.acme.localhost')).text)).toBe('Acme Cloud');
    expect(titleOf((await fixture.get('/', 'unknown.example')).text)).toBe('Fleetport');
  });

  it('is never cached for another host: no-cache and Vary: Host', async () => {
    const res = await fixture.get('/', 'acme.localhost');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toContain('Host');
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it('sends a strict CSP whose fresh nonce is the one on the page', async () => {
    const [first, second] = [await fixture.get('/'), await fixture.get('/')];
    const csp = first.headers['content-security-policy'] as string;
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1] as string;
    expect(first.text).toContain(`nonce="${nonce}"`);
    expect(second.headers['content-security-policy']).not.toContain(nonce);
    expect(csp).not.toContain('unsafe-inline');
    for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) {
      expect(csp).toContain(directive);
    }
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    expect(first.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(first.headers['x-powered-by']).toBeUndefined();
    expect(first.headers['strict-transport-security']).toBeUndefined();
  });

  it('adds HSTS only over https, as told by a trusted proxy', async () => {
    const res = await trusted.get('/', 'localhost', { 'x-forwarded-proto': 'https' });
    expect(res.headers['strict-transport-security']).toMatch(/max-age=63072000/);
    const untrusted = await fixture.get('/', 'localhost', { 'x-forwarded-proto': 'https' });
    expect(untrusted.headers['strict-transport-security']).toBeUndefined();
  });

  it('honours X-Forwarded-Host only when TRUST_PROXY is set', async () => {
    const headers = { 'x-forwarded-host': 'acme.localhost' };
    expect(titleOf((await fixture.get('/', 'localhost', headers)).text)).toBe('Fleetport');
    expect(titleOf((await trusted.get('/', 'localhost', headers)).text)).toBe('Acme Cloud');
  });
});

describe('edge: assets', () => {
  it('serves hashed build files immutable for a year, precompressed by Accept-Encoding', async () => {
    const br = await fixture.get(ASSET_PATH, 'localhost', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toBe('Accept-Encoding');
    const gzip = await fixture.get(ASSET_PATH, 'localhost', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const identity = await fixture.get(ASSET_PATH, 'localhost', { 'accept-encoding': 'br;q=0' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.text).toBe(ASSET_SOURCE);
    const notModified = await fixture.get(ASSET_PATH, 'localhost', {
      'if-none-match': identity.headers.etag as string,
    });
    expect(notModified.status).toBe(304);
  });

  it('lists no directories, serves no dotfiles and no source maps, and never HTML for a missing file', async () => {
    for (const path of ['/assets/', '/.env', `${ASSET_PATH}.map`, '/assets/missing-1234.js', '/robots.txt']) {
      const res = await fixture.get(path);
      expect(res.status, path).toBe(404);
      expect(res.text).not.toContain('<!doctype html>');
    }
  });

  it('serves each brand its own favicon at /favicon.ico, varying by Host', async () => {
    const acme = await fixture.get('/favicon.ico', 'acme.localhost');
    const northwind = await fixture.get('/favicon.ico', 'northwind.localhost');
    expect(acme.headers.vary).toContain('Host');
    expect(acme.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(acme.text).not.toBe(northwind.text);
  });

  it('serves brand files at content-hashed immutable URLs with a sandboxing CSP', async () => {
    const page = (await fixture.get('/', 'acme.localhost')).text;
    const logoUrl = /<link rel="preload" href="([^"]+)"/.exec(page)?.[1] as string;
    expect(logoUrl).toMatch(/^\/brand\/[\w-]{16}\/logo\.svg$/);
    const logo = await fixture.get(logoUrl);
    expect(logo.status).toBe(200);
    expect(logo.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(logo.headers['content-security-policy']).toContain('sandbox');
    expect((await fixture.get(logoUrl.replace(/\/brand\/[^/]+/, '/brand/AAAAAAAAAAAAAAAA'))).status).toBe(
      404,
    );
  });
});

describe('edge: configuration and health', () => {
  it('serves /localrms-config.json from its configuration (spec §7)', async () => {
    const res = await fixture.get('/localrms-config.json');
    expect(JSON.parse(res.text)).toEqual({
      google_maps_key: '',
      mfa_required: true,
      map_tile_url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      map_tile_attribution: '© OpenStreetMap contributors',
    });
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('lets the console load map tiles from the configured host only (the map)', async () => {
    const csp = (await fixture.get('/management/devices')).headers['content-security-policy'] ?? '';
    expect(csp).toMatch(/img-src 'self' data: blob: https:\/\/tile\.openstreetmap\.org;/);
    const mapped = await startFixture({
      MAP_TILE_URL: 'https://{s}.tiles.example.net/base/{z}/{x}/{y}.png',
      GOOGLE_MAPS_KEY: 'key-1',
    });
    try {
      const policy = (await mapped.get('/management/devices')).headers['content-security-policy'] ?? '';
      expect(policy).toContain(
        "img-src 'self' data: blob: https://*.tiles.example.net https://tile.googleapis.com;",
      );
      expect(policy).toContain("connect-src 'self' https://tile.googleapis.com;");
    } finally {
      await mapped.stop();
    }
    // `none` switches the tiles off (an empty variable is an unset one); a URL without {z}/{x}/{y} stops the edge.
    expect(readConfig({ MAP_TILE_URL: 'none' }).MAP_TILE_URL).toBe('');
    expect(() => readConfig({ MAP_TILE_URL: 'https://tiles.example.net/tile.png' })).toThrow(/MAP_TILE_URL/);
    const bare = await startFixture({ MAP_TILE_URL: '' });
    try {
      const policy = (await bare.get('/management/devices')).headers['content-security-policy'] ?? '';
      expect(policy).toContain("img-src 'self' data: blob:;");
    } finally {
      await bare.stop();
    }
  });

  it('is alive, and not ready while the API is unreachable', async () => {
    expect((await fixture.get('/edge/healthz')).status).toBe(200);
    const ready = await fixture.get('/edge/readyz');
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.text).data.checks).toEqual({ build: true, brands: true, api: false });
  });
});

describe('edge: the page heading painted before the scripts run', () => {
  const signedIn = { cookie: 'theme=x; fp_access=token.value; other=1' };
  const headingOf = (html: string) => /<h1 class="fp-boot-title"[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];

  it("paints a signed-in page's fixed heading and titles the document with it", async () => {
    const res = await fixture.get('/companies', 'acme.localhost', signedIn);
    expect(headingOf(res.text)).toBe('Companies');
    expect(titleOf(res.text)).toBe('Companies | Acme Cloud');
    expect(res.headers.vary).toContain('Cookie');
    expect(res.headers.vary).toContain('Accept-Language');
    // A trailing slash is the same page; the https cookie name counts too.
    const secure = await fixture.get('/companies/', 'acme.localhost', { cookie: '__Host-fp_access=t' });
    expect(headingOf(secure.text)).toBe('Companies');
  });

  it('paints it in Japanese when the browser accepts Japanese at all, as the console picks', async () => {
    const japanese = await fixture.get('/companies', 'acme.localhost', {
      ...signedIn,
      'accept-language': 'en-US,en;q=0.9,ja;q=0.5',
    });
    expect(headingOf(japanese.text)).toBe('会社');
    expect(japanese.text).toContain('<html lang="ja"');
    const refused = await fixture.get('/companies', 'acme.localhost', {
      ...signedIn,
      'accept-language': 'en, ja;q=0',
    });
    expect(headingOf(refused.text)).toBe('Companies');
    expect(refused.text).toContain('<html lang="en"');
  });

  it('escapes the heading', async () => {
    const res = await fixture.get('/tags', 'acme.localhost', signedIn);
    expect(headingOf(res.text)).toBe('Tags &amp; &lt;labels&gt;');
  });

  it('paints nothing without a session cookie, or for a page without a fixed heading', async () => {
    const signedOut = await fixture.get('/companies', 'acme.localhost', { cookie: 'fp_refresh=x' });
    expect(headingOf(signedOut.text)).toBeUndefined();
    expect(titleOf(signedOut.text)).toBe('Acme Cloud');
    const empty = await fixture.get('/companies', 'acme.localhost', { cookie: 'fp_access=' });
    expect(headingOf(empty.text)).toBeUndefined();
    for (const path of ['/companies/12', '/', '/account/login']) {
      const res = await fixture.get(path, 'acme.localhost', signedIn);
      expect(headingOf(res.text), path).toBeUndefined();
    }
  });

  it('never serves the headings file itself', async () => {
    const res = await fixture.get('/page-headings.json', 'acme.localhost');
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('Companies');
  });
});
