import { createConnection } from 'node:net';
import { CONNECTION_REASONS, clientIdFor } from '@fleetport/contracts/device-protocol';
import { eq } from 'drizzle-orm';
import { MqttClient } from 'mqtt';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { deviceConnectionLog, deviceIdentities } from '../../db/schema.ts';
import { startTestApi } from '../../testing/fixtures.ts';
import { addressKey, ConnectThrottle, refusalDelayMs } from './connect-throttle.ts';
import { secretDigest } from './status.ts';
import { EmbeddedBroker } from './transport.ts';

// Secret guessing on the embedded broker. No test here waits on or measures
// real time: the throttle's clock and sleep are the test's, and what is counted is how many
// CONNECTs reached the identity check.

const RIGHT = 'the-right-secret-0123456789';
const MAC = '00:1E:42:12:34:56';

interface Harness {
  broker: EmbeddedBroker;
  /** Identity checks made, in order (serial and secret). */
  checks: { serial: string; secret: string }[];
  /** Refusals waiting on the throttle's sleep: how long each asked for, and its wake-up. */
  sleeps: { ms: number; wake: () => void }[];
  clock: { now: number };
}

let open: Harness | undefined;
const clients: MqttClient[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) client.end(true);
  await open?.broker.close();
  open = undefined;
});

async function startBroker(options: {
  maxAddressFailures: number;
  sleep: 'held' | 'none';
}): Promise<Harness> {
  const checks: Harness['checks'] = [];
  const sleeps: Harness['sleeps'] = [];
  const clock = { now: 1_000_000 };
  const broker = new EmbeddedBroker({
    host: '127.0.0.1',
    port: 0,
    log: pino({ level: 'silent' }),
    verify: async (serial, _mac, secret) => {
      checks.push({ serial, secret });
      return { ok: secret === RIGHT };
    },
    onDisconnect: () => undefined,
    throttle: new ConnectThrottle({
      maxAddressFailures: options.maxAddressFailures,
      windowS: 900,
      now: () => clock.now,
      sleep: (ms) =>
        new Promise<void>((wake) => {
          sleeps.push({ ms, wake });
          if (options.sleep === 'none') wake();
        }),
    }),
  });
  await broker.start(() => undefined);
  open = { broker, checks, sleeps, clock };
  return open;
}

/** A CONNECT from a local address of the test's choice (all of 127/8 reaches the broker). */
function connectFrom(
  to: Harness | number,
  from: string,
  serial: string,
  secret: string,
  protocolVersion: 3 | 4 | 5 = 4,
): Promise<'connected' | number> {
  const client = new MqttClient(
    () =>
      createConnection({
        host: '127.0.0.1',
        port: typeof to === 'number' ? to : to.broker.port,
        localAddress: from,
      }),
    {
      clientId: clientIdFor(serial, MAC),
      username: serial,
      password: secret,
      protocolVersion,
      ...(protocolVersion === 3 ? { protocolId: 'MQIsdp' as const } : {}),
      reconnectPeriod: 0,
      connectTimeout: 600_000,
    },
  );
  clients.push(client);
  return new Promise((resolve) => {
    client.once('connect', () => resolve('connected'));
    client.once('error', (error: Error & { code?: unknown }) =>
      resolve(typeof error.code === 'number' ? error.code : -1),
    );
  });
}

/** Lets the broker work until `condition` holds (bounded; what is asserted is counts, never time). */
async function until(condition: () => boolean): Promise<void> {
  for (let round = 0; round < 400 && !condition(); round += 1) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  expect(condition()).toBe(true);
}

describe('refusalDelayMs and addressKey', () => {
  it('answers five failures of a serial at once, then waits 1 s, 2 s, 4 s … up to 16 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 50].map(refusalDelayMs)).toEqual([
      0, 0, 0, 0, 0, 1000, 2000, 4000, 8000, 16000, 16000, 16000,
    ]);
  });

  it('counts IPv4 as it is and IPv6 by its /64', () => {
    expect(addressKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('2001:db8:0:1::2')).toBe(addressKey('2001:0db8:0000:0001:ffff:1:2:3'));
    expect(addressKey('2001:db8:0:1::2')).not.toBe(addressKey('2001:db8:0:2::2'));
    expect(addressKey(undefined)).toBe('unknown');
  });
});

