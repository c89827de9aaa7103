import { BUILT_IN_ROLE_BY_NAME } from '@fleetport/contracts/roles';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, sessions, users } from '../../db/schema.ts';
import {
  type ApiFixture,
  startTestApi,
  TEST_PASSWORD,
  type TestClient,
  testStore,
} from '../../testing/fixtures.ts';
import { latestMail } from '../../testing/mail.ts';
import { hashPassword } from '../auth/passwords.ts';
import { DEVICE_STATUS_EVENT } from '../devices/gateway.ts';
import { DEVICES_CHANNEL, REALTIME_PATH } from './realtime.ts';

/**
 * No socket outlives its session. Whatever ends a session (logout, password or
 * MFA change, impersonation start or end, expiry), its sockets are disconnected within a second,
 * on every API instance, and cannot subscribe or connect again.
 */

const opened: Socket[] = [];
afterAll(() => {
  for (const socket of opened) socket.close();
});

const cookieOf = (client: TestClient) => client.cookieHeader(REALTIME_PATH);

/** A websocket-only client with these cookies, as the console connects (no automatic retries). */
function connect(url: string, cookie: string): Socket {
  const socket = io(url, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    reconnection: false,
    extraHeaders: { Cookie: cookie },
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

/** When (performance.now(), and wall-clock) and why the server ended the socket; fails after 5 s. */
const ending = (socket: Socket) =>
  new Promise<{ reason: string; at: number; wall: number }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the socket is still connected after 5 s')), 5000);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve({ reason, at: performance.now(), wall: Date.now() });
    });
  });

const sessionIdOf = (client: TestClient) => decodeJwt(client.cookie('fp_access') as string).sid as string;

