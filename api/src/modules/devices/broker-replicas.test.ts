import { randomBytes } from 'node:crypto';
import {
  CONNECTION_REASONS,
  type Command,
  clientIdFor,
  deviceTopics,
} from '@fleetport/contracts/device-protocol';
import type { DeviceTask } from '@fleetport/contracts/tasks';
import { eq } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceConnectionLog, deviceIdentities, devices } from '../../db/schema.ts';
import { capabilities } from '../../testing/device-client.ts';
import { type ApiFixture, companyIdByName, startTestApi, testStore } from '../../testing/fixtures.ts';
import { type DynsecBroker, hasDynsec, startDynsecBroker } from '../../testing/mosquitto.ts';
import { until } from '../../testing/until.ts';
import type { DynsecProvisioner } from './dynsec.ts';

// Two API replicas on one PostgreSQL and one Mosquitto that Fleetport provisions (issue 31):
// they share the devices' messages through one shared subscription, so each message is handled
// by one replica only, and a command reaches the device whichever replica the user asked.

const HELLOS = 30;

describe.runIf(testStore() === 'postgres' && hasDynsec)('two API replicas on one Mosquitto', () => {
  let broker: DynsecBroker;
  const replicas: ApiFixture[] = [];
  let device: MqttClient | undefined;
  const unit = {
    serial: `R${String(Date.now()).slice(-9)}`,
    mac: `00:1E:42:${randomBytes(3).toString('hex').match(/../g)?.join(':').toUpperCase()}`,
    secret: randomBytes(16).toString('hex'),
  };
  const received: string[] = [];

  beforeAll(async () => {
    broker = await startDynsecBroker();
    const shared = {
      MQTT_URL: broker.adminUrl,
      MQTT_DYNSEC: 'on' as const,
      MQTT_SHARE_GROUP: `replicas-${process.pid}`,
    };
    const first = await startTestApi(shared);
    replicas.push(first, await startTestApi({ ...shared, DATABASE_URL: first.api.deps.config.DATABASE_URL }));
    for (const replica of replicas) await (replica.api.deps.dynsec as DynsecProvisioner).idle();
  }, 90_000);
  afterAll(async () => {
    await device?.endAsync(true);
    for (const replica of replicas) await replica.stop();
    await broker?.stop();
  });

  it('a device imported through one replica connects through the broker; its messages are each handled once', async () => {
    const [first] = replicas as [ApiFixture, ApiFixture];
    const superAdmin = await first.login('super@fleetport.example');
    const imported = await superAdmin.post('/api/auth-devices', {
      csv: `serial,mac,secret\n${unit.serial},${unit.mac},${unit.secret}`,
    });
    expect(imported.body.data).toMatchObject({ imported: 1, broker: { provisioned: 1 } });
    const { db } = first.api.deps;
    const [identity] = await db
      .select()
      .from(deviceIdentities)
      .where(eq(deviceIdentities.serial, unit.serial));
    await db.insert(devices).values({
      companyId: await companyIdByName(first, 'Acme West'),
      identityId: identity?.id ?? 0,
      serial: unit.serial,
      mac: unit.mac,
      name: 'Shared unit',
    });

    const topics = deviceTopics(unit.serial);
    device = await mqtt.connectAsync(broker.url, {
      clientId: clientIdFor(unit.serial, unit.mac),
      username: unit.serial,
      password: unit.secret,
      protocolVersion: 4,
      reconnectPeriod: 0,
    });
    const client = device;
    // The unit answers every command at once: done.
    client.on('message', (_topic, payload) => {
      const command = JSON.parse(payload.toString()) as Command;
      received.push(command.id);
      void client.publishAsync(
        topics.commandResult,
        JSON.stringify({ v: 1, id: command.id, state: 'done', output: 'ok' }),
        {
          qos: 1,
        },
      );
    });
    await client.subscribeAsync(topics.command, { qos: 1 });
    await client.publishAsync(topics.status, JSON.stringify({ v: 1, state: 'online' }), {
      qos: 1,
      retain: true,
    });
    const hello = JSON.stringify({
      v: 1,
      serial: unit.serial,
      mac: unit.mac,
      model: 'RUT956',
      firmware: 'RUT9_R_00.07.06.1',
      uptime_s: 5,
      capabilities,
    });
    for (let n = 0; n < HELLOS; n += 1) await client.publishAsync(topics.hello, hello, { qos: 1 });

    // Each hello is one "connected" line in the connection log, by whichever replica took it.
    const connected = () =>
      db
        .select()
        .from(deviceConnectionLog)
        .where(eq(deviceConnectionLog.identityId, identity?.id ?? 0))
        .then((rows) => rows.filter((row) => row.reason === CONNECTION_REASONS.connected).length);
    await until(connected, (count) => count >= HELLOS, `${HELLOS} hellos logged`);
    // A moment more: a message handled twice would show now.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await connected()).toBe(HELLOS);
  }, 60_000);

  it('a command asked on either replica reaches the device and ends as the device answered', async () => {
    const [first, second] = replicas as [ApiFixture, ApiFixture];
    const { db } = first.api.deps;
    const [row] = await db.select().from(devices).where(eq(devices.serial, unit.serial));
    const id = row?.id ?? 0;
    for (const replica of [first, second, second, first]) {
      const admin = await replica.login('admin@acme.example');
      const asked = await admin.post(`/api/devices/${id}/actions`, { action: 'refresh' });
      expect(asked.status, JSON.stringify(asked.body)).toBe(201);
      const { task_id: taskId } = asked.body.data as { task_id: string };
      const tasks = await until(
        async () => (await admin.get(`/api/devices/${id}/tasks`)).body.data as DeviceTask[],
        (list) => list.find((task) => task.id === taskId)?.state === 'succeeded',
        'the refresh to succeed',
      );
      expect(tasks.find((task) => task.id === taskId)?.state).toBe('succeeded');
      expect(received.filter((one) => one === taskId)).toHaveLength(1);
    }
  }, 60_000);
});
