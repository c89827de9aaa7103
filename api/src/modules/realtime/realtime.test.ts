import type { DeviceStatusChanged } from '@fleetport/contracts/realtime';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceIdentities, devices } from '../../db/schema.ts';
import { type ApiFixture, startTestApi, type TestClient, testStore } from '../../testing/fixtures.ts';
import { DEVICE_STATUS_EVENT } from '../devices/gateway.ts';
import { secretDigest } from '../devices/status.ts';
import { DEVICES_CHANNEL, EVENTS, PayloadMismatchError, REALTIME_PATH } from './realtime.ts';

const opened: Socket[] = [];
afterAll(() => {
  for (const socket of opened) socket.close();
});

/** A websocket-only socket.io client carrying the session cookie, as the console connects. */
function connect(url: string, client: TestClient | undefined, headers: Record<string, string> = {}): Socket {
  const socket = io(url, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    reconnection: false,
    extraHeaders: { ...(client ? { Cookie: client.cookieHeader('/status/socket.io') } : {}), ...headers },
  });
  opened.push(socket);
  return socket;
}

const connected = (socket: Socket) =>
  new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });

const subscribe = (socket: Socket, channel: string) =>
  socket.emitWithAck('subscribe', { channel }) as Promise<{ success: boolean; errors?: { code: string }[] }>;

async function userIdOf(client: TestClient): Promise<number> {
  return (await client.get('/api/user')).body.data.id as number;
}

describe('realtime (socket.io at /status/socket.io)', () => {
  let fx: ApiFixture;
  beforeAll(async () => {
    fx = await startTestApi();
  });
  afterAll(async () => {
    await fx?.stop();
  });

  it('refuses a handshake without a session, and one from another origin', async () => {
    await expect(connected(connect(fx.url, undefined))).rejects.toThrow('UNAUTHORIZED');
    const client = await fx.login('admin@acme.example');
    await expect(connected(connect(fx.url, client, { Origin: 'https://evil.example' }))).rejects.toThrow();
  });

  it('a role change reaches the user live: UserChanged, then the socket is ended, so it connects again freshly authenticated', async () => {
    const admin = await fx.login('admin@acme.example');
    const guest = await fx.login('guest@acme.example');
    const guestId = await userIdOf(guest);
    const companyId = (await guest.get('/api/user')).body.data.company_id as number;
    const socket = connect(fx.url, guest);
    await connected(socket);
    const changed = new Promise<unknown>((resolve) => socket.once(EVENTS.userChanged, resolve));
    const ended = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    expect((await admin.put(`/api/users/${guestId}`, { role: 3 })).status).toBe(200);
    expect(await changed).toEqual({ user_id: guestId });
    expect(await ended).toBe('io server disconnect');
    // Back, with the session's current role; and back to a guest for the other tests.
    const again = connect(fx.url, guest);
    await connected(again);
    expect((await subscribe(again, `private-company.${companyId}.devices`)).success).toBe(true);
    expect((await admin.put(`/api/users/${guestId}`, { role: 4 })).status).toBe(200);
  });

  it("delivers a new notification to its user's channel in under a second, and never to another user's", async () => {
    const ada = await fx.login('admin@acme.example');
    const nora = await fx.login('admin@northwind.example');
    const adaId = await userIdOf(ada);
    const adaSocket = connect(fx.url, ada);
    const noraSocket = connect(fx.url, nora);
    await Promise.all([connected(adaSocket), connected(noraSocket)]);
    expect((await subscribe(adaSocket, `private-notifications.${adaId}`)).success).toBe(true);
    const refused = await subscribe(noraSocket, `private-notifications.${adaId}`);
    expect(refused.success).toBe(false);
    expect(refused.errors?.[0]?.code).toBe('FORBIDDEN');

    const noraGot: unknown[] = [];
    noraSocket.on(EVENTS.notificationCreated, (payload) => noraGot.push(payload));
    const started = performance.now();
    const received = new Promise<{ summary: string; created_at: string }>((resolve) =>
      adaSocket.once(EVENTS.notificationCreated, resolve),
    );
    await fx.api.deps.notifications.create(adaId, 'creditAmountTooLow', 'Acme Networks has 1 credit left.');
    const payload = await received;
    expect(performance.now() - started).toBeLessThan(1000);
    expect(payload.summary).toBe('Acme Networks has 1 credit left.');
    expect(payload.created_at).toMatch(/Z$/);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(noraGot).toEqual([]);
  });

  it('authorises company channels against the companies the caller may see', async () => {
    const ada = await fx.login('admin@acme.example');
    const superClient = await fx.login('super@fleetport.example');
    const list = await superClient.get('/api/companies?limit=100&fields=id,name');
    const idOf = (name: string) =>
      list.body.data.find((company: { name: string }) => company.name === name).id;
    const socket = connect(fx.url, ada);
    await connected(socket);
    expect((await subscribe(socket, `private-company.${idOf('Acme East')}.devices`)).success).toBe(true);
    expect((await subscribe(socket, `private-company.${idOf('Northwind Logistics')}.devices`)).success).toBe(
      false,
    );
    expect((await subscribe(socket, 'anything-else')).success).toBe(false);
  });

  it('private-devices carries the device events of the companies the caller sees, whatever the scope', async () => {
    const superClient = await fx.login('super@fleetport.example');
    const list = await superClient.get('/api/companies?limit=100&fields=id,name');
    const idOf = (name: string) =>
      list.body.data.find((company: { name: string }) => company.name === name).id as number;
    const { db } = fx.api.deps;
    const made: Record<string, { id: number; serial: string }> = {};
    for (const [index, company] of ['Acme East Retail', 'Northwind Logistics', 'Acme Networks'].entries()) {
      const serial = `880000000${index}`;
      const [identity] = await db
        .insert(deviceIdentities)
        .values({
          serial,
          mac: `00:1E:42:88:00:0${index}`,
          secretSha256: secretDigest(`${serial}-secret-secret`),
        })
        .returning();
      const [device] = await db
        .insert(devices)
        .values({
          companyId: idOf(company),
          identityId: identity?.id ?? 0,
          serial,
          mac: `00:1E:42:88:00:0${index}`,
          name: company,
          connected: true,
          firstSeenAt: new Date(),
        })
        .returning();
      made[company] = { id: device?.id ?? 0, serial };
    }
    const listeners = {
      super: superClient,
      admin: await fx.login('admin@acme.example'), // Acme Networks, its subtree
      guest: await fx.login('guest@acme.example'), // Acme Networks alone
      northwind: await fx.login('admin@northwind.example'),
    };
    const heard: Record<string, number[]> = {};
    for (const [who, client] of Object.entries(listeners)) {
      const socket = connect(fx.url, client);
      await connected(socket);
      heard[who] = [];
      socket.on(DEVICE_STATUS_EVENT, (event: { id: number }) => heard[who]?.push(event.id));
      expect((await subscribe(socket, DEVICES_CHANNEL)).success).toBe(true);
    }
    for (const device of Object.values(made)) fx.api.deps.gateway.disconnected(device.serial);
    await fx.api.deps.gateway.settled();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const ids = (...companies: string[]) => companies.map((company) => made[company]?.id).sort();
    expect(heard.super?.sort()).toEqual(ids('Acme East Retail', 'Northwind Logistics', 'Acme Networks'));
    expect(heard.admin?.sort()).toEqual(ids('Acme East Retail', 'Acme Networks'));
    expect(heard.guest).toEqual(ids('Acme Networks'));
    expect(heard.northwind).toEqual(ids('Northwind Logistics'));
  });

  it('only the user who started an action may follow its status channel', async () => {
    const ada = await fx.login('admin@acme.example');
    const eve = await fx.login('east.admin@acme.example');
    const channel = fx.api.deps.realtime.registerAction('action-42', await userIdOf(ada));
    const adaSocket = connect(fx.url, ada);
    const eveSocket = connect(fx.url, eve);
    await Promise.all([connected(adaSocket), connected(eveSocket)]);
    expect((await subscribe(adaSocket, channel)).success).toBe(true);
    expect((await subscribe(eveSocket, channel)).success).toBe(false);
  });
});

