import { type ChildProcess, spawn } from 'node:child_process';
import mqtt from 'mqtt';
import { pino } from 'pino';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { type ApiFixture, startTestApi } from '../../testing/fixtures.ts';
import { freePort, hasMosquitto, MOSQUITTO, stopBroker } from '../../testing/mosquitto.ts';
import { brokerTrouble, ExternalBroker } from './transport.ts';

// Issue 31, bad input: an external broker (MQTT_URL) unreachable at start and mid-run. The API
// serves the console meanwhile, tries again with a growing pause, and subscribes again each time
// it connects, so devices' readings resume; each trouble is one log line in words. Meanwhile the
// API says it is degraded (GET /api/readyz, still 200 so the console stays served), with the reason.

const running: ChildProcess[] = [];

/** A Mosquitto of the test's own on a port (no configuration: loopback only, MQTT 5). */
function mosquittoOn(port: number): ChildProcess {
  const broker = spawn(MOSQUITTO, ['-p', String(port)], { stdio: 'ignore' });
  running.push(broker);
  return broker;
}

let fx: ApiFixture | undefined;
afterEach(async () => {
  for (const broker of running.splice(0)) await stopBroker(broker);
});
afterAll(async () => {
  await fx?.stop();
});

describe('an external broker that is not there', () => {
  it('at start: the API starts and serves the console, and says it is degraded (still ready) while the broker is away', async () => {
    const port = await freePort();
    fx = await startTestApi({
      MQTT_URL: `mqtt://127.0.0.1:${port}`,
      MQTT_SHARE_GROUP: `down-${process.pid}`,
    });
    expect((fx.api.deps.gateway.transport as ExternalBroker).connected).toBe(false);
    expect((await fetch(`${fx.url}/api/healthz`)).status).toBe(200);
    const ready = await fetch(`${fx.url}/api/readyz`);
    // Still ready: a load balancer keeps the console; the reason is in the answer.
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      success: true,
      data: { status: 'degraded', database: fx.store, broker: 'disconnected' },
      warnings: [
        {
          code: 'BROKER_UNAVAILABLE',
          message: 'The device broker (MQTT_URL) is not connected: devices cannot reach Fleetport.',
        },
      ],
    });
    if (!hasMosquitto) return;
    // The broker comes: the API connects by itself and is ready.
    mosquittoOn(port);
    await expect
      .poll(
        async () =>
          ((await (await fetch(`${fx?.url}/api/readyz`)).json()) as { data: { broker: string } }).data.broker,
        {
          timeout: 15_000,
          interval: 200,
        },
      )
      .toBe('connected');
    const body = (await (await fetch(`${fx.url}/api/readyz`)).json()) as { data: unknown };
    expect(body.data).toEqual({
      status: 'ready',
      database: fx.store,
      broker: 'connected',
    });
  }, 30_000);

  it.runIf(hasMosquitto)(
    'when it comes the gateway connects and hears devices; after it went away and came back, again',
    async () => {
      const port = await freePort();
      const url = `mqtt://127.0.0.1:${port}`;
      const heard: string[] = [];
      const transport = new ExternalBroker(url, pino({ level: 'silent' }), `again-${process.pid}`, 100);
      await transport.start((topic) => heard.push(topic));
      expect(transport.connected).toBe(false);
      const publish = async (serial: string) => {
        const device = await mqtt.connectAsync(url, { reconnectPeriod: 0 });
        await device.publishAsync(`fp/v1/${serial}/hello`, '{}', { qos: 1 });
        await device.endAsync();
      };
      try {
        const first = mosquittoOn(port);
        await expect.poll(() => transport.connected, { timeout: 15_000, interval: 100 }).toBe(true);
        await expect
          .poll(
            async () => {
              await publish('1100000001');
              return heard.includes('fp/v1/1100000001/hello');
            },
            { timeout: 5000 },
          )
          .toBe(true);
        // Mid-run the broker goes away: publishing says so at once, instead of waiting.
        await stopBroker(first);
        await expect.poll(() => transport.connected, { timeout: 5000 }).toBe(false);
        await expect(transport.publish('fp/v1/1100000001/config', '{}', { retain: true })).rejects.toThrow(
          'the device broker is not connected',
        );
        mosquittoOn(port);
        await expect.poll(() => transport.connected, { timeout: 20_000, interval: 100 }).toBe(true);
        // Subscribed again: a device's message reaches the gateway.
        await expect
          .poll(
            async () => {
              await publish('1100000002');
              return heard.includes('fp/v1/1100000002/hello');
            },
            { timeout: 5000 },
          )
          .toBe(true);
      } finally {
        await transport.close();
      }
    },
    60_000,
  );

  it('says in words what went wrong: unreachable, refused credentials, refused otherwise', () => {
    const address = 'mqtt://broker:1883';
    expect(
      brokerTrouble(address, Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })),
    ).toBe('the device broker at mqtt://broker:1883 cannot be reached: connect ECONNREFUSED');
    expect(
      brokerTrouble(address, Object.assign(new Error('Connection refused: Not authorized'), { code: 135 })),
    ).toMatch(/refused Fleetport's own credentials \(MQTT_URL's user name and password\)/);
    expect(
      brokerTrouble(
        address,
        Object.assign(new Error('Connection refused: Unacceptable protocol version'), { code: 1 }),
      ),
    ).toBe(
      "the device broker at mqtt://broker:1883 refused the API's connection (code 1): Connection refused: Unacceptable protocol version",
    );
  });
});
