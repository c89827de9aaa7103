import { randomBytes } from 'node:crypto';
import { clientIdFor } from '@fleetport/contracts/device-protocol';
import { and, eq } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, deviceConnectionLog, deviceIdentities } from '../../db/schema.ts';
import { type ApiFixture, companyIdByName, startTestApi, type TestClient } from '../../testing/fixtures.ts';
import type { EmbeddedBroker } from './transport.ts';

// Issue 31: removing an identity from Approved Devices (DELETE /auth-devices/{id}) on the embedded
// broker. With a Mosquitto broker that Fleetport provisions: dynsec.test.ts.

let fx: ApiFixture;
let superAdmin: TestClient;
let brokerUrl: string;
const open: MqttClient[] = [];

beforeAll(async () => {
  fx = await startTestApi();
  superAdmin = await fx.login('super@fleetport.example');
  brokerUrl = `mqtt://127.0.0.1:${(fx.api.deps.gateway.transport as EmbeddedBroker).port}`;
});
afterAll(async () => {
  await Promise.all(open.map((client) => client.endAsync(true)));
  await fx?.stop();
});

let made = 0;
/** An identity imported through the route; its id in Approved Devices. */
async function imported() {
  made += 1;
  const serial = `21${String(Date.now()).slice(-6)}${String(made).padStart(2, '0')}`;
  const mac = `00:1E:42:21:00:${String(made).padStart(2, '0')}`;
  const secret = randomBytes(16).toString('hex');
  const answer = await superAdmin.post('/api/auth-devices', {
    csv: `serial,mac,secret\n${serial},${mac},${secret}`,
  });
  expect(answer.body.data).toEqual({ imported: 1, skipped: 0 });
  const [row] = (await superAdmin.get(`/api/auth-devices?q=${serial}`)).body.data;
  return { id: row.id as number, serial, mac, secret };
}
type Identity = Awaited<ReturnType<typeof imported>>;

/** A device connecting to the embedded broker as the protocol says, or the CONNACK code it got. */
function connect(unit: Identity, secret = unit.secret): Promise<MqttClient> {
  return mqtt
    .connectAsync(brokerUrl, {
      clientId: clientIdFor(unit.serial, unit.mac),
      username: unit.serial,
      password: secret,
      protocolVersion: 4,
      reconnectPeriod: 0,
      connectTimeout: 5000,
    })
    .then((client) => {
      open.push(client);
      return client;
    });
}
const refusal = (unit: Identity) =>
  connect(unit).then(
    () => 'connected',
    (error: { code?: unknown }) => error.code,
  );

describe('DELETE /auth-devices/{id} (issue 31)', () => {
  it('removing an unclaimed identity: it leaves the list with its connection log, and the history says so', async () => {
    const unit = await imported();
    // A wrong secret writes the connection log of the identity.
    expect(await refusal({ ...unit, secret: randomBytes(16).toString('hex') })).toBe(4);
    const { db } = fx.api.deps;
    const logged = () =>
      db.select().from(deviceConnectionLog).where(eq(deviceConnectionLog.identityId, unit.id));
    expect(await logged()).toHaveLength(1);

    const answer = await superAdmin.delete(`/api/auth-devices/${unit.id}`);

    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ id: unit.id, serial: unit.serial });
    expect((await superAdmin.get(`/api/auth-devices?q=${unit.serial}`)).body.data).toEqual([]);
    expect(await db.select().from(deviceIdentities).where(eq(deviceIdentities.id, unit.id))).toEqual([]);
    expect(await logged()).toEqual([]);
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.event, 'device.unapprove'), eq(auditLog.entityId, String(unit.id))));
    expect(entry).toMatchObject({
      entity: 'device_identities',
      before: { serial: unit.serial, mac: unit.mac },
    });
  });

  it('removing an identity whose device is connected to the embedded broker: the device is disconnected now and cannot connect again', async () => {
    const unit = await imported();
    const device = await connect(unit);
    const closed = new Promise<void>((resolve) => device.once('close', () => resolve()));

    expect((await superAdmin.delete(`/api/auth-devices/${unit.id}`)).status).toBe(200);

    await closed;
    expect(device.connected).toBe(false);
    expect(await refusal(unit)).toBe(4);
  });

  it('removing an identity whose device is in a company: refused with 409 naming the company, nothing removed', async () => {
    const unit = await imported();
    const added = await superAdmin.post('/api/devices', {
      company_id: await companyIdByName(fx, 'Acme West'),
      serial: unit.serial,
      mac: unit.mac,
    });
    expect(added.status).toBe(201);

    const answer = await superAdmin.delete(`/api/auth-devices/${unit.id}`);

    expect(answer.status).toBe(409);
    expect(answer.body.errors[0].message).toBe(
      `${unit.serial} is a device of Acme West: delete the device there first`,
    );
    expect((await superAdmin.get(`/api/auth-devices?q=${unit.serial}`)).body.data).toHaveLength(1);
    expect(await refusal(unit)).toBe('connected');
  });

  it('removing an identity that is not there: 404', async () => {
    const unit = await imported();
    expect((await superAdmin.delete(`/api/auth-devices/${unit.id}`)).status).toBe(200);

    const again = await superAdmin.delete(`/api/auth-devices/${unit.id}`);

    expect(again.status).toBe(404);
    expect(again.body.errors[0].code).toBe('NOT_FOUND');
  });

  it('removing an identity as anyone but the super admin: 403, and it stays', async () => {
    const unit = await imported();
    for (const email of ['admin@acme.example', 'support@fleetport.example']) {
      const other = await fx.login(email);
      expect((await other.delete(`/api/auth-devices/${unit.id}`)).status, email).toBe(403);
    }
    expect((await superAdmin.get(`/api/auth-devices?q=${unit.serial}`)).body.data).toHaveLength(1);
  });
});
