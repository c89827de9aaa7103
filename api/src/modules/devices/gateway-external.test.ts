import { clientIdFor, deviceTopics, type ReportedCapabilities } from '@fleetport/contracts/device-protocol';
import { eq } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceIdentities, devices } from '../../db/schema.ts';
import { type ApiFixture, companyIdByName, startTestApi } from '../../testing/fixtures.ts';
import { secretDigest } from './status.ts';

/**
 * The gateway on an external broker (MQTT_URL: the machine's Mosquitto in CI, where .ci/run
 * sets it, so this run is mandatory there). The broker authenticates devices; the API takes
 * their messages through a shared subscription.
 */
const MQTT_URL = process.env.MQTT_URL;

describe.runIf(MQTT_URL)('device gateway on an external broker (MQTT_URL)', () => {
  let fx: ApiFixture;
  beforeAll(async () => {
    // A group of its own: the other test project's API shares this broker.
    fx = await startTestApi({ MQTT_URL, MQTT_SHARE_GROUP: `test-${process.pid}-${Date.now()}` });
  });
  afterAll(async () => {
    await fx?.stop();
  });

  it('stores a device’s hello, status and telemetry, publishes its configuration, and sees it go offline', async () => {
    const serial = `9${String(process.pid % 10)}${String(Date.now()).slice(-8)}`;
    const mac = '00:1E:42:91:00:01';
    const { db } = fx.api.deps;
    const [identity] = await db
      .insert(deviceIdentities)
      .values({ serial, mac, secretSha256: secretDigest(`secret-${serial}-abcdef`) })
      .returning();
    await db.insert(devices).values({
      companyId: await companyIdByName(fx, 'Acme West'),
      identityId: identity?.id ?? 0,
      serial,
      mac,
      name: 'External',
    });
    const topics = deviceTopics(serial);
    const client = await mqtt.connectAsync(MQTT_URL as string, {
      clientId: clientIdFor(serial, mac),
      reconnectPeriod: 0,
      will: { topic: topics.status, payload: Buffer.from('{"v":1,"state":"offline"}'), qos: 1, retain: true },
    });
    const config = new Promise<unknown>((resolve) =>
      client.on('message', (_topic, payload) => resolve(JSON.parse(payload.toString()))),
    );
    await client.subscribeAsync(topics.config, { qos: 1 });
    const capabilities: ReportedCapabilities = {
      wifi: false,
      gps: true,
      hotspot: false,
      io: true,
      ddns: false,
      l2tp: false,
      mobile: true,
      sim_count: 2,
      port_count: 1,
      lan: true,
      second_modem: false,
      webfilter: false,
      vpn: true,
    };
    await client.publishAsync(
      topics.hello,
      JSON.stringify({
        v: 1,
        serial,
        mac,
        model: 'TRB140',
        firmware: 'TRB1_R_00.07.06',
        uptime_s: 3,
        capabilities,
      }),
      { qos: 1 },
    );
    await client.publishAsync(topics.status, '{"v":1,"state":"online"}', { qos: 1, retain: true });
    expect(await config).toMatchObject({ v: 1, monitoring: true });
    const row = async () => (await db.select().from(devices).where(eq(devices.serial, serial)))[0];
    const waitFor = async (check: () => Promise<boolean>) => {
      for (let attempt = 0; attempt < 100 && !(await check()); attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    await waitFor(async () => (await row())?.connected === true);
    expect((await row())?.model).toBe('TRB140');
    client.stream.destroy();
    await waitFor(async () => (await row())?.connected === false);
    expect((await row())?.connected).toBe(false);
    // The retained configuration stays for the device's next connection; clear it.
    const cleaner = await mqtt.connectAsync(MQTT_URL as string, { reconnectPeriod: 0 });
    await cleaner.publishAsync(topics.config, '', { retain: true, qos: 1 });
    await cleaner.publishAsync(topics.status, '', { retain: true, qos: 1 });
    await cleaner.endAsync();
  });
});
