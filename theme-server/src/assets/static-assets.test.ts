import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from '../testing/fixtures.ts';
import { cacheControlOf, IMMUTABLE, StaticAssets } from './static-assets.ts';

describe('build files: caching', () => {
  let root: string;
  let server: Server;
  let port: number;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'fp-assets-'));
    await mkdir(path.join(root, 'assets'));
    await writeFile(
      path.join(root, 'version.json'),
      '{"version":"1-a","released_at":"2026-01-01T00:00:00Z"}',
    );
    await writeFile(path.join(root, 'assets', 'app-1a2b.js'), 'export {};');
    const assets = await StaticAssets.load(root, { sourceMaps: false });
    server = createServer((req, res) => {
      if (!assets.serve(new URL(req.url ?? '/', 'http://edge').pathname, req, res)) res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await rm(root, { recursive: true, force: true });
  });

  it('version.json is revalidated on every use (spec §4: the console learns a new build)', async () => {
    const answer = await request(port, { path: '/version.json' });
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(answer.text)).toMatchObject({ version: '1-a' });
  });

  it('hashed files stay immutable; other build files are cached briefly', async () => {
    expect((await request(port, { path: '/assets/app-1a2b.js' })).headers['cache-control']).toBe(IMMUTABLE);
    expect(cacheControlOf('/robots.txt')).toBe('public, max-age=300');
  });
});
