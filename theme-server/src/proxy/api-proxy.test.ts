import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Server as SocketServer } from 'socket.io';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EdgeFixture, request, startFixture } from '../testing/fixtures.ts';

/** A real upstream standing in for the API: echoes, hangs, dies mid-answer, speaks socket.io. */
function startUpstream(): Promise<{ server: Server; port: number; sockets: Set<Socket> }> {
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    if (req.url === '/api/hang') return; // never answers
    if (req.url === '/api/die') {
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '1000' });
      res.write('partial');
      setTimeout(() => req.socket.destroy(), 30);
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      res.setHeader('set-cookie', 'session=abc; HttpOnly');
      res.setHeader('x-internal-secret', 'leak');
      res.setHeader('server', 'upstream/1.0');
      res.end(JSON.stringify({ url: req.url, headers: req.headers, body: Buffer.concat(chunks).toString() }));
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const realtime = new SocketServer(server, { path: '/status/socket.io', transports: ['websocket'] });
  realtime.on('connection', (socket) => {
    socket.on('ping-me', (payload: unknown, ack: (answer: unknown) => void) =>
      ack({ payload, brand: socket.handshake.headers['x-fleetport-brand'] }),
    );
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, port: (server.address() as AddressInfo).port, sockets }),
    ),
  );
}

let upstream: Awaited<ReturnType<typeof startUpstream>>;
let fixture: EdgeFixture;
let down: EdgeFixture;

beforeAll(async () => {
  upstream = await startUpstream();
  fixture = await startFixture({ API_URL: `http://127.0.0.1:${upstream.port}`, PROXY_TIMEOUT_MS: 300 });
  down = await startFixture({ API_URL: 'http://127.0.0.1:1' });
});
afterAll(async () => {
  await Promise.all([fixture.stop(), down.stop()]);
  for (const socket of upstream.sockets) socket.destroy();
  await new Promise((resolve) => upstream.server.close(resolve));
});

