import { clientIdFor, deviceTopics } from '@fleetport/contracts/device-protocol';
import mqtt, { type MqttClient } from 'mqtt';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceIdentities } from './db/schema.ts';
import { secretDigest } from './modules/devices/status.ts';
import type { EmbeddedBroker } from './modules/devices/transport.ts';
import { REALTIME_PATH } from './modules/realtime/realtime.ts';
import { type ApiFixture, startTestApi } from './testing/fixtures.ts';

let fx: ApiFixture;
let socket: Socket | undefined;
let device: MqttClient | undefined;
beforeAll(async () => {
  fx = await startTestApi({ METRICS_PORT: 0 });
});
afterAll(async () => {
  socket?.close();
  await device?.endAsync();
  await fx?.stop();
});

const scrape = async () => {
  const res = await fetch(`http://127.0.0.1:${fx.api.metricsPort}/metrics`);
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
};

/** The value of one sample line, by its exact name and labels. */
const sample = (text: string, series: string): number | undefined => {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('API answers are never cached', () => {
  it('sends Cache-Control: no-store on /api/user, a list, and an error', async () => {
    const client = await fx.login('admin@acme.example');
    for (const path of ['/api/user', '/api/users?limit=5']) {
      const res = await client.get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
    }
    const anonymous = await fx.client().get('/api/user');
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('cache-control')).toBe('no-store');
  });
});

describe('API metrics (METRICS_PORT)', () => {
  it('serve Prometheus text: requests by route pattern, sockets, devices, MQTT messages, the process', async () => {
    const client = await fx.login('admin@acme.example');
    await client.get('/api/user');
    await client.get('/api/users?limit=5&offset=0');
    await client.get('/api/tags/999999');

    // A console's realtime socket and a device saying hello on the embedded broker.
    socket = io(fx.url, {
      path: REALTIME_PATH,
      transports: ['websocket'],
      reconnection: false,
      extraHeaders: { Cookie: client.cookieHeader('/status/socket.io') },
    });
    await new Promise<void>((resolve, reject) => {
      socket?.once('connect', () => resolve());
      socket?.once('connect_error', reject);
    });
    const serial = `66${String(Date.now()).slice(-8)}`;
    const mac = '00:1E:42:66:00:01';
    const secret = `secret-${serial}-metrics`;
    await fx.api.deps.db.insert(deviceIdentities).values({ serial, mac, secretSha256: secretDigest(secret) });
    const port = (fx.api.deps.gateway.transport as EmbeddedBroker).port;
    device = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, {
      clientId: clientIdFor(serial, mac),
      username: serial,
      password: secret,
      reconnectPeriod: 0,
    });
    await device.publishAsync(deviceTopics(serial).hello, JSON.stringify({ v: 1, serial }), { qos: 1 });
    await fx.api.deps.gateway.settled();

    const { status, type, text } = await scrape();
    expect(status).toBe(200);
    expect(type).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(sample(text, 'http_requests_total{method="GET",route="/api/user",status="200"}')).toBeGreaterThan(
      0,
    );
    expect(sample(text, 'http_requests_total{method="GET",route="/api/users",status="200"}')).toBeGreaterThan(
      0,
    );
    expect(text).toContain('route="/api/tags/:id"');
    expect(text).toContain(
      'http_request_duration_seconds_bucket{le="0.1",method="GET",route="/api/user",status="200"}',
    );
    // Patterns only: never a URL, an id or a query.
    expect(text).not.toMatch(/route="[^"]*(\?|limit|999999)/);
    expect(sample(text, 'fleetport_socketio_connected')).toBe(1);
    expect(sample(text, 'fleetport_socketio_connections_total')).toBeGreaterThan(0);
    expect(sample(text, 'fleetport_devices_connected')).toBe(1);
    expect(sample(text, 'fleetport_mqtt_messages_received_total{kind="hello"}')).toBeGreaterThan(0);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(text).toContain('process_cpu_user_seconds_total');
    // node-postgres' pool figures; PGlite has no pool.
    if (fx.store === 'postgres') expect(sample(text, 'fleetport_db_pool_total')).toBeGreaterThan(0);
    else expect(text).not.toContain('fleetport_db_pool_total');
  });

  it("are not on the API's own port, which the edge proxies", async () => {
    for (const path of ['/metrics', '/api/metrics']) {
      const res = await fx.client().get(path);
      expect(res.status, path).toBe(404);
      expect(JSON.stringify(res.body), path).not.toContain('# TYPE');
    }
  });
});
