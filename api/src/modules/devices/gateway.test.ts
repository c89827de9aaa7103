import {
  CONNECTION_REASONS,
  clientIdFor,
  deviceTopics,
  type Hello,
  type ReportedCapabilities,
} from '@fleetport/contracts/device-protocol';
import { and, eq } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  creditBalances,
  deviceConnectionLog,
  deviceIdentities,
  devices,
  deviceTelemetry,
} from '../../db/schema.ts';
import { type ApiFixture, companyIdByName, startTestApi } from '../../testing/fixtures.ts';
import { secretDigest } from './status.ts';
import type { EmbeddedBroker } from './transport.ts';

let fx: ApiFixture;
let brokerUrl: string;
beforeAll(async () => {
  fx = await startTestApi();
  brokerUrl = `mqtt://127.0.0.1:${(fx.api.deps.gateway.transport as EmbeddedBroker).port}`;
});
afterAll(async () => {
  await fx?.stop();
});

const CAPABILITIES: ReportedCapabilities = {
  wifi: true,
  gps: true,
  hotspot: false,
  io: true,
  ddns: true,
  l2tp: true,
  mobile: true,
  sim_count: 2,
  port_count: 4,
  lan: true,
  second_modem: false,
  webfilter: true,
  vpn: true,
};

interface Unit {
  serial: string;
  mac: string;
  secret: string;
  identityId: number;
}

let next = 0;
/** An approved identity, optionally in a company as a device. */
async function approve(company?: string, device: Partial<typeof devices.$inferInsert> = {}): Promise<Unit> {
  next += 1;
  const serial = `77${String(Date.now()).slice(-6)}${String(next).padStart(2, '0')}`;
  const mac = `00:1E:42:00:${String(next).padStart(2, '0')}:0A`;
  const secret = `secret-${serial}-xxxxxxxxxxxx`;
  const { db } = fx.api.deps;
  const [identity] = await db
    .insert(deviceIdentities)
    .values({ serial, mac, secretSha256: secretDigest(secret) })
    .returning();
  if (!identity) throw new Error('no identity');
  if (company) {
    await db.insert(devices).values({
      companyId: await companyIdByName(fx, company),
      identityId: identity.id,
      serial,
      mac,
      name: `Unit ${serial}`,
      ...device,
    });
  }
  return { serial, mac, secret, identityId: identity.id };
}

function connect(unit: Unit, overrides: { secret?: string; mac?: string } = {}): Promise<MqttClient> {
  return mqtt.connectAsync(brokerUrl, {
    clientId: clientIdFor(unit.serial, overrides.mac ?? unit.mac),
    username: unit.serial,
    password: overrides.secret ?? unit.secret,
    reconnectPeriod: 0,
    will: {
      topic: deviceTopics(unit.serial).status,
      payload: Buffer.from(JSON.stringify({ v: 1, state: 'offline' })),
      qos: 1,
      retain: true,
    },
  });
}

function hello(unit: Unit, model = 'RUT956', firmware = 'RUT9_R_00.07.06.1'): Hello {
  return {
    v: 1,
    serial: unit.serial,
    mac: unit.mac,
    model,
    firmware,
    uptime_s: 12,
    capabilities: CAPABILITIES,
  };
}

async function sayHello(client: MqttClient, unit: Unit, model?: string, firmware?: string): Promise<void> {
  const topics = deviceTopics(unit.serial);
  await client.publishAsync(topics.hello, JSON.stringify(hello(unit, model, firmware)), { qos: 1 });
  await client.publishAsync(topics.status, JSON.stringify({ v: 1, state: 'online' }), {
    qos: 1,
    retain: true,
  });
  await fx.api.deps.gateway.settled();
}

async function deviceOf(unit: Unit) {
  const [row] = await fx.api.deps.db.select().from(devices).where(eq(devices.serial, unit.serial));
  if (!row) throw new Error('no device');
  return row;
}

async function reasons(unit: Unit): Promise<number[]> {
  const rows = await fx.api.deps.db
    .select({ reason: deviceConnectionLog.reason })
    .from(deviceConnectionLog)
    .where(eq(deviceConnectionLog.identityId, unit.identityId))
    .orderBy(deviceConnectionLog.id);
  return rows.map((row) => row.reason);
}

async function until(check: () => Promise<boolean>): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    await fx.api.deps.gateway.settled();
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('condition never met');
}

const dynamic = (at = new Date().toISOString()) => ({
  v: 1,
  at,
  data: {
    signal: -71,
    rsrp: -98,
    rsrq: -11,
    sinr: 9,
    operator: '<b>Operator</b>',
    connection_type: 'LTE',
    temperature: 412,
    uptime_s: 40,
    sim_slot: 1,
    wan_ip: '10.0.0.2',
    mobile: [{ sim: 1, rx_bytes: 1024, tx_bytes: 2048 }],
  },
});