describe('API proxy', () => {
  it('forwards allow-listed headers, adds forwarding and brand headers, and streams the body', async () => {
    const res = await request(fixture.edge.port, {
      path: '/api/companies?limit=100',
      method: 'POST',
      body: '{"name":"Acme"}',
      headers: {
        host: 'acme.localhost:8080',
        cookie: 'session=1',
        origin: 'http://acme.localhost:8080',
        'content-type': 'application/json',
        'x-xsrf-token': 'xsrf',
        'x-requested-with': 'XMLHttpRequest',
        'x-spa-version': '7',
        'idempotency-key': 'k-1',
        'sec-fetch-site': 'same-origin',
        'x-fleetport-brand': 'northwind',
        'x-forwarded-for': '6.6.6.6',
        authorization: 'Bearer stolen',
        'x-custom': 'dropped',
      },
    });
    const echo = JSON.parse(res.text);
    expect(echo.url).toBe('/api/companies?limit=100');
    expect(echo.body).toBe('{"name":"Acme"}');
    expect(echo.headers).toMatchObject({
      cookie: 'session=1',
      origin: 'http://acme.localhost:8080',
      'x-xsrf-token': 'xsrf',
      'x-requested-with': 'XMLHttpRequest',
      'x-spa-version': '7',
      'idempotency-key': 'k-1',
      'sec-fetch-site': 'same-origin',
      'x-fleetport-brand': 'acme',
      'x-forwarded-for': '127.0.0.1',
      'x-forwarded-host': 'acme.localhost:8080',
      'x-forwarded-proto': 'http',
    });
    expect(echo.headers['x-request-id']).toMatch(/^[\w-]{36}$/);
    expect(echo.headers.authorization).toBeUndefined();
    expect(echo.headers['x-custom']).toBeUndefined();
  });

  it('passes only allow-listed response headers back', async () => {
    const res = await request(fixture.edge.port, { path: '/api/user', headers: { host: 'localhost' } });
    expect(res.status).toBe(200);
    expect(res.headers['set-cookie']).toEqual(['session=abc; HttpOnly']);
    expect(res.headers['x-internal-secret']).toBeUndefined();
    expect(res.headers.server).toBeUndefined();
  });

  it('carries a socket.io websocket through /status/socket.io with the resolved brand', async () => {
    const client = io(`http://127.0.0.1:${fixture.edge.port}`, {
      path: '/status/socket.io',
      transports: ['websocket'],
      extraHeaders: { host: 'northwind.localhost', 'x-fleetport-brand': 'acme' },
      reconnection: false,
    });
    try {
      const answer = await client.timeout(5000).emitWithAck('ping-me', { n: 1 });
      expect(answer).toEqual({ payload: { n: 1 }, brand: 'northwind' });
    } finally {
      client.close();
    }
  });

  it('answers 502 with the JSON envelope within 100 ms when the API is down', async () => {
    await request(down.edge.port, { path: '/api/warm-up', headers: { host: 'localhost' } });
    const started = performance.now();
    const res = await request(down.edge.port, { path: '/api/user', headers: { host: 'localhost' } });
    const elapsed = performance.now() - started;
    expect(res.status).toBe(502);
    expect(JSON.parse(res.text)).toEqual({
      success: false,
      errors: [{ code: 'BAD_GATEWAY', message: expect.any(String) }],
    });
    expect(elapsed).toBeLessThan(100);
  });

  it('answers 504 JSON when the API hangs past the configured timeout', async () => {
    const res = await request(fixture.edge.port, { path: '/api/hang', headers: { host: 'localhost' } });
    expect(res.status).toBe(504);
    expect(JSON.parse(res.text).errors[0].code).toBe('GATEWAY_TIMEOUT');
  });

  it('closes the client connection when the API dies mid-response', async () => {
    const outcome = await new Promise<string>((resolve) => {
      const req = httpRequest(
        { port: fixture.edge.port, host: '127.0.0.1', path: '/api/die', agent: false },
        (res) => {
          res.on('data', () => undefined);
          res.on('end', () => resolve(res.complete ? 'complete' : 'incomplete'));
          res.on('aborted', () => resolve('aborted'));
          res.on('error', () => resolve('error'));
          res.on('close', () => resolve(res.complete ? 'complete' : 'closed'));
        },
      );
      req.on('error', () => resolve('error'));
      req.end();
    });
    expect(outcome).not.toBe('complete');
  });

  it('upgrades websockets only on /status/socket.io; other upgrade offers get a plain answer', async () => {
    const attempt = (path: string) =>
      new Promise<string>((resolve) => {
        const req = httpRequest({
          port: fixture.edge.port,
          host: '127.0.0.1',
          path,
          headers: {
            connection: 'Upgrade',
            upgrade: 'websocket',
            'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
            'sec-websocket-version': '13',
          },
        });
        req.on('upgrade', (_res, socket) => {
          socket.destroy();
          resolve('upgraded');
        });
        req.on('response', (res) => {
          res.resume();
          resolve(`http ${res.statusCode}`);
        });
        req.on('error', () => resolve('error'));
        req.end();
      });
    expect(await attempt('/management/devices')).toBe('http 200');
    // Not the realtime path once normalised: answered over plain HTTP, never left hanging.
    expect(await attempt('/status/socket.io/../../api/x')).toMatch(/^http \d{3}$/);
    const api = await attempt('/api/secret-ws');
    expect(api).toBe('http 200');
    expect(await attempt('/status/socket.io/?EIO=4&transport=websocket')).toBe('upgraded');
  });

  it('never forwards the client Connection header, which could strip the edge headers downstream', async () => {
    const res = await request(fixture.edge.port, {
      path: '/api/echo',
      headers: { host: 'localhost', connection: 'keep-alive, x-fleetport-brand, x-request-id' },
    });
    const echo = JSON.parse(res.text);
    expect(echo.headers.connection ?? '').not.toContain('x-fleetport-brand');
    expect(echo.headers['x-fleetport-brand']).toBe('default');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
