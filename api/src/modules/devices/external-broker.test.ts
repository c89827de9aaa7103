import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import mqtt from 'mqtt';
import { pino } from 'pino';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { type ApiFixture, startTestApi } from '../../testing/fixtures.ts';
import { brokerTrouble, ExternalBroker } from './transport.ts';

// Issue 31, bad input: an external broker (MQTT_URL) unreachable at start and mid-run. The API
// serves the console meanwhile, tries again with a growing pause, and subscribes again each time
// it connects, so devices' readings resume; each trouble is one log line in words.

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const MOSQUITTO = '/usr/sbin/mosquitto';
const running: ChildProcess[] = [];

/** A Mosquitto of the test's own on a port (no configuration: loopback only, MQTT 5). */
function mosquittoOn(port: number): ChildProcess {
  const broker = spawn(MOSQUITTO, ['-p', String(port)], { stdio: 'ignore' });
  running.push(broker);
  return broker;
}

async function stop(broker: ChildProcess): Promise<void> {
  if (broker.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => broker.once('exit', () => resolve()));
  broker.kill('SIGTERM');
  await exited;
}

let fx: ApiFixture | undefined;
afterEach(async () => {
  for (const broker of running.splice(0)) await stop(broker);
});
afterAll(async () => {
  await fx?.stop();
});

describe('an external broker that is not there', () => {
  it('at start: the API starts and serves the console', async () => {
    const port = await freePort();
    fx = await startTestApi({
      MQTT_URL: `mqtt://127.0.0.1:${port}`,
      MQTT_SHARE_GROUP: `down-${process.pid}`,
    });
    expect((fx.api.deps.gateway.transport as ExternalBroker).connected).toBe(false);
    expect((await fetch(`${fx.url}/api/healthz`)).status).toBe(200);
  });

  it.runIf(existsSync(MOSQUITTO))(
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
        await stop(first);
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
