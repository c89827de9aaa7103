import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { clientIdFor } from '@fleetport/contracts/device-protocol';
import { eq, like } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceIdentities } from '../../db/schema.ts';
import { type ApiFixture, startTestApi, type TestClient } from '../../testing/fixtures.ts';
import { type DynsecBroker, hasDynsec, startDynsecBroker } from '../../testing/mosquitto.ts';
import { type DynsecProvisioner, nameSome } from './dynsec.ts';
import { type BrokerClient, DEVICE_ROLE_PREFIX, GATEWAY_ROLE, MANAGED_TEXTNAME } from './dynsec-plan.ts';
import { secretDigest } from './status.ts';

// Issue 31: Fleetport provisions a Mosquitto 2 broker through its dynamic-security plugin
// (MQTT_DYNSEC=on; docs/device-protocol.md, "Mosquitto (dynamic security)"). On a Mosquitto of
// the test's own: a device imported through the real route connects through the broker, every
// other identity is refused by the broker itself, topics are confined by its ACLs, and a resync
// puts the broker in line with Approved Devices.

const stamp = String(Date.now()).slice(-7);
let made = 0;
/** A new identity: serial, MAC and a 128-bit hex secret. */
function identity(prefix = 'D') {
  made += 1;
  const hex = made.toString(16).padStart(4, '0').toUpperCase();
  return {
    serial: `${prefix}${stamp}${String(made).padStart(3, '0')}`,
    mac: `00:1E:42:D5:${hex.slice(0, 2)}:${hex.slice(2)}`,
    secret: randomBytes(16).toString('hex'),
  };
}
type Identity = ReturnType<typeof identity>;

let broker: DynsecBroker;
let fx: ApiFixture;
let superAdmin: TestClient;
let dynsec: DynsecProvisioner;
const open: MqttClient[] = [];

/** A device connecting as the protocol says (MQTT 3.1.1), with what it is told to present. */
async function connectDevice(row: Identity, as: Partial<Identity> = {}): Promise<MqttClient> {
  const client = await mqtt.connectAsync(broker.url, {
    clientId: clientIdFor(as.serial ?? row.serial, as.mac ?? row.mac),
    username: as.serial ?? row.serial,
    password: as.secret ?? row.secret,
    protocolVersion: 4,
    reconnectPeriod: 0,
    connectTimeout: 5000,
  });
  open.push(client);
  return client;
}

/** The CONNACK code a refused device gets (5, not authorized), or 'connected'. */
const refusal = (row: Identity, as: Partial<Identity> = {}) =>
  connectDevice(row, as).then(
    () => 'connected',
    (error: { code?: unknown }) => error.code,
  );

async function importRows(rows: readonly Identity[]) {
  const csv = ['serial,mac,secret', ...rows.map((row) => `${row.serial},${row.mac},${row.secret}`)].join(
    '\n',
  );
  const answer = await superAdmin.post('/api/auth-devices', { csv });
  expect(answer.status).toBe(200);
  return answer.body.data as {
    imported: number;
    skipped: number;
    broker?: { provisioned: number; failed: number; pending: number };
  };
}

async function brokerClients(): Promise<BrokerClient[]> {
  const [answer] = await dynsec.control.send([
    { command: 'listClients', verbose: true, count: -1, offset: 0 },
  ]);
  return (answer?.data as { clients?: BrokerClient[] } | undefined)?.clients ?? [];
}

beforeAll(async () => {
  if (!hasDynsec) return;
  broker = await startDynsecBroker();
  fx = await startTestApi({
    MQTT_URL: broker.adminUrl,
    MQTT_DYNSEC: 'on',
    MQTT_SHARE_GROUP: `dynsec-${process.pid}`,
  });
  dynsec = fx.api.deps.dynsec as DynsecProvisioner;
  await dynsec.idle();
  superAdmin = await fx.login('super@fleetport.example');
}, 60_000);

