import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { type AddressInfo, connect, createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EdgeFixture, startFixture } from './testing/fixtures.ts';

/**
 * An API process that hangs: it accepts connections (the kernel does that for it) and never
 * says a word. A TCP connect to it succeeds, so only a real request shows it is not serving.
 */
function startHungUpstream(): Promise<{ server: Server; port: number; sockets: Set<Socket> }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, port: (server.address() as AddressInfo).port, sockets }),
    ),
  );
}

/** An API that answers its readiness route with the given status. */
function startAnsweringUpstream(status: number): Promise<{ server: HttpServer; port: number }> {
  const server = createHttpServer((req, res) => {
    res.writeHead(req.url === '/api/readyz' ? status : 404, { 'content-type': 'application/json' });
    res.end('{}');
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as AddressInfo).port })),
  );
}

/** Sends a websocket upgrade and resolves with whatever came back once the edge closes it. */
function upgrade(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(
        'GET /status/socket.io/?EIO=4&transport=websocket HTTP/1.1\r\nHost: localhost\r\n' +
          'Connection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\n' +
          'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
      );
    });
    let text = '';
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1');
    });
    socket.on('close', () => resolve(text));
    socket.on('error', reject);
  });
}

let hung: Awaited<ReturnType<typeof startHungUpstream>>;
let ready: Awaited<ReturnType<typeof startAnsweringUpstream>>;
let failing: Awaited<ReturnType<typeof startAnsweringUpstream>>;
let edge: EdgeFixture;
let edgeOnReady: EdgeFixture;
let edgeOnFailing: EdgeFixture;
beforeAll(async () => {
  [hung, ready, failing] = await Promise.all([
    startHungUpstream(),
    startAnsweringUpstream(200),
    startAnsweringUpstream(503),
  ]);
  [edge, edgeOnReady, edgeOnFailing] = await Promise.all([
    startFixture({ API_URL: `http://127.0.0.1:${hung.port}`, PROXY_TIMEOUT_MS: 300 }),
    startFixture({ API_URL: `http://127.0.0.1:${ready.port}` }),
    startFixture({ API_URL: `http://127.0.0.1:${failing.port}` }),
  ]);
});
afterAll(async () => {
  await Promise.all([edge.stop(), edgeOnReady.stop(), edgeOnFailing.stop()]);
  for (const socket of hung.sockets) socket.destroy();
  await Promise.all(
    [hung.server, ready.server, failing.server].map(
      (server) => new Promise((resolve) => server.close(() => resolve(undefined))),
    ),
  );
});

// The bounds below are generous test timeouts, not measurements: what counts is an answer.
describe('a hung API', () => {
  it('makes /edge/readyz answer not ready', { timeout: 10_000 }, async () => {
    const res = await edge.get('/edge/readyz');
    expect(res.status).toBe(503);
    expect(JSON.parse(res.text).data.checks).toEqual({ build: true, brands: true, api: false });
  });

  it('gets a websocket upgrade answered or closed after PROXY_TIMEOUT_MS', { timeout: 10_000 }, async () => {
    const answer = await upgrade(edge.edge.port);
    // Closed, with a 504 when the bytes made it out before the socket was cut.
    expect(answer === '' || answer.startsWith('HTTP/1.1 504 ')).toBe(true);
    expect(answer).not.toContain('101 Switching Protocols');
  });
});

describe('readiness asks the API itself', () => {
  it('is ready when the API says it is ready', async () => {
    const res = await edgeOnReady.get('/edge/readyz');
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text).data.checks.api).toBe(true);
  });

  it('is not ready when the API says it is not (its database is down)', async () => {
    const res = await edgeOnFailing.get('/edge/readyz');
    expect(res.status).toBe(503);
    expect(JSON.parse(res.text).data.checks.api).toBe(false);
  });
});
