import { setTimeout as sleep } from 'node:timers/promises';
import { helloSchema } from '@fleetport/contracts/device-protocol';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { SimDevice } from './device.ts';
import { DEFAULT_TIMING, type SimTiming } from './device-connection.ts';
import { outageClockOf } from './device-outages.ts';
import { type DeviceRole, generateFleet } from './fleet.ts';
import { newSecret, type SimDeviceProfile } from './fleet-manifest.ts';
import { observe, type Received, startBroker } from './testing/broker.ts';

/** Outages in tenths of a second instead of minutes and hours. */
const TIMING: Partial<SimTiming> = {
  configWaitMs: 50,
  reconnectPeriodMs: 200,
  timeScale: 6000,
  unreliableOnlineMs: [300, 300],
  unreliableOfflineMs: [500, 500],
  flappingOnlineMs: [200, 200],
  flappingOfflineMs: [400, 400],
};

const fleet: SimDeviceProfile[] = generateFleet(50, { seed: 12 }).map((device) => ({
  ...device,
  secret: newSecret(),
}));
const approved = new Map(fleet.map((device) => [device.serial, device]));
let broker: Awaited<ReturnType<typeof startBroker>>;
let observer: Awaited<ReturnType<typeof observe>>;

beforeAll(async () => {
  broker = await startBroker({ identityOf: (serial) => approved.get(serial) });
  observer = await observe(broker.url, 'fp/v1/#');
});
afterAll(async () => {
  await observer.close();
  await broker.close();
});

function simulate(role: DeviceRole): SimDevice {
  const profile = fleet.find((device) => device.role === role);
  if (!profile) throw new Error(`no ${role} unit in the test fleet`);
  const device = new SimDevice({ url: broker.url, profile, timing: TIMING });
  onTestFinished(() => device.stop());
  return device;
}

const isHello = (device: SimDevice) => (message: Received) => message.topic === device.topics.hello;
const isOffline = (device: SimDevice) => (message: Received) =>
  message.topic === device.topics.status && (message.json as { state: string }).state === 'offline';
const uptime = (message: Received) => helloSchema.parse(message.json).uptime_s;

/** Hello, then offline, then hello again, `rounds` times: the messages of each step. */
async function cycles(device: SimDevice, rounds: number) {
  const from = observer.mark();
  const hellos = [await observer.next(isHello(device), from)];
  const states: string[] = [];
  for (let round = 0; round < rounds; round++) {
    const offline = await observer.next(
      isOffline(device),
      observer.messages.indexOf(hellos.at(-1) as Received),
    );
    states.push(device.state);
    hellos.push(await observer.next(isHello(device), observer.messages.indexOf(offline)));
  }
  return { hellos, states };
}

describe('units in trouble over MQTT', { timeout: 20_000 }, () => {
  it('takes an unreliable unit away without a goodbye, and brings it back on a fresh boot, again and again', async () => {
    const device = simulate('unreliable');
    const dropped = vi.fn();
    device.on('offline', dropped);

    device.start();
    const { hellos, states } = await cycles(device, 2);

    expect(states).toEqual(['offline', 'offline']);
    expect(dropped).toHaveBeenCalledTimes(2);
    // The last will, published by the broker: no DISCONNECT, no `offline` of its own.
    expect(broker.wills.filter((topic) => topic === device.topics.status)).toHaveLength(2);
    const [first, second, third] = hellos.map(uptime);
    expect(first).toBeGreaterThanOrEqual(3600);
    expect(second).toBeLessThan(60);
    expect(third).toBeLessThan(60);
  });

  it('lets a flapping unit drop and come back every little while, its uptime running on', async () => {
    const device = simulate('flapping');

    device.start();
    const { hellos, states } = await cycles(device, 3);

    expect(states).toEqual(['offline', 'offline', 'offline']);
    expect(broker.wills.filter((topic) => topic === device.topics.status)).toHaveLength(3);
    const uptimes = hellos.map(uptime);
    expect(uptimes[0]).toBeGreaterThanOrEqual(3600);
    expect(uptimes).toEqual([...uptimes].sort((a, b) => a - b));
  });

  it('never connects a unit that was never activated', async () => {
    const device = simulate('never-activated');
    const from = observer.mark();

    device.start();
    await sleep(500);

    expect(device.state).toBe('offline');
    expect(
      observer.messages.slice(from).filter((message) => message.topic.includes(device.profile.serial)),
    ).toEqual([]);
  });
});

describe('outageClockOf', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('gives units that stay online no outages', () => {
    for (const role of ['standard', 'gps-mover', 'weak-signal', 'never-activated'] as const)
      expect(outageClockOf(role, DEFAULT_TIMING)).toBeUndefined();
  });

  it('starts a unit at a random point of its cycle: in an outage, seen only for its first readings', () => {
    vi.useFakeTimers();
    const goAway = vi.fn();
    // The lowest draw: inside an outage, and the shortest stretches.
    const clock = outageClockOf('unreliable', DEFAULT_TIMING, () => 0);

    clock?.arm(goAway);
    vi.advanceTimersByTime(2 * DEFAULT_TIMING.configWaitMs - 1);
    expect(goAway).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(goAway).toHaveBeenCalledWith(DEFAULT_TIMING.unreliableOfflineMs[0], true);

    // Later stretches are whole ones.
    clock?.arm(goAway);
    vi.advanceTimersByTime(DEFAULT_TIMING.unreliableOnlineMs[0] - 1);
    expect(goAway).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(goAway).toHaveBeenCalledTimes(2);
  });

  it('keeps one stretch running at a time, and none once disarmed', () => {
    vi.useFakeTimers();
    const goAway = vi.fn();
    const clock = outageClockOf('flapping', DEFAULT_TIMING, () => 0.99);

    clock?.arm(goAway);
    clock?.arm(goAway);
    vi.advanceTimersByTime(DEFAULT_TIMING.flappingOnlineMs[1] * 3);
    expect(goAway).toHaveBeenCalledTimes(1);
    expect(goAway).toHaveBeenCalledWith(expect.any(Number), false);

    clock?.arm(goAway);
    clock?.disarm();
    vi.advanceTimersByTime(DEFAULT_TIMING.flappingOnlineMs[1] * 3);
    expect(goAway).toHaveBeenCalledTimes(1);
  });
});