describe('sockets end with their session', () => {
  let fx: ApiFixture;
  let eastId: number;
  /** A live session's socket on the same device channel: proves the probe events are sent. */
  const control: number[] = [];
  let serial = 0;

  /** A verified user in Acme East, so each test's password or MFA change touches only its own. */
  async function addUser(role: 'admin' | 'end_user' = 'admin'): Promise<string> {
    serial += 1;
    const email = `socket.${serial}.${Date.now()}@acme.example`;
    await fx.api.deps.db.insert(users).values({
      email,
      username: email,
      passwordHash: await hashPassword(TEST_PASSWORD),
      companyId: eastId,
      roleId: BUILT_IN_ROLE_BY_NAME.get(role)?.id as number,
      emailVerifiedAt: new Date(),
    });
    return email;
  }

  /** A socket of this client's session, subscribed to its device events. */
  async function listening(cookie: string): Promise<{ socket: Socket; heard: unknown[] }> {
    const socket = connect(fx.url, cookie);
    await connected(socket);
    expect((await subscribe(socket, DEVICES_CHANNEL)).success).toBe(true);
    const heard: unknown[] = [];
    socket.on(DEVICE_STATUS_EVENT, (event) => heard.push(event));
    return { socket, heard };
  }

  /**
   * After the end: the socket heard no DeviceStatusChanged (the live control did), and its
   * cookies connect no more, so it cannot subscribe again.
   */
  async function expectDead(heard: unknown[], cookie: string): Promise<void> {
    const before = control.length;
    fx.api.deps.realtime.emit(`private-company.${eastId}.subtree-devices`, DEVICE_STATUS_EVENT, {
      id: -1,
      status: 'online',
      last_seen_at: null,
    });
    await expect.poll(() => control.length).toBe(before + 1);
    expect(heard).toEqual([]);
    await expect(connected(connect(fx.url, cookie))).rejects.toThrow('UNAUTHORIZED');
  }

  beforeAll(async () => {
    fx = await startTestApi();
    const [east] = await fx.api.deps.db.select().from(companies).where(eq(companies.name, 'Acme East'));
    eastId = east?.id as number;
    const watcher = await fx.login(await addUser());
    const socket = connect(fx.url, cookieOf(watcher));
    await connected(socket);
    expect((await subscribe(socket, DEVICES_CHANNEL)).success).toBe(true);
    socket.on(DEVICE_STATUS_EVENT, (event: { id: number }) => control.push(event.id));
  });
  afterAll(async () => {
    await fx?.stop();
  });

  it('logout (POST /account/token/revoke) disconnects the session’s sockets within 1 s; they hear nothing more', async () => {
    const client = await fx.login(await addUser());
    const cookie = cookieOf(client);
    const { socket, heard } = await listening(cookie);
    // Told before it goes, so the open console asks who it is and lands on the login page.
    const told: unknown[] = [];
    socket.on('UserChanged', (event) => told.push(event));
    const ended = ending(socket);
    expect((await client.post('/api/account/token/revoke')).status).toBeLessThan(300);
    const answered = performance.now();
    const { reason, at } = await ended;
    expect(reason).toBe('io server disconnect');
    expect(at - answered).toBeLessThan(1000);
    expect(told).toEqual([{ session_ended: true }]);
    await expectDead(heard, cookie);
  });

  it('a password change ends the sockets of the other sessions and of the rotated one', async () => {
    const email = await addUser();
    const client = await fx.login(email);
    const elsewhere = await fx.login(email);
    const own = await listening(cookieOf(client));
    const other = await listening(cookieOf(elsewhere));
    const endings = [ending(own.socket), ending(other.socket)];
    const oldCookie = cookieOf(client);
    const changed = await client.put('/api/account/password', {
      current_password: TEST_PASSWORD,
      password: 'a-new-password-for-sockets',
    });
    expect(changed.status).toBe(200);
    const answered = performance.now();
    for (const { at } of await Promise.all(endings)) expect(at - answered).toBeLessThan(1000);
    await expectDead(own.heard, oldCookie);
    await expectDead(other.heard, cookieOf(elsewhere));
    // The rotated session's new cookies connect: the console comes back on its new session.
    await connected(connect(fx.url, cookieOf(client)));
  });

  it('an MFA change ends the sockets of the other sessions and of the rotated one', async () => {
    const email = await addUser();
    const client = await fx.login(email);
    const elsewhere = await fx.login(email);
    const own = await listening(cookieOf(client));
    const other = await listening(cookieOf(elsewhere));
    const endings = [ending(own.socket), ending(other.socket)];
    const oldCookie = cookieOf(client);
    const asked = await client.post('/api/account/mfa/email/enable', {});
    expect(asked.status).toBe(403);
    const code = (await latestMail(fx, email)).text.match(/\b(\d{6})\b/)?.[1];
    const enabled = await client.post('/api/account/mfa/email/enable', {
      session_code: code,
      session_uuid: asked.body.meta.session_uuid,
    });
    expect(enabled.status).toBe(200);
    const answered = performance.now();
    for (const { at } of await Promise.all(endings)) expect(at - answered).toBeLessThan(1000);
    await expectDead(own.heard, oldCookie);
    await expectDead(other.heard, cookieOf(elsewhere));
  });

  it('starting an impersonation ends the admin’s sockets; cancelling it ends the impersonation’s', async () => {
    const admin = await fx.login(await addUser());
    const userEmail = await addUser('end_user');
    const { db } = fx.api.deps;
    const [user] = await db
      .update(users)
      .set({ impersonationAccessLimit: new Date(Date.now() + 3_600_000) })
      .where(eq(users.email, userEmail))
      .returning({ id: users.id });
    const adminCookie = cookieOf(admin);
    const own = await listening(adminCookie);
    const ownEnded = ending(own.socket);
    expect((await admin.post(`/api/users/${user?.id}/impersonate`, {})).status).toBe(200);
    const started = performance.now();
    expect((await ownEnded).at - started).toBeLessThan(1000);

    // Back as the user (their rights, their session); cancelling ends that session and its socket.
    const impersonationCookie = cookieOf(admin);
    const socket = connect(fx.url, impersonationCookie);
    await connected(socket);
    const heard: unknown[] = [];
    socket.on(DEVICE_STATUS_EVENT, (event) => heard.push(event));
    expect((await subscribe(socket, `private-notifications.${user?.id}`)).success).toBe(true);
    const ended = ending(socket);
    const cancelled = await admin.post('/api/account/impersonation/cancel');
    expect(cancelled.body.data.restored).toBe(true);
    const answered = performance.now();
    expect((await ended).at - answered).toBeLessThan(1000);
    await expectDead(heard, impersonationCookie);
    // The admin's own session lives on: its cookies connect again.
    await connected(connect(fx.url, cookieOf(admin)));
  });

  it('a session that expires ends its sockets within 1 s of the expiry', async () => {
    const client = await fx.login(await addUser());
    const cookie = cookieOf(client);
    const expiresAt = new Date(Date.now() + 1500);
    await fx.api.deps.db
      .update(sessions)
      .set({ expiresAt })
      .where(eq(sessions.id, sessionIdOf(client)));
    const { socket, heard } = await listening(cookie);
    const { reason, wall } = await ending(socket);
    expect(reason).toBe('io server disconnect');
    expect(wall).toBeGreaterThanOrEqual(expiresAt.getTime());
    expect(wall - expiresAt.getTime()).toBeLessThan(1000);
    await expectDead(heard, cookie);
  });

  it('subscribe re-checks the session: one ended behind the socket’s back is refused and disconnected', async () => {
    const client = await fx.login(await addUser());
    const cookie = cookieOf(client);
    const { socket, heard } = await listening(cookie);
    const ended = ending(socket);
    // Revoked in the database only, as if this instance had missed the news.
    await fx.api.deps.db
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: 'test' })
      .where(eq(sessions.id, sessionIdOf(client)));
    const refused = await subscribe(socket, DEVICES_CHANNEL);
    expect(refused.success).toBe(false);
    expect(refused.errors?.[0]?.code).toBe('UNAUTHORIZED');
    expect((await ended).reason).toBe('io server disconnect');
    await expectDead(heard, cookie);
  });
});

// Two API instances on one PostgreSQL database, fanned out through Redis (as in realtime.test.ts).
describe.runIf(testStore() === 'postgres' && process.env.REDIS_URL)(
  'sockets end with their session on every API instance (Redis adapter)',
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

    it('a logout on one instance disconnects the session’s socket on the other within 1 s', async () => {
      const client = await first.login('admin@acme.example');
      const cookie = cookieOf(client);
      const socket = connect(second.url, cookie);
      await connected(socket);
      expect((await subscribe(socket, DEVICES_CHANNEL)).success).toBe(true);
      const ended = ending(socket);
      expect((await client.post('/api/account/token/revoke')).status).toBeLessThan(300);
      const answered = performance.now();
      const { reason, at } = await ended;
      expect(reason).toBe('io server disconnect');
      expect(at - answered).toBeLessThan(1000);
      await expect(connected(connect(second.url, cookie))).rejects.toThrow('UNAUTHORIZED');
    });
  },
);
