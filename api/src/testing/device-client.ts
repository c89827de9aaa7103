import { randomBytes } from 'node:crypto';
import {
  type Command,
  clientIdFor,
  deviceTopics,
  type ReportedCapabilities,
} from '@fleetport/contracts/device-protocol';
import mqtt, { type MqttClient } from 'mqtt';
import { deviceIdentities, devices } from '../db/schema.ts';
import { secretDigest } from '../modules/devices/status.ts';
import type { EmbeddedBroker } from '../modules/devices/transport.ts';
import { type ApiFixture, companyIdByName } from './fixtures.ts';

export const capabilities: ReportedCapabilities = {
  ...{ wifi: false, gps: false, hotspot: false, io: false, ddns: false, l2tp: false, mobile: true },
  ...{ sim_count: 1, port_count: 1, lan: true, second_modem: false, webfilter: false, vpn: false },
};

/**
 * How a test device answers a command: the results it publishes, then whether it restarts (and
 * on which firmware it comes back).
 */
export type AnswerOf = { results: Record<string, unknown>[]; restart?: boolean; firmware?: string };
export type Answer = (command: Command) => AnswerOf | Promise<AnswerOf>;

/** A device of a company in the test store: an approved identity with its secret, not connected yet. */
export async function createTestDevice(fx: ApiFixture, company: string) {
  const serial = `66${randomBytes(5).readUIntBE(0, 5).toString().padStart(12, '0').slice(0, 12)}`;
  const mac = `00:1E:42:${randomBytes(3).toString('hex').match(/../g)?.join(':').toUpperCase()}`;
  const secret = `secret-${serial}-${randomBytes(8).toString('hex')}`;
  const { db } = fx.api.deps;
  const [identity] = await db
    .insert(deviceIdentities)
    .values({ serial, mac, secretSha256: secretDigest(secret) })
    .returning();
  if (!identity) throw new Error('no identity');
  const [device] = await db
    .insert(devices)
    .values({
      companyId: await companyIdByName(fx, company),
      identityId: identity.id,
      serial,
      mac,
      name: `Unit ${serial}`,
    })
    .returning();
  if (!device) throw new Error('no device');
  return { id: device.id, name: device.name, serial, mac, secret };
}
export type TestDevice = Awaited<ReturnType<typeof createTestDevice>>;

/**
 * A device of a company in the test store, connected to the API's embedded broker as a real one
 * would be (identity, secret, hello, online), answering the commands the console sends.
 */
export async function connectTestDevice(fx: ApiFixture, company: string, answer: Answer) {
  return connectDevice(fx, await createTestDevice(fx, company), answer);
}

/** Connects a test device (again, after a restart of the API: to the broker it has now). */
export async function connectDevice(
  fx: ApiFixture,
  unit: TestDevice,
  answer: Answer,
  firmware = 'RUT9_R_00.07.06.1',
) {
  const { serial, mac, secret } = unit;
  const { gateway } = fx.api.deps;
  const topics = deviceTopics(serial);
  const client: MqttClient = await mqtt.connectAsync(
    `mqtt://127.0.0.1:${(gateway.transport as EmbeddedBroker).port}`,
    { clientId: clientIdFor(serial, mac), username: serial, password: secret, reconnectPeriod: 0 },
  );
  let running = firmware;
  const hello = async () => {
    const body = { v: 1, serial, mac, model: 'RUT956', firmware: running, uptime_s: 5, capabilities };
    await client.publishAsync(topics.hello, JSON.stringify(body), { qos: 1 });
    await client.publishAsync(topics.status, JSON.stringify({ v: 1, state: 'online' }), {
      qos: 1,
      retain: true,
    });
    await gateway.settled();
  };
  client.on('message', (_topic, payload) => {
    const command = JSON.parse(payload.toString()) as Command;
    void (async () => {
      const { results, restart, firmware: next } = await answer(command);
      for (const result of results) {
        await client.publishAsync(topics.commandResult, JSON.stringify({ v: 1, id: command.id, ...result }), {
          qos: 1,
        });
      }
      if (restart) {
        running = next ?? running;
        await hello();
      }
    })();
  });
  await client.subscribeAsync(topics.command, { qos: 1 });
  await hello();
  return { id: unit.id, name: unit.name, client, hello };
}