describe('the embedded broker throttles failed CONNECTs', () => {
  it('a burst of 100 wrong secrets for one serial: five are checked, then one at a time behind a growing delay; the genuine device gets in meanwhile', async () => {
    const harness = await startBroker({ maxAddressFailures: 1000, sleep: 'held' });
    const answered: (string | number)[] = [];
    for (let guess = 0; guess < 100; guess += 1) {
      void connectFrom(harness, '127.0.0.2', '1104567890', `guess-${guess}-xxxxxxxxxxxx`).then((answer) =>
        answered.push(answer),
      );
    }
    // Five wrong answers at once; the sixth is checked and its answer held.
    await until(() => harness.sleeps.length === 1 && answered.length === 5);
    expect(harness.checks).toHaveLength(6);
    expect(harness.sleeps.map((sleep) => sleep.ms)).toEqual([1000]);

    // The device itself, from its own address, with the right secret: in at once, during the attack.
    expect(await connectFrom(harness, '127.0.0.1', '1104567890', RIGHT)).toBe('connected');
    expect(harness.checks).toHaveLength(7);

    // Each wrong answer that goes out lets the next guess be checked, and the wait grows.
    harness.sleeps[0]?.wake();
    await until(() => harness.sleeps.length === 2);
    harness.sleeps[1]?.wake();
    await until(() => harness.sleeps.length === 3);
    expect(harness.sleeps.map((sleep) => sleep.ms)).toEqual([1000, 2000, 4000]);
    expect(harness.checks.filter((check) => check.secret !== RIGHT)).toHaveLength(8);
    // Of the 100 guesses, 7 have their "bad user name or password"; 92 wait unchecked.
    await until(() => answered.length === 7);
    expect(answered).toEqual(Array(7).fill(4));

    // And after the attack, the right secret is still accepted at once.
    expect(await connectFrom(harness, '127.0.0.4', '1104567890', RIGHT)).toBe('connected');
  });

  it('checks many devices of one address at once while it makes no mistakes (a fleet behind one NAT); never more than it may still fail', async () => {
    const throttle = new ConnectThrottle({ maxAddressFailures: 4, windowS: 900, now: () => 1_000_000 });
    const pending: { serial: string; answer: (ok: boolean) => void }[] = [];
    const attempt = (serial: string) =>
      throttle.attempt(
        '10.0.0.1',
        serial,
        () => new Promise<boolean>((answer) => pending.push({ serial, answer })),
      );
    const outcomes = ['A1', 'A2', 'A3', 'A4', 'A5', 'A6'].map((serial) => attempt(serial));
    // Four checks at once (the address may still fail four times), the other two wait.
    await until(() => pending.length === 4);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(pending.map((check) => check.serial)).toEqual(['A1', 'A2', 'A3', 'A4']);
    // A success frees its slot: the next device is checked.
    pending[0]?.answer(true);
    await until(() => pending.length === 5);
    // A failure frees its slot but counts: one failure and three in progress fill the four.
    pending[1]?.answer(false);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(pending).toHaveLength(5);
    for (const check of pending.slice(2)) check.answer(true);
    await until(() => pending.length === 6);
    pending[5]?.answer(true);
    expect(await Promise.all(outcomes)).toEqual([
      'accepted',
      'refused',
      'accepted',
      'accepted',
      'accepted',
      'accepted',
    ]);
    throttle.close();
  });

  it('bans an address after MQTT_AUTH_MAX_FAILURES: unchecked CONNACK 5 until the window ends; other addresses are unaffected', async () => {
    const harness = await startBroker({ maxAddressFailures: 20, sleep: 'none' });
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, guess) =>
        connectFrom(
          harness,
          '127.0.0.3',
          `11045${String(guess).padStart(5, '0')}`,
          `guess-${guess}-xxxxxxxxxxxx`,
        ),
      ),
    );
    expect(harness.checks).toHaveLength(20);
    expect(answers.filter((answer) => answer === 4)).toHaveLength(20);
    expect(answers.filter((answer) => answer === 5)).toHaveLength(80);
    // Banned means unchecked: even the right secret from there is not looked at.
    expect(await connectFrom(harness, '127.0.0.3', '1104599999', RIGHT)).toBe(5);
    expect(harness.checks).toHaveLength(20);
    expect(await connectFrom(harness, '127.0.0.1', '1104599999', RIGHT)).toBe('connected');
    harness.clock.now += 900_000;
    expect(await connectFrom(harness, '127.0.0.3', '1104599998', RIGHT)).toBe('connected');
  });

  it('speaks MQTT 3.1.1 only: a level 5 or level 3 CONNECT is answered CONNACK 1 and never checked', async () => {
    const harness = await startBroker({ maxAddressFailures: 20, sleep: 'none' });
    expect(await connectFrom(harness, '127.0.0.1', 'ABC123', RIGHT, 5)).toBe(1);
    expect(await connectFrom(harness, '127.0.0.1', 'ABC123', RIGHT, 3)).toBe(1);
    expect(harness.checks).toHaveLength(0);
    expect(await connectFrom(harness, '127.0.0.1', 'ABC123', RIGHT, 4)).toBe('connected');
  });
});

describe("the API's broker with the real identity check (MQTT_AUTH_MAX_FAILURES)", () => {
  it('100 wrong secrets from one address: five reach the check and the connection log, the rest get the ban; the device connects from elsewhere', async () => {
    const fx = await startTestApi({ MQTT_AUTH_MAX_FAILURES: 5 });
    try {
      const port = (fx.api.deps.gateway.transport as EmbeddedBroker).port;
      const serial = `78${String(Date.now()).slice(-8)}`;
      const [identity] = await fx.api.deps.db
        .insert(deviceIdentities)
        .values({ serial, mac: MAC, secretSha256: secretDigest(RIGHT) })
        .returning();
      const answers = await Promise.all(
        Array.from({ length: 100 }, (_, guess) =>
          connectFrom(port, '127.0.0.2', serial, `guess-${guess}-xxxxxxxxxxxx`),
        ),
      );
      expect(answers.filter((answer) => answer === 4)).toHaveLength(5);
      expect(answers.filter((answer) => answer === 5)).toHaveLength(95);
      expect(await connectFrom(port, '127.0.0.1', serial, RIGHT)).toBe('connected');
      const logged = await fx.api.deps.db
        .select({ reason: deviceConnectionLog.reason })
        .from(deviceConnectionLog)
        .where(eq(deviceConnectionLog.identityId, identity?.id as number));
      expect(logged.map((row) => row.reason)).toEqual(Array(5).fill(CONNECTION_REASONS.attempted));
    } finally {
      for (const client of clients.splice(0)) client.end(true);
      await fx.stop();
    }
  });
});