describe('device gateway on the embedded broker (docs/device-protocol.md)', () => {
  it('connects an approved device in a company: online, model, derived capabilities, trial credit', async () => {
    const unit = await approve('Acme West');
    const client = await connect(unit);
    try {
      await sayHello(client, unit);
      const device = await deviceOf(unit);
      expect(device.connected).toBe(true);
      expect(device.model).toBe('RUT956');
      expect(device.firstSeenAt).not.toBeNull();
      // Spec §3: derived from model and firmware; RUT has no second modem whatever it reports.
      expect(device.capabilities).toMatchObject({ series: 'RUT', wifi: true, webfilter: true, sim_count: 2 });
      // A new device's 30-day trial.
      const days = ((device.creditUntil?.getTime() ?? 0) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(29);
      expect(days).toBeLessThanOrEqual(30);
      expect(await reasons(unit)).toEqual([CONNECTION_REASONS.connected]);
    } finally {
      await client.endAsync();
    }
  });

  it('keeps the update history: each firmware the device came back on, with the one before', async () => {
    const unit = await approve('Acme West');
    const client = await connect(unit);
    try {
      await sayHello(client, unit, 'RUT956', 'RUT9_R_00.07.06.1');
      await sayHello(client, unit, 'RUT956', 'RUT9_R_00.07.06.1'); // a reconnection: no update
      await sayHello(client, unit, 'RUT956', 'RUT9_R_00.07.08');
      const device = await deviceOf(unit);
      expect(device.firmware).toBe('RUT9_R_00.07.08');
      const admin = await fx.login('super@fleetport.example');
      const history = await admin.get(`/api/devices/${device.id}/firmware-history`);
      expect(history.status).toBe(200);
      expect(
        history.body.data.map((row: { from_version: string | null; to_version: string }) => [
          row.from_version,
          row.to_version,
        ]),
      ).toEqual([
        ['RUT9_R_00.07.06.1', 'RUT9_R_00.07.08'],
        [null, 'RUT9_R_00.07.06.1'],
      ]);
    } finally {
      await client.endAsync();
    }
  });

  it('gives an access point a two-year trial', async () => {
    const unit = await approve('Acme West');
    const client = await connect(unit);
    try {
      await sayHello(client, unit, 'TAP200');
      const days = (((await deviceOf(unit)).creditUntil?.getTime() ?? 0) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(700);
    } finally {
      await client.endAsync();
    }
  });

  it('refuses a wrong secret, an unknown serial and another MAC alike; logs reasons 10 and 7', async () => {
    const unit = await approve('Acme West');
    const refusals = await Promise.all([
      connect(unit, { secret: 'not-the-secret-at-all-000' }).then(
        () => 'connected',
        (error: Error) => error.message,
      ),
      connect({ ...unit, serial: '99887766550' }).then(
        () => 'connected',
        (error: Error) => error.message,
      ),
      connect(unit, { mac: '00:1E:42:FF:FF:FF' }).then(
        () => 'connected',
        (error: Error) => error.message,
      ),
    ]);
    expect(refusals.every((message) => /bad user ?name or password/i.test(message))).toBe(true);
    expect(new Set(refusals).size).toBe(1);
    expect((await reasons(unit)).sort()).toEqual(
      [CONNECTION_REASONS.attempted, CONNECTION_REASONS.serialWithOtherMac].sort(),
    );
    expect((await deviceOf(unit)).firstSeenAt).toBeNull();
  });

  it('keeps a device to its own topics: a foreign subscription is refused, a foreign publish closes it', async () => {
    const mine = await approve('Acme West');
    const other = await approve('Acme West');
    const client = await connect(mine);
    // SUBACK 128 (failure), which mqtt.js reports as an error; the connection stays.
    await expect(client.subscribeAsync(deviceTopics(other.serial).command, { qos: 1 })).rejects.toThrow(
      /subscribe error/i,
    );
    expect(client.connected).toBe(true);
    expect(await client.subscribeAsync(deviceTopics(mine.serial).command, { qos: 1 })).toHaveLength(1);
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    client.publish(deviceTopics(other.serial).hello, JSON.stringify(hello(other)), { qos: 1 });
    await closed;
    client.end(true);
    await fx.api.deps.gateway.settled();
    expect((await deviceOf(other)).connected).toBe(false);
    expect((await deviceOf(other)).firstSeenAt).toBeNull();
  });

  it('stores telemetry as latest state; drops it with reason 14 while monitoring is off', async () => {
    const unit = await approve('Acme West');
    const muted = await approve('Acme West', { monitoring: false });
    const [client, mutedClient] = await Promise.all([connect(unit), connect(muted)]);
    try {
      await sayHello(client, unit);
      await sayHello(mutedClient, muted);
      const reading = dynamic();
      await client.publishAsync(deviceTopics(unit.serial).telemetry('dynamic'), JSON.stringify(reading), {
        qos: 1,
      });
      await mutedClient.publishAsync(
        deviceTopics(muted.serial).telemetry('dynamic'),
        JSON.stringify(dynamic()),
        {
          qos: 1,
        },
      );
      // A reading outside the schema never reaches the database.
      await client.publishAsync(
        deviceTopics(unit.serial).telemetry('dynamic'),
        JSON.stringify({ ...reading, data: { ...reading.data, signal: 99 } }),
        { qos: 1 },
      );
      await until(async () => Object.keys((await deviceOf(unit)).state as object).length > 0);
      const state = (await deviceOf(unit)).state as Record<
        string,
        { data: { signal: number; operator: string } }
      >;
      expect(state.dynamic?.data.signal).toBe(-71);
      expect(state.dynamic?.data.operator).toBe('<b>Operator</b>');
      expect((await deviceOf(muted)).state).toEqual({});
      expect(await reasons(muted)).toContain(CONNECTION_REASONS.monitoringDisabled);
    } finally {
      await Promise.all([client.endAsync(), mutedClient.endAsync()]);
    }
  });

  it('renews an expired credit from the company pool, and logs reason 15 when none is left', async () => {
    const expired = new Date(Date.now() - 1000);
    const paid = await approve('Acme West', { creditUntil: expired });
    const broke = await approve('Northwind Logistics', { creditUntil: expired });
    const { db } = fx.api.deps;
    const acmeWest = await companyIdByName(fx, 'Acme West');
    await db
      .insert(creditBalances)
      .values({ companyId: acmeWest, creditTypeId: 1, amount: 3 })
      .onConflictDoUpdate({
        target: [creditBalances.companyId, creditBalances.creditTypeId],
        set: { amount: 3 },
      });
    const [client, brokeClient] = await Promise.all([connect(paid), connect(broke)]);
    try {
      await sayHello(client, paid);
      await sayHello(brokeClient, broke);
      const renewed = await deviceOf(paid);
      expect((renewed.creditUntil?.getTime() ?? 0) - Date.now()).toBeGreaterThan(29 * 86_400_000);
      const [balance] = await db
        .select()
        .from(creditBalances)
        .where(and(eq(creditBalances.companyId, acmeWest), eq(creditBalances.creditTypeId, 1)));
      expect(balance?.amount).toBe(2);
      expect(await reasons(broke)).toContain(CONNECTION_REASONS.noActiveCredit);
      expect((await deviceOf(broke)).creditUntil?.getTime()).toBe(expired.getTime());
    } finally {
      await Promise.all([client.endAsync(), brokeClient.endAsync()]);
    }
  });

  it('turns a device Offline when its connection drops without a goodbye (the last will)', async () => {
    const unit = await approve('Acme West');
    const client = await connect(unit);
    await sayHello(client, unit);
    expect((await deviceOf(unit)).connected).toBe(true);
    client.stream.destroy();
    await until(async () => !(await deviceOf(unit)).connected);
    expect((await deviceOf(unit)).connected).toBe(false);
  });

  it('sends the configuration, retained, with the monitoring the device is to do', async () => {
    const unit = await approve('Acme West', { dynamicIntervalS: 120 });
    const client = await connect(unit);
    try {
      const config = new Promise<unknown>((resolve) =>
        client.on('message', (_topic, payload) => resolve(JSON.parse(payload.toString()))),
      );
      await client.subscribeAsync(deviceTopics(unit.serial).config, { qos: 1 });
      await sayHello(client, unit);
      expect(await config).toEqual({ v: 1, monitoring: true, intervals_s: { dynamic: 120, static: 86400 } });
    } finally {
      await client.endAsync();
    }
  });
});

describe('telemetry retention (TELEMETRY_RETENTION_DAYS, default 30)', () => {
  it('prunes readings older than the retention and keeps the rest', async () => {
    const unit = await approve('Acme West');
    const { db } = fx.api.deps;
    const [device] = await db.select().from(devices).where(eq(devices.serial, unit.serial));
    const day = 86_400_000;
    await db.insert(deviceTelemetry).values([
      {
        deviceId: device?.id ?? 0,
        category: 'dynamic',
        at: new Date(Date.now() - 31 * day),
        data: { old: true },
      },
      {
        deviceId: device?.id ?? 0,
        category: 'dynamic',
        at: new Date(Date.now() - 29 * day),
        data: { old: false },
      },
    ]);
    expect(await fx.api.deps.gateway.pruneTelemetry()).toBeGreaterThanOrEqual(1);
    const left = await db
      .select()
      .from(deviceTelemetry)
      .where(eq(deviceTelemetry.deviceId, device?.id ?? 0));
    expect(left.map((row) => row.data)).toEqual([{ old: false }]);
  });
});
