import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { commandResultSchema, helloSchema, telemetrySchema } from '@fleetport/contracts/device-protocol';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { SimDevice } from './device.ts';
import type { SimTiming } from './device-connection.ts';
import { type DeviceProfile, generateFleet, SPECIAL_INDEX } from './fleet.ts';
import { newSecret, type SimDeviceProfile } from './fleet-manifest.ts';
import { observe, type Received, startBroker } from './testing/broker.ts';
import { startFirmwareServer } from './testing/firmware-server.ts';

/** Fast enough for tests: a five-minute interval takes 50 ms, a reboot 50 ms. */
const TIMING: Partial<SimTiming> = {
  rebootDelayMs: 50,
  reconnectPeriodMs: 200,
  refusedRetryMs: 60_000,
  configWaitMs: 100,
  firmwareStepMs: 10,
  backupStepMs: 10,
  timeScale: 6000,
};

/** As loadOrCreateFleet makes it: an approved identity per serial, whose secret the clone shares. */
const generated = generateFleet(60, { seed: 21, testDevices: true });
const approved = new Map(
  generated
    .filter((device) => device.cloneOf === undefined)
    .map((device) => [device.serial, { mac: device.mac, secret: newSecret() }]),
);
const fleet: SimDeviceProfile[] = generated.map((device) => ({
  ...device,
  secret: approved.get(device.serial)?.secret ?? '',
}));
const busyOnce = new Set<string>();
const banned = new Set<string>();
let broker: Awaited<ReturnType<typeof startBroker>>;
let observer: Awaited<ReturnType<typeof observe>>;

beforeAll(async () => {
  broker = await startBroker({
    identityOf: (serial) => {
      // A busy gateway once: its store fails, and the broker answers "server unavailable" (3).
      if (busyOnce.delete(serial)) throw new Error('the store is busy');
      return approved.get(serial);
    },
    banned,
  });
  observer = await observe(broker.url, 'fp/v1/#');
});
afterAll(async () => {
  await observer.close();
  await broker.close();
});

const taken = new Set<number>();
/** A device no other test uses, so that each test reads only its own messages. */
function simulate(
  match: (device: DeviceProfile) => boolean,
  profile?: Partial<SimDeviceProfile>,
  timing: Partial<SimTiming> = TIMING,
): SimDevice {
  // The device the clone copies is left to the clone's test.
  const found = fleet.find(
    (device) =>
      !taken.has(device.index) &&
      device.role === 'standard' &&
      device.index !== SPECIAL_INDEX.cloned &&
      match(device),
  );
  if (!found) throw new Error('no unused device of that kind in the test fleet');
  taken.add(found.index);
  const device = new SimDevice({ url: broker.url, profile: { ...found, ...profile }, timing });
  onTestFinished(() => device.stop());
  return device;
}
const mobile = (device: DeviceProfile) => device.capabilities.mobile;

const on = (topic: string) => (message: Received) => message.topic === topic;
const json = <T>(message: Received) => message.json as T;

function send(device: SimDevice, command: Record<string, unknown>): string {
  const id = randomUUID();
  void observer.publish(device.topics.command, { v: 1, id, ...command });
  return id;
}
function result(device: SimDevice, id: string, state: string, from = 0): Promise<Received> {
  return observer.next((message) => {
    if (message.topic !== device.topics.commandResult) return false;
    const answer = commandResultSchema.parse(message.json);
    return answer.id === id && answer.state === state;
  }, from);
}
function isTelemetryOf(device: SimDevice) {
  return (message: Received) => message.topic.startsWith(`fp/v1/${device.profile.serial}/telemetry/`);
}