afterAll(async () => {
  await Promise.all(open.map((client) => client.endAsync(true)));
  await fx?.stop();
  await broker?.stop();
});

describe.runIf(hasDynsec)('Mosquitto provisioned by Fleetport (dynamic security)', () => {
  const [a, b] = [identity(), identity()] as [Identity, Identity];

  it('an imported device connects through the broker; an unknown serial, a wrong secret and another MAC are refused by it', async () => {
    expect(await importRows([a, b])).toEqual({
      imported: 2,
      skipped: 0,
      broker: { provisioned: 2, failed: 0, pending: 0 },
    });
    const device = await connectDevice(a);
    expect(device.connected).toBe(true);
    const stranger = identity();
    expect(await refusal(stranger)).toBe(5);
    expect(await refusal(a, { secret: b.secret })).toBe(5);
    // A clone: the right serial and secret from another unit's MAC address.
    expect(await refusal(a, { mac: '00:1E:42:99:99:99' })).toBe(5);
  });

  it("the gateway hears a device and reaches it: its shared subscription and commands are its role's", async () => {
    const device = await connectDevice(b);
    const commands: string[] = [];
    device.on('message', (topic, payload) => commands.push(`${topic} ${payload.toString()}`));
    await device.subscribeAsync(`fp/v1/${b.serial}/cmd`, { qos: 1 });
    const hello = {
      v: 1,
      serial: b.serial,
      mac: b.mac,
      model: 'RUT241',
      firmware: 'RUT2M_R_00.07.06.1',
      uptime_s: 5,
      capabilities: {
        wifi: true,
        gps: false,
        hotspot: true,
        io: true,
        ddns: true,
        l2tp: true,
        mobile: true,
        sim_count: 1,
        port_count: 2,
        lan: true,
        second_modem: false,
        webfilter: true,
        vpn: true,
      },
    };
    await device.publishAsync(`fp/v1/${b.serial}/hello`, JSON.stringify(hello), { qos: 1 });
    await expect
      .poll(
        async () =>
          (
            await fx.api.deps.db.select().from(deviceIdentities).where(eq(deviceIdentities.serial, b.serial))
          )[0]?.lastSeenAt,
        { timeout: 5000 },
      )
      .toBeInstanceOf(Date);
    const id = randomUUID();
    await fx.api.deps.gateway.sendTaskCommand(b.serial, { v: 1, id, action: 'reboot' });
    await expect
      .poll(() => commands, { timeout: 5000 })
      .toEqual([`fp/v1/${b.serial}/cmd {"v":1,"id":"${id}","action":"reboot"}`]);
  });

  it('a device publishes only under its own serial and subscribes only to its own commands and configuration', async () => {
    const device = await connectDevice(a);
    // The admin client sees every publish the broker lets through.
    const spy = await mqtt.connectAsync(broker.adminUrl, { reconnectPeriod: 0 });
    open.push(spy);
    const seen: string[] = [];
    spy.on('message', (topic) => seen.push(topic));
    await spy.subscribeAsync('fp/v1/#', { qos: 1 });
    await device.publishAsync(`fp/v1/${b.serial}/telemetry/dynamic`, '{}', { qos: 1 });
    await device.publishAsync(`fp/v1/${a.serial}/cmd`, '{}', { qos: 1 });
    await device.publishAsync(`fp/v1/${a.serial}/telemetry/unknown`, '{}', { qos: 1 });
    await device.publishAsync(`fp/v1/${a.serial}/telemetry/dynamic`, '{}', { qos: 1 });
    await expect.poll(() => seen, { timeout: 5000 }).toContain(`fp/v1/${a.serial}/telemetry/dynamic`);
    expect(seen).toEqual([`fp/v1/${a.serial}/telemetry/dynamic`]);
    for (const topic of [
      `fp/v1/${b.serial}/cmd`,
      'fp/v1/+/cmd',
      `fp/v1/${a.serial}/#`,
      `fp/v1/${a.serial}/hello`,
    ]) {
      // SUBACK 0x80: mqtt.js rejects the subscription.
      await expect(device.subscribeAsync(topic, { qos: 1 }), topic).rejects.toThrow(/Subscribe error/);
    }
    for (const topic of [`fp/v1/${a.serial}/cmd`, `fp/v1/${a.serial}/config`]) {
      expect((await device.subscribeAsync(topic, { qos: 1 }))[0]?.qos).toBe(1);
    }
  });

  it('an identity no longer approved: the resync deletes its client, which disconnects the device at once; it cannot come back', async () => {
    const c = identity();
    await importRows([c]);
    const device = await connectDevice(c);
    const closed = new Promise<void>((resolve) => device.once('close', () => resolve()));
    await fx.api.deps.db.delete(deviceIdentities).where(eq(deviceIdentities.serial, c.serial));
    const report = await dynsec.resync();
    expect(report.deleted).toEqual([c.serial]);
    await closed;
    expect(await refusal(c)).toBe(5);
    expect((await brokerClients()).map((client) => client.username)).not.toContain(c.serial);
  });

  it('removing an identity under Approved Devices: the broker deletes its client and role at once, which kicks the device; it cannot connect again', async () => {
    const d = identity();
    await importRows([d]);
    const device = await connectDevice(d);
    const closed = new Promise<void>((resolve) => device.once('close', () => resolve()));
    const [row] = (await superAdmin.get(`/api/auth-devices?q=${d.serial}`)).body.data;

    const answer = await superAdmin.delete(`/api/auth-devices/${row.id}`);

    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ id: row.id, serial: d.serial, broker: { removed: true } });
    await closed;
    expect(await refusal(d)).toBe(5);
    expect((await brokerClients()).map((client) => client.username)).not.toContain(d.serial);
    const [role] = await dynsec.control.send([
      { command: 'getRole', rolename: `${DEVICE_ROLE_PREFIX}${d.serial}` },
    ]);
    expect(role?.error).toBe('Role not found');
  });

  it("resync: deletes a stray managed client, leaves an operator's, puts a changed one right, and says in one line which must be imported again", async () => {
    const lines: { level: number; msg: string }[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const { DynsecProvisioner } = await import('./dynsec.ts');
    const checker = new DynsecProvisioner({
      url: broker.adminUrl,
      db: fx.api.deps.db,
      log,
      shareGroup: `dynsec-${process.pid}`,
    });
    await checker.start();
    await checker.idle();
    try {
      const stray = identity('S');
      const operator = identity('O');
      const lost = identity('L');
      await checker.control.send([
        {
          command: 'createClient',
          username: stray.serial,
          password: stray.secret,
          textname: MANAGED_TEXTNAME,
        },
        {
          command: 'createClient',
          username: operator.serial,
          password: operator.secret,
          textname: 'Site engineer',
        },
        // Someone changed a's client on the broker by hand.
        { command: 'setClientId', username: a.serial, clientid: 'something-else' },
        { command: 'disableClient', username: a.serial },
      ]);
      // Approved without its secret reaching the broker (e.g. a broker whose file was lost).
      await fx.api.deps.db
        .insert(deviceIdentities)
        .values({ serial: lost.serial, mac: lost.mac, secretSha256: secretDigest(lost.secret) });
      lines.length = 0;

      const report = await checker.resync();

      expect(report.deleted).toEqual([stray.serial]);
      expect(report.repaired).toEqual([a.serial]);
      expect(report.missing).toContain(lost.serial);
      const usernames = (await brokerClients()).map((client) => client.username);
      expect(usernames).toContain(operator.serial);
      expect(usernames).not.toContain(stray.serial);
      expect(await refusal(a)).toBe('connected');
      const missing = lines.filter((line) => line.msg.includes('no client on the Mosquitto broker'));
      expect(missing).toHaveLength(1);
      const count = report.missing.length;
      expect(missing[0]?.msg).toBe(
        `${count} approved device${count === 1 ? ' has' : 's have'} no client on the Mosquitto broker and cannot connect: Fleetport keeps only a hash of each secret, so their rows must be imported again with their secrets under Approved Devices (${nameSome(report.missing)})`,
      );
      expect(missing[0]?.level).toBe(40);

      // The re-import rule: the same row again (the same MAC and secret) gives the broker its client.
      expect(await importRows([lost])).toEqual({
        imported: 0,
        skipped: 1,
        broker: { provisioned: 1, failed: 0, pending: 0 },
      });
      expect(await refusal(lost)).toBe('connected');
      // Another secret for an approved serial changes nothing, on the broker either.
      expect((await importRows([{ ...lost, secret: randomBytes(16).toString('hex') }])).broker).toEqual({
        provisioned: 0,
        failed: 0,
        pending: 0,
      });
      await checker.control.send([{ command: 'deleteClient', username: operator.serial }]);
    } finally {
      await checker.close();
    }
  }, 30_000);

  it("the broker's clients are exactly the approved identities, each bound to its MAC with its own role; the API's own has the gateway's", async () => {
    await dynsec.resync();
    const identities = await fx.api.deps.db
      .select({ serial: deviceIdentities.serial, mac: deviceIdentities.mac })
      .from(deviceIdentities)
      .where(like(deviceIdentities.serial, `%${stamp}%`));
    const clients = await brokerClients();
    const managed = clients.filter((client) => client.textname === MANAGED_TEXTNAME);
    expect(managed.map((client) => client.username).sort()).toEqual(
      identities.map((row) => row.serial).sort(),
    );
    for (const row of identities) {
      const client = managed.find((candidate) => candidate.username === row.serial);
      expect(client).toMatchObject({
        clientid: clientIdFor(row.serial, row.mac),
        roles: [{ rolename: `${DEVICE_ROLE_PREFIX}${row.serial}` }],
      });
      expect(client?.disabled).toBeUndefined();
    }
    const own = clients.find((client) => client.username === dynsec.control.username);
    expect(own?.roles?.map((role) => role.rolename)).toContain(GATEWAY_ROLE);
  });

  it('checks ten thousand approved identities against the broker in seconds', async () => {
    const rows = Array.from({ length: 10_000 }, (_, index) => ({
      serial: `T${stamp}${String(index).padStart(5, '0')}`,
      mac: '00:1E:42:00:00:01',
      secretSha256: secretDigest(`bulk-secret-${index}-0000000000`),
    }));
    for (let at = 0; at < rows.length; at += 1000) {
      await fx.api.deps.db.insert(deviceIdentities).values(rows.slice(at, at + 1000));
    }
    try {
      const started = Date.now();
      const report = await dynsec.resync();
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(report.missing.filter((serial) => serial.startsWith(`T${stamp}`))).toHaveLength(10_000);
    } finally {
      await fx.api.deps.db.delete(deviceIdentities).where(like(deviceIdentities.serial, `T${stamp}%`));
    }
  }, 60_000);
});

