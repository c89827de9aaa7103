import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from './config.ts';
import { type EdgeFixture, request, startFixture } from './testing/fixtures.ts';

let edge: EdgeFixture;
beforeAll(async () => {
  edge = await startFixture({ TRUST_PROXY: true, FORCE_HTTPS: true });
});
afterAll(async () => {
  await edge.stop();
});

const plain = { 'x-forwarded-proto': 'http' };

describe('FORCE_HTTPS', () => {
  it('is refused at boot without TRUST_PROXY, which is how the edge learns of https', () => {
    expect(() => readConfig({ FORCE_HTTPS: 'true' })).toThrow(/FORCE_HTTPS: needs TRUST_PROXY/);
    expect(readConfig({ FORCE_HTTPS: 'true', TRUST_PROXY: 'true' }).FORCE_HTTPS).toBe(true);
    expect(readConfig({}).FORCE_HTTPS).toBe(false);
  });

  it('redirects a plain GET or HEAD with 301 to the same host, path and query on https', async () => {
    const res = await edge.get('/management/devices?tab=map&q=a%20b', 'acme.localhost:8080', plain);
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe('https://acme.localhost/management/devices?tab=map&q=a%20b');
    expect(res.text).toBe('');
    const head = await request(edge.edge.port, {
      path: '/',
      method: 'HEAD',
      headers: { host: 'acme.localhost', ...plain },
    });
    expect(head.status).toBe(301);
    // No X-Forwarded-Proto at all is plain HTTP too.
    expect((await edge.get('/', 'northwind.localhost')).headers.location).toBe(
      'https://northwind.localhost/',
    );
  });

  it('redirects other methods with 308, which keeps the method and body', async () => {
    const res = await request(edge.edge.port, {
      path: '/api/account/login',
      method: 'POST',
      headers: { host: 'acme.localhost', 'content-type': 'application/json', ...plain },
      body: '{"email":"a@b.example"}',
    });
    expect(res.status).toBe(308);
    expect(res.headers.location).toBe('https://acme.localhost/api/account/login');
  });

  it("uses the TLS proxy's X-Forwarded-Host, and refuses a host it cannot put in a URL", async () => {
    const res = await edge.get('/', 'internal:8080', { ...plain, 'x-forwarded-host': 'Acme.Example' });
    expect(res.headers.location).toBe('https://acme.example/');
    expect((await edge.get('/', 'bad_host!', plain)).status).toBe(400);
  });

  it('answers https requests (as the TLS proxy marks them) with the page and HSTS', async () => {
    const res = await edge.get('/', 'acme.localhost', { 'x-forwarded-proto': 'https' });
    expect(res.status).toBe(200);
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d{8,}/);
  });

  it('keeps the health probes on plain HTTP for load balancers', async () => {
    expect((await edge.get('/edge/healthz', 'localhost', plain)).status).toBe(200);
    // Not ready (no API in this test), but answered, not redirected.
    expect((await edge.get('/edge/readyz', 'localhost', plain)).status).toBe(503);
    expect((await edge.get('/edge/brands', 'localhost', plain)).status).toBe(301);
  });

  it('refuses a websocket upgrade over plain HTTP: it cannot follow a redirect', async () => {
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(edge.edge.port, '127.0.0.1', () => {
        socket.write(
          'GET /status/socket.io/?EIO=4&transport=websocket HTTP/1.1\r\nHost: acme.localhost\r\n' +
            'Connection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\n' +
            'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nX-Forwarded-Proto: http\r\n\r\n',
        );
      });
      let text = '';
      socket.on('data', (chunk: Buffer) => {
        text += chunk.toString('latin1');
      });
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 403 /);
  });
});