describe('SimDevice over MQTT', { timeout: 20_000 }, () => {
  it('says hello first, sets a retained online status and reports each of its categories', async () => {
    const device = simulate(mobile);
    const from = observer.mark();

    device.start();
    const hello = await observer.next(on(device.topics.hello), from);
    for (const category of device.categories) {
      const reading = await observer.next(on(device.topics.telemetry(category)), from);
      expect(telemetrySchema(category).safeParse(reading.json).error).toBeUndefined();
    }

    const own = observer.messages
      .slice(from)
      .filter((message) => message.topic.startsWith(`fp/v1/${device.profile.serial}/`));
    expect(own[0]).toBe(hello);
    expect(helloSchema.parse(hello.json)).toMatchObject({
      serial: device.profile.serial,
      mac: device.profile.mac,
      model: device.profile.model,
      firmware: device.profile.firmware,
    });
    const late = await observe(broker.url, device.topics.status);
    onTestFinished(() => late.close());
    const status = await late.next(() => true, 0);
    expect(status).toMatchObject({ retain: true, json: { v: 1, state: 'online' } });
    const categories = new Set(
      own.filter(isTelemetryOf(device)).map((message) => message.topic.split('/').at(-1)),
    );
    expect([...categories].sort()).toEqual([...device.categories].sort());
  });

  it('switched off and on again: a new hello after the stop', async () => {
    const device = simulate(mobile);
    const from = observer.mark();
    device.start();
    await observer.next(on(device.topics.hello), from);
    await device.stop();
    expect(device.state).toBe('stopped');
    const again = observer.mark();
    device.start();
    const hello = await observer.next(on(device.topics.hello), again);
    expect(helloSchema.parse(hello.json).serial).toBe(device.profile.serial);
    await device.stop();
  });

  it('reboots: accepted, offline by its last will, then a new hello with uptime from zero', async () => {
    const device = simulate(mobile);
    const from = observer.mark();
    device.start();
    const first = await observer.next(on(device.topics.hello), from);

    const id = send(device, { action: 'reboot' });
    const accepted = await result(device, id, 'accepted', from);
    const offline = await observer.next(
      (message) =>
        message.topic === device.topics.status && json<{ state: string }>(message).state === 'offline',
      observer.messages.indexOf(accepted),
    );
    const second = await observer.next(on(device.topics.hello), observer.messages.indexOf(offline));
    await observer.next(
      (message) =>
        message.topic === device.topics.status && json<{ state: string }>(message).state === 'online',
      observer.messages.indexOf(second),
    );

    expect(broker.wills).toContain(device.topics.status);
    expect(json<{ uptime_s: number }>(first).uptime_s).toBeGreaterThanOrEqual(3600);
    expect(json<{ uptime_s: number }>(second).uptime_s).toBeLessThan(
      json<{ uptime_s: number }>(first).uptime_s,
    );
    expect(json<{ uptime_s: number }>(second).uptime_s).toBeLessThan(60);
  });

  it('runs cli commands it knows, and fails an unknown one and an invalid command', async () => {
    const device = simulate(mobile);
    const from = observer.mark();
    device.start();
    await observer.next(on(device.topics.hello), from);

    const uptime = await result(device, send(device, { action: 'cli', command: 'uptime' }), 'done', from);
    const signal = await result(device, send(device, { action: 'cli', command: 'gsmctl -q' }), 'done', from);
    const unknown = await result(
      device,
      send(device, { action: 'cli', command: 'rm -rf /' }),
      'failed',
      from,
    );
    const invalid = await result(device, send(device, { action: 'format' }), 'failed', from);

    expect(json<{ output: string }>(uptime).output).toMatch(/ up .*load average/);
    expect(json<{ output: string }>(signal).output).toMatch(/^RSSI: /);
    expect(json<{ error: string }>(unknown).error).toBe('command not found');
    expect(json<{ error: string }>(invalid).error).toBe('invalid command');
  });

  it('never applies a command twice: a second copy of an id is answered from memory (docs/device-protocol.md)', async () => {
    const device = simulate(mobile);
    const from = observer.mark();
    device.start();
    await observer.next(on(device.topics.hello), from);
    const id = randomUUID();
    const command = { v: 1, id, action: 'config.write', section: 'system', values: { hostname: 'first' } };
    void observer.publish(device.topics.command, command);
    await result(device, id, 'done', from);
    // The same id again, now asking for another value: answered `done` from memory, not applied.
    const again = observer.mark();
    void observer.publish(device.topics.command, { ...command, values: { hostname: 'second' } });
    await result(device, id, 'done', again);
    const read = send(device, { action: 'config.read', section: 'system' });
    const values = json<{ values: Record<string, unknown> }>(await result(device, read, 'done', from)).values;
    expect(values.hostname).toBe('first');
    // A reboot sent twice restarts the unit once.
    const reboot = send(device, { action: 'reboot' });
    const accepted = await result(device, reboot, 'accepted', from);
    const back = await observer.next(on(device.topics.hello), observer.messages.indexOf(accepted));
    const after = observer.messages.indexOf(back);
    void observer.publish(device.topics.command, { v: 1, id: reboot, action: 'reboot' });
    await result(device, reboot, 'done', after);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const hellos = observer.messages.slice(after + 1).filter(on(device.topics.hello));
    expect(hellos).toEqual([]);
  });

  it('updates firmware: progress from 0 to 100, then a hello on the new version', async () => {
    const server = await startFirmwareServer();
    onTestFinished(() => server.close());
    const image = server.serve(64 * 1024);
    const device = simulate(mobile);
    const from = observer.mark();
    device.start();
    await observer.next(on(device.topics.hello), from);

    const id = send(device, {
      action: 'firmware.update',
      version: '00.07.09',
      url: image.url,
      sha256: image.sha256,
      size: image.size,
    });
    const last = await result(device, id, 'progress', from).then(() =>
      observer.next(
        (message) =>
          message.topic === device.topics.commandResult &&
          json<{ progress?: number }>(message).progress === 100,
        from,
      ),
    );
    const hello = await observer.next(on(device.topics.hello), observer.messages.indexOf(last));

    const progress = observer.messages
      .slice(from)
      .filter(
        (message) => message.topic === device.topics.commandResult && json<{ id: string }>(message).id === id,
      )
      .flatMap((message) => json<{ progress?: number }>(message).progress ?? []);
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(100);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    // The download fills 0–80 % in steps of 10 at most, the flash the rest.
    expect(progress).toEqual(expect.arrayContaining([80, 85, 90, 95, 100]));
    expect(progress.every((value) => value % 5 === 0 && (value > 80 || value % 10 === 0))).toBe(true);
    expect(server.requests(image.path)).toBe(1);
    expect(json<{ firmware: string }>(hello).firmware).toMatch(/_R_00\.07\.09$/);
    expect(device.firmware).toBe(json<{ firmware: string }>(hello).firmware);
  });

  it('writes config and reports the new host name on refresh', async () => {
    const device = simulate(() => true);
    const from = observer.mark();
    device.start();
    await observer.next(on(device.topics.hello), from);

    await result(
      device,
      send(device, { action: 'config.write', section: 'system', values: { hostname: 'depot-7' } }),
      'done',
      from,
    );
    const read = await result(
      device,
      send(device, { action: 'config.read', section: 'system' }),
      'done',
      from,
    );
    const refresh = send(device, { action: 'refresh' });
    const accepted = await result(device, refresh, 'accepted', from);
    const reading = await observer.next(
      on(device.topics.telemetry('static')),
      observer.messages.indexOf(accepted),
    );
    await result(device, refresh, 'done', from);

    expect(json<{ values: Record<string, unknown> }>(read).values.hostname).toBe('depot-7');
    expect(json<{ data: { hostname: string } }>(reading).data.hostname).toBe('depot-7');
  });

  it('stops reporting when the config turns monitoring off, and resumes when it turns it on', async () => {
    const device = simulate(mobile);
    const from = observer.mark();
    device.start();
    await observer.next(isTelemetryOf(device), from);

    await observer.publish(
      device.topics.config,
      { v: 1, monitoring: false, intervals_s: { dynamic: 300, static: 86400 } },
      true,
    );
    const refused = await result(device, send(device, { action: 'refresh' }), 'failed', from);
    const quiet = observer.messages.indexOf(refused);
    await sleep(300); // six dynamic intervals at this time scale
    await result(device, send(device, { action: 'cli', command: 'uptime' }), 'done', quiet);
    const whileOff = observer.messages.slice(quiet).filter(isTelemetryOf(device));
    await observer.publish(
      device.topics.config,
      { v: 1, monitoring: true, intervals_s: { dynamic: 60, static: 86400 } },
      true,
    );
    await observer.next(isTelemetryOf(device), quiet);

    expect(json<{ error: string }>(refused).error).toBe('monitoring is disabled');
    expect(whileOff).toEqual([]);
    expect(device.config.intervals_s.dynamic).toBe(60);
  });

  it('sends nothing but hello, status and its configuration when its retained config already says monitoring off', async () => {
    const device = simulate(mobile);
    await observer.publish(
      device.topics.config,
      { v: 1, monitoring: false, intervals_s: { dynamic: 300, static: 86400 } },
      true,
    );
    const from = observer.mark();

    device.start();
    await once(device, 'config');
    await sleep(300); // past the wait for a config, and six intervals
    await result(device, send(device, { action: 'cli', command: 'help' }), 'done', from);

    const sent = observer.messages
      .slice(from)
      .map((message) => message.topic)
      .filter(
        (topic) => topic.startsWith(`fp/v1/${device.profile.serial}/`) && topic !== device.topics.command,
      );
    // The configuration report is no reading: the gateway learns the tree whatever the monitoring.
    expect(new Set(sent)).toEqual(
      new Set([
        device.topics.hello,
        device.topics.status,
        device.topics.configReport,
        device.topics.commandResult,
      ]),
    );
  });

  it('goes offline by its will when stopped abruptly, and says so itself when stopped cleanly', async () => {
    const abrupt = simulate(() => true);
    const clean = simulate(() => true);
    const from = observer.mark();
    abrupt.start();
    clean.start();
    await observer.next(on(abrupt.topics.hello), from);
    await observer.next(on(clean.topics.hello), from);

    await abrupt.stop();
    await clean.stop({ clean: true });
    const offline = (device: SimDevice) =>
      observer.next(
        (message) =>
          message.topic === device.topics.status && json<{ state: string }>(message).state === 'offline',
        from,
      );
    await offline(abrupt);
    await offline(clean);

    expect(broker.wills).toContain(abrupt.topics.status);
    expect(broker.wills).not.toContain(clean.topics.status);
  });

  it('tries again soon after "server unavailable" (CONNACK 3), and comes online', async () => {
    const device = simulate(() => true);
    busyOnce.add(device.profile.serial);
    const from = observer.mark();

    const online = once(device, 'online');
    device.start();
    await online;
    await observer.next(on(device.topics.hello), from);

    expect(busyOnce.has(device.profile.serial)).toBe(false);
  });

  it('is refused with a wrong secret, and never says hello', async () => {
    const device = simulate(() => true, { secret: 'not-the-secret' });
    const from = observer.mark();

    device.start();
    const [error] = await once(device, 'refused');

    expect((error as { code?: number }).code).toBe(4);
    expect(device.state).toBe('refused');
    expect(observer.messages.slice(from).some(on(device.topics.hello))).toBe(false);
  });

  it('is refused while its address is banned (CONNACK 5), and tries again later with the same identity', async () => {
    const device = simulate(() => true, {}, { ...TIMING, refusedRetryMs: 50 });
    banned.add(device.profile.serial);

    device.start();
    const [error] = await once(device, 'refused');
    expect((error as { code?: number }).code).toBe(5);
    expect(device.state).toBe('refused');

    // The ban ends (the gateway's window); the next try connects.
    banned.delete(device.profile.serial);
    await once(device, 'online');
    expect(device.state).toBe('online');
  });

  it('refuses the clone at CONNECT, leaving the device it copies online', async () => {
    const clone = fleet[SPECIAL_INDEX.clone];
    const original = fleet[SPECIAL_INDEX.cloned];
    if (!clone || !original) throw new Error('no clone in the test fleet');
    const real = new SimDevice({ url: broker.url, profile: original, timing: TIMING });
    const copy = new SimDevice({ url: broker.url, profile: clone, timing: TIMING });
    onTestFinished(() => Promise.all([real.stop(), copy.stop()]).then(() => undefined));
    const from = observer.mark();
    const wills = broker.wills.length;
    real.start();
    await observer.next(on(real.topics.hello), from);

    copy.start();
    const [error] = await once(copy, 'refused');
    await result(real, send(real, { action: 'cli', command: 'uptime' }), 'done', from);

    expect(copy.topics.hello).toBe(real.topics.hello);
    expect(clone.secret).toBe(original.secret);
    expect((error as { code?: number }).code).toBe(4);
    expect(real.state).toBe('online');
    expect(observer.messages.slice(from).filter(on(real.topics.hello))).toHaveLength(1);
    expect(broker.wills.slice(wills)).not.toContain(real.topics.status);
  });
});
