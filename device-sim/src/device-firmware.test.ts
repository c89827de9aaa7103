import { randomUUID } from 'node:crypto';
import { type AddressInfo, createServer } from 'node:net';
import { commandResultSchema } from '@fleetport/contracts/device-protocol';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { SimDevice } from './device.ts';
import type { SimTiming } from './device-connection.ts';
import {
  CHECKSUM_MISMATCH,
  createFirmwareFaults,
  FIRMWARE_FAILURES,
  formatBytes,
} from './device-firmware.ts';
import { generateFleet } from './fleet.ts';
import { newSecret, type SimDeviceProfile } from './fleet-manifest.ts';
import { createRandom } from './random.ts';
import { observe, type Received, startBroker } from './testing/broker.ts';
import { type ServedImage, startFirmwareServer } from './testing/firmware-server.ts';

/**
 * Firmware updates as a unit in the field runs them (docs/device-protocol.md, "firmware.update"):
 * each test serves a small image over HTTP and watches the device's answers on the broker.
 */
const TIMING: Partial<SimTiming> = {
  rebootDelayMs: 50,
  reconnectPeriodMs: 200,
  configWaitMs: 100,
  firmwareStepMs: 5,
  timeScale: 6000,
};
const IMAGE_BYTES = 32 * 1024;

const fleet: SimDeviceProfile[] = generateFleet(40, { seed: 33, troubledDevices: false })
  .filter((device) => device.role === 'standard')
  .map((device) => ({ ...device, secret: newSecret() }));
let broker: Awaited<ReturnType<typeof startBroker>>;
let observer: Awaited<ReturnType<typeof observe>>;
let server: Awaited<ReturnType<typeof startFirmwareServer>>;

beforeAll(async () => {
  broker = await startBroker({
    identityOf: (serial) => fleet.find((device) => device.serial === serial),
  });
  observer = await observe(broker.url, 'fp/v1/#');
  server = await startFirmwareServer();
});
afterAll(async () => {
  await observer.close();
  await broker.close();
  await server.close();
});

let used = 0;
/** A device of its own, online, and where its messages start. */
async function online(
  options: { flashFreeBytes?: number; timing?: Partial<SimTiming> } = {},
): Promise<{ device: SimDevice; from: number }> {
  const profile = fleet[used++];
  if (!profile) throw new Error('no unused device in the test fleet');
  const device = new SimDevice({
    url: broker.url,
    profile,
    ...options,
    timing: { ...TIMING, ...options.timing },
  });
  onTestFinished(() => device.stop());
  const from = observer.mark();
  device.start();
  await observer.next((message) => message.topic === device.topics.hello, from);
  return { device, from };
}

function update(device: SimDevice, image: Omit<ServedImage, 'path'>, id: string = randomUUID()): string {
  const { url, sha256, size } = image;
  void observer.publish(device.topics.command, {
    v: 1,
    id,
    action: 'firmware.update',
    version: '00.07.09',
    url,
    sha256,
    size,
  });
  return id;
}

function answers(device: SimDevice, id: string, from: number, to = observer.messages.length) {
  return observer.messages
    .slice(from, to)
    .filter((message) => message.topic === device.topics.commandResult)
    .map((message) => commandResultSchema.parse(message.json))
    .filter((answer) => answer.id === id);
}
function answer(device: SimDevice, id: string, state: string, from: number): Promise<Received> {
  return observer.next((message) => {
    if (message.topic !== device.topics.commandResult) return false;
    const parsed = commandResultSchema.parse(message.json);
    return parsed.id === id && parsed.state === state;
  }, from);
}
async function failure(device: SimDevice, id: string, from: number): Promise<string | undefined> {
  return commandResultSchema.parse((await answer(device, id, 'failed', from)).json).error;
}
/** The next hello after `from`, and the firmware it reports. */
async function helloAfter(device: SimDevice, from: number): Promise<{ firmware: string; at: number }> {
  const hello = await observer.next((message) => message.topic === device.topics.hello, from + 1);
  return { firmware: (hello.json as { firmware: string }).firmware, at: observer.messages.indexOf(hello) };
}

