import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { edgeRoute } from './metrics.ts';
import { ASSET_PATH, type EdgeFixture, request, startFixture } from './testing/fixtures.ts';

/** A stand-in API that answers everything, /metrics included, and remembers what it was asked. */
function startUpstream(): Promise<{ server: Server; port: number; paths: string[] }> {
  const paths: string[] = [];
  const server = createServer((req, res) => {
    paths.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true}');
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, port: (server.address() as AddressInfo).port, paths }),
    ),
  );
}

let upstream: Awaited<ReturnType<typeof startUpstream>>;
let edge: EdgeFixture;
let metricsPort: number;
beforeAll(async () => {
  upstream = await startUpstream();
  edge = await startFixture({ API_URL: `http://127.0.0.1:${upstream.port}`, METRICS_PORT: 0 });
  metricsPort = edge.edge.metricsPort as number;
});
afterAll(async () => {
  await edge.stop();
  await new Promise((resolve) => upstream.server.close(resolve));
});

const scrape = () => request(metricsPort, { path: '/metrics', headers: { host: '127.0.0.1' } });

describe('edge metrics', () => {
  it('serves Prometheus text on METRICS_PORT with requests by route pattern and status', async () => {
    await edge.get('/');
    await edge.get('/management/devices/42', 'acme.localhost');
    await edge.get(ASSET_PATH);
    await edge.get('/api/companies/17?limit=5');
    await edge.get('/edge/healthz');
    await edge.get('/no/such/file.txt');
    const res = await scrape();
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.text;
    for (const series of [
      'http_requests_total{method="GET",route="/",status="200"}',
      'http_requests_total{method="GET",route="(page)",status="200"}',
      'http_requests_total{method="GET",route="/assets/*",status="200"}',
      'http_requests_total{method="GET",route="/api/*",status="200"}',
      'http_requests_total{method="GET",route="/edge/healthz",status="200"}',
      'http_requests_total{method="GET",route="(file)",status="404"}',
      'http_request_duration_seconds_bucket{le="0.1",method="GET",route="/api/*",status="200"}',
      'nodejs_eventloop_lag_seconds',
      'process_cpu_user_seconds_total',
      'fleetport_edge_websocket_upgrades_total',
    ]) {
      expect(text, series).toContain(series);
    }
    // Patterns only: no URL, id or query becomes a label.
    expect(text).not.toMatch(/route="[^"]*(companies|limit|42|file\.txt)/);
  });

  it('answers only /metrics there', async () => {
    expect((await request(metricsPort, { path: '/', headers: { host: '127.0.0.1' } })).status).toBe(404);
  });

  it("never answers /metrics on the public port, nor passes it to the API's", async () => {
    for (const path of ['/metrics', '/metrics?x=1', '/metrics/']) {
      const res = await edge.get(path);
      expect(res.status, path).toBe(404);
      expect(res.text, path).not.toContain('# TYPE');
    }
    expect(upstream.paths.filter((path) => path.includes('metrics'))).toEqual([]);
  });

  it('is off unless METRICS_PORT is set', async () => {
    const plain = await startFixture();
    try {
      expect(plain.edge.metricsPort).toBeUndefined();
    } finally {
      await plain.stop();
    }
  });

  it('labels routes by pattern', () => {
    expect(edgeRoute('/api/users/9')).toBe('/api/*');
    expect(edgeRoute('/status/socket.io/')).toBe('/status/socket.io/*');
    expect(edgeRoute('/edge/brands/acme/logo')).toBe('/edge/brands/*');
    expect(edgeRoute('/brand/abc/logo.svg')).toBe('/brand/*');
    expect(edgeRoute('/companies/3/users')).toBe('(page)');
    expect(edgeRoute('/robots.txt')).toBe('(file)');
  });
});