/** A provisioner whose broker is not there, and the error lines it logged so far. */
async function unreachableProvisioner() {
  const lines: { level: number; msg: string }[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  const { DynsecProvisioner } = await import('./dynsec.ts');
  const provisioner = new DynsecProvisioner({
    url: 'mqtt://fleetport:admin-password@127.0.0.1:9',
    db: undefined as never,
    log,
    shareGroup: 'fleetport',
    startWaitMs: 50,
  });
  await provisioner.start();
  const errors = () => lines.filter((line) => line.level >= 50).map((line) => line.msg);
  return { provisioner, errors };
}

describe('an import or a removal while the broker cannot be told', () => {
  it("is kept in the database: the import's answer counts the devices the broker was not given, the removal's says it was not confirmed", async () => {
    const down = await startTestApi({
      MQTT_URL: 'mqtt://fleetport:admin-password@127.0.0.1:9',
      MQTT_DYNSEC: 'on',
      MQTT_SHARE_GROUP: `dynsec-down-${process.pid}`,
    });
    try {
      const admin = await down.login('super@fleetport.example');
      const row = identity('X');
      const answer = await admin.post('/api/auth-devices', {
        csv: `serial,mac,secret\n${row.serial},${row.mac},${row.secret}`,
      });
      expect(answer.status).toBe(200);
      expect(answer.body.data).toEqual({
        imported: 1,
        skipped: 0,
        broker: { provisioned: 0, failed: 1, pending: 0 },
      });
      const [listed] = (await admin.get(`/api/auth-devices?q=${row.serial}`)).body.data;
      expect(listed).toMatchObject({ serial: row.serial });
      // A removal is kept too: the broker's client goes at the next resync.
      const removal = await admin.delete(`/api/auth-devices/${listed.id}`);
      expect(removal.status).toBe(200);
      expect(removal.body.data).toEqual({ id: listed.id, serial: row.serial, broker: { removed: false } });
      expect((await admin.get(`/api/auth-devices?q=${row.serial}`)).body.data).toEqual([]);
    } finally {
      await down.stop();
    }
  }, 40_000);

  it('says in one log line, on a removal it could not tell the broker, how the client will go', async () => {
    const { provisioner, errors } = await unreachableProvisioner();
    try {
      expect(await provisioner.remove('1104567890')).toBe(false);
      expect(errors()).toEqual([
        '1104567890 was removed from Approved Devices, but the Mosquitto broker could not be told (the device broker is not connected): until its client is deleted the device can still connect through the broker. Fleetport deletes it when it next connects to the broker (restart the API to do it now), or delete it by hand: mosquitto_ctrl dynsec deleteClient 1104567890',
      ]);
    } finally {
      await provisioner.close();
    }
  });

  it('says in one log line which devices the broker was not given and that they must be imported again', async () => {
    const { provisioner, errors } = await unreachableProvisioner();
    try {
      const rows = [identity('Y'), identity('Y')].map((row) => ({ ...row, fresh: true }));
      expect(await provisioner.provision(rows).done).toEqual({ provisioned: 0, failed: 2, pending: 0 });
      expect(errors()).toEqual([
        `2 approved devices could not be given to the Mosquitto broker (the device broker is not connected) and cannot connect through it until their rows are imported again with their secrets under Approved Devices: ${rows.map((row) => row.serial).join(', ')}`,
      ]);
    } finally {
      await provisioner.close();
    }
  });
});

describe.runIf(hasDynsec)("the demo fleet's units on a provisioned broker (DEMO_FLEET_CSV)", () => {
  it('get their clients at the first connection, so they connect, and are not reported missing', async () => {
    const own = await startDynsecBroker();
    const dir = await mkdtemp(path.join(tmpdir(), 'fleetport-demo-fleet-'));
    const rows = [identity('F'), identity('F')];
    const file = path.join(dir, 'fleet.csv');
    await writeFile(
      file,
      [
        'serial,mac,secret,name',
        ...rows.map((row) => `${row.serial},${row.mac},${row.secret},Demo ${row.serial}`),
      ].join('\n'),
    );
    const demo = await startTestApi({
      MQTT_URL: own.adminUrl,
      MQTT_DYNSEC: 'on',
      MQTT_SHARE_GROUP: `dynsec-demo-${process.pid}`,
      SEED_DEMO: true,
      DEMO_FLEET_CSV: file,
    });
    try {
      const provisioner = demo.api.deps.dynsec as DynsecProvisioner;
      await provisioner.idle();
      const [first] = rows as [Identity];
      const device = await mqtt.connectAsync(own.url, {
        clientId: clientIdFor(first.serial, first.mac),
        username: first.serial,
        password: first.secret,
        protocolVersion: 4,
        reconnectPeriod: 0,
      });
      expect(device.connected).toBe(true);
      await device.endAsync();
      const report = await provisioner.resync();
      expect(report.missing.filter((serial) => serial.startsWith('F'))).toEqual([]);
    } finally {
      await demo.stop();
      await own.stop();
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