/** A port nothing listens on any more: connecting to it is refused. */
async function closedPort(): Promise<number> {
  const listener = createServer();
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const { port } = listener.address() as AddressInfo;
  await new Promise<void>((resolve) => listener.close(() => resolve()));
  return port;
}

describe('SimDevice firmware updates', { timeout: 20_000 }, () => {
  it('downloads, checks and flashes an image, then says hello on the new version', async () => {
    const { device, from } = await online();
    const before = device.firmware;
    const image = server.serve(IMAGE_BYTES);

    const id = update(device, image);
    const accepted = await answer(device, id, 'accepted', from);
    const hello = await helloAfter(device, observer.messages.indexOf(accepted));

    const progress = answers(device, id, from, hello.at).flatMap((result) => result.progress ?? []);
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(100);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(answers(device, id, from).map((result) => result.state)).not.toContain('failed');
    expect(hello.firmware).toBe(before.replace(/_R_.*$/, '_R_00.07.09'));
    expect(device.firmware).toBe(hello.firmware);
    expect(server.requests(image.path)).toBe(1);
  });

  it('fails "download failed: HTTP 403" on an expired URL, and keeps its firmware', async () => {
    const { device, from } = await online();
    const before = device.firmware;
    const image = { ...server.serve(IMAGE_BYTES), url: server.statusUrl(403) };

    const error = await failure(device, update(device, image), from);

    expect(error).toBe('download failed: HTTP 403');
    expect(device.firmware).toBe(before);
    expect(device.state).toBe('online');
  });

  it('fails a checksum mismatch when the image is not the one the command describes, flashing nothing', async () => {
    const { device, from } = await online();
    const before = device.firmware;
    const image = server.serve(IMAGE_BYTES);

    const id = update(device, { ...image, sha256: server.serve(IMAGE_BYTES).sha256 });
    const error = await failure(device, id, from);

    expect(error).toBe(CHECKSUM_MISMATCH);
    expect(answers(device, id, from).flatMap((result) => result.progress ?? [])).not.toContain(85);
    expect(device.firmware).toBe(before);
  });

  it('fails a checksum mismatch once after an injected "checksum", and updates on the next try', async () => {
    const { device, from } = await online();
    const image = server.serve(IMAGE_BYTES);

    device.injectFirmwareFailure('checksum');
    const first = update(device, image);
    const error = await failure(device, first, from);
    const second = update(device, image);
    const accepted = await answer(device, second, 'accepted', from);
    const hello = await helloAfter(device, observer.messages.indexOf(accepted));

    expect(error).toBe(CHECKSUM_MISMATCH);
    expect(hello.firmware).toMatch(/_R_00\.07\.09$/);
    expect(server.requests(image.path)).toBe(2);
  });

  it('loses power mid-flash after an injected "power_loss": back on its old version, no failure sent', async () => {
    const { device, from } = await online();
    const before = device.firmware;
    const image = server.serve(IMAGE_BYTES);

    device.injectFirmwareFailure('power_loss');
    const id = update(device, image);
    const accepted = await answer(device, id, 'accepted', from);
    const offline = await observer.next(
      (message) =>
        message.topic === device.topics.status && (message.json as { state: string }).state === 'offline',
      observer.messages.indexOf(accepted),
    );
    const hello = await helloAfter(device, observer.messages.indexOf(offline));

    const sent = answers(device, id, from, hello.at);
    expect(sent.map((result) => result.state)).not.toContain('failed');
    expect(sent.flatMap((result) => result.progress ?? [])).toContain(90);
    expect(sent.flatMap((result) => result.progress ?? [])).not.toContain(100);
    expect(broker.wills).toContain(device.topics.status);
    expect(hello.firmware).toBe(before);
    expect(device.firmware).toBe(before);
    // Asked again, it says what happened, from memory, and downloads nothing.
    const again = observer.mark();
    update(device, image, id);
    expect(await failure(device, id, again)).toMatch(/^power was lost while flashing; /);
    expect(server.requests(image.path)).toBe(1);
  });

  it('fails "not enough space" for an image larger than its free flash, without downloading it', async () => {
    const { device, from } = await online({ flashFreeBytes: 16 * 1024 });
    const image = server.serve(IMAGE_BYTES);

    const error = await failure(device, update(device, image), from);

    expect(error).toBe('not enough space: the image needs 32.0 kB, 16.0 kB free');
    expect(server.requests(image.path)).toBe(0);
  });

  it('fails "not enough space" after an injected "no_space", however small the image', async () => {
    const { device, from } = await online();
    const image = server.serve(IMAGE_BYTES);

    device.injectFirmwareFailure('no_space');
    const error = await failure(device, update(device, image), from);

    expect(error).toBe('not enough space: the image needs 32.0 kB, 8.0 kB free');
    expect(server.requests(image.path)).toBe(0);
  });

  it('downloads an image once for a command id, however often the command comes', async () => {
    const { device, from } = await online();
    const image = server.serve(IMAGE_BYTES);

    const id = update(device, image);
    update(device, image, id); // while it runs: its answers are on their way
    const accepted = await answer(device, id, 'accepted', from);
    const hello = await helloAfter(device, observer.messages.indexOf(accepted));
    update(device, image, id); // after the reboot: final, answered from memory
    await answer(device, id, 'done', hello.at);

    expect(hello.firmware).toMatch(/_R_00\.07\.09$/);
    expect(answers(device, id, from).filter((result) => result.state === 'accepted')).toHaveLength(1);
    expect(server.requests(image.path)).toBe(1);
  });

  it('fails on a size mismatch, a refused connection and a download that stalls', async () => {
    const { device, from } = await online({ timing: { firmwareStallMs: 100 } });
    const image = server.serve(IMAGE_BYTES);

    const short = await failure(device, update(device, { ...image, size: IMAGE_BYTES + 1 }), from);
    const long = await failure(device, update(device, { ...image, size: IMAGE_BYTES - 1 }), from);
    const refused = await failure(
      device,
      update(device, { ...image, url: `http://127.0.0.1:${await closedPort()}/a.bin` }),
      from,
    );
    const stalled = await failure(device, update(device, server.serve(IMAGE_BYTES, { stall: true })), from);

    expect(short).toBe(`size mismatch: received ${IMAGE_BYTES} of ${IMAGE_BYTES + 1} bytes`);
    expect(long).toBe(`size mismatch: received more than the ${IMAGE_BYTES - 1} bytes expected`);
    expect(refused).toMatch(/^download failed: .*ECONNREFUSED/);
    expect(stalled).toBe('download failed: no data for 0.1 s');
    expect(device.state).toBe('online');
  });
});