// Two API instances on one PostgreSQL database, fanned out through Redis (PGlite is one
// process's database, so this runs in the PostgreSQL project; CI sets both URLs).
describe.runIf(testStore() === 'postgres' && process.env.REDIS_URL)(
  'realtime across two API instances (Redis adapter)',
  () => {
    let first: ApiFixture;
    let second: ApiFixture;
    beforeAll(async () => {
      first = await startTestApi({ REDIS_URL: process.env.REDIS_URL });
      second = await startTestApi({
        REDIS_URL: process.env.REDIS_URL,
        DATABASE_URL: first.api.deps.config.DATABASE_URL,
      });
    });
    afterAll(async () => {
      await second?.stop();
      await first?.stop();
    });

    it('a notification created on one instance reaches a socket connected to the other', async () => {
      const ada = await second.login('admin@acme.example');
      const adaId = await userIdOf(ada);
      const socket = connect(second.url, ada);
      await connected(socket);
      expect((await subscribe(socket, `private-notifications.${adaId}`)).success).toBe(true);
      const received = new Promise<{ summary: string }>((resolve) =>
        socket.once(EVENTS.notificationCreated, resolve),
      );
      await first.api.deps.notifications.create(adaId, 'deviceAlert', 'Created on the first instance.');
      expect((await received).summary).toBe('Created on the first instance.');
    });
  },
);

describe('realtime payloads (contracts/src/realtime.ts)', () => {
  let fx: ApiFixture;
  beforeAll(async () => {
    fx = await startTestApi();
  });
  afterAll(async () => {
    await fx?.stop();
  });

  it('are checked against their event’s schema in the tests: a wrong one throws, naming the event and the field', () => {
    const { realtime } = fx.api.deps;
    expect(() =>
      realtime.emit('private-company.1.devices', DEVICE_STATUS_EVENT, {
        id: 1,
        status: 'online',
        last_seen_at: null,
      }),
    ).not.toThrow();
    const wrong = { id: 1, status: 'asleep', last_seen_at: null } as unknown as DeviceStatusChanged;
    expect(() => realtime.emit('private-company.1.devices', DEVICE_STATUS_EVENT, wrong)).toThrow(
      PayloadMismatchError,
    );
    expect(() => realtime.emit('private-company.1.devices', DEVICE_STATUS_EVENT, wrong)).toThrow(
      /DeviceStatusChanged payload does not match its schema:\n {2}payload\.status: /,
    );
  });
});