describe('createFirmwareFaults', () => {
  it('fails the update after an injection, then none at rate 0', () => {
    const faults = createFirmwareFaults(0, createRandom(1));

    faults.inject('power_loss');

    expect([faults.next(), faults.next(), faults.next()]).toEqual(['power_loss', undefined, undefined]);
  });

  it('fails every update at rate 1, in each of the modes, the same way for the same seed', () => {
    const draw = () => {
      const faults = createFirmwareFaults(1, createRandom(7));
      return Array.from({ length: 30 }, () => faults.next());
    };

    const first = draw();

    expect(draw()).toEqual(first);
    expect(new Set(first)).toEqual(new Set(FIRMWARE_FAILURES));
  });

  it('fails about the given share of updates', () => {
    const faults = createFirmwareFaults(0.25, createRandom(3));

    const failed = Array.from({ length: 4000 }, () => faults.next()).filter(Boolean).length;

    expect(failed / 4000).toBeCloseTo(0.25, 1);
  });

  it('refuses a rate outside 0..1', () => {
    expect(() => createFirmwareFaults(1.5, createRandom(1))).toThrow(RangeError);
  });
});

describe('formatBytes', () => {
  it('writes sizes as the unit does: binary units with one decimal', () => {
    expect([
      formatBytes(80 * 1024 * 1024),
      formatBytes(48 * 1024 * 1024),
      formatBytes(1536),
      formatBytes(12),
    ]).toEqual(['80.0 MB', '48.0 MB', '1.5 kB', '12 bytes']);
  });
});
