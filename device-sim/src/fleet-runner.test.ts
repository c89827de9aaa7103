import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HOSTILE } from './fleet.ts';
import { readFleetCsv } from './fleet-manifest.ts';
import { startFleet } from './fleet-runner.ts';
import { observe, type Received, startBroker } from './testing/broker.ts';
import { startFirmwareServer } from './testing/firmware-server.ts';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));

let dir: string;
let broker: Awaited<ReturnType<typeof startBroker>>;
let fleetFile: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'fp-sim-run-'));
  fleetFile = path.join(dir, 'fleet.csv');
  // The gateway's rule, against the manifest the fleet writes.
  broker = await startBroker({
    identityOf: async (serial) => (await readFleetCsv(fleetFile)).find((row) => row.serial === serial),
  });
});
afterEach(async () => {
  await broker.close();
  await rm(dir, { recursive: true, force: true });
});

/** `npm run sim` as a child process: all it writes (stdout and stderr in order), and stderr alone. */
function runSim(args: string[], env: NodeJS.ProcessEnv = process.env) {
  const child = spawn(process.execPath, [MAIN, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  let errors = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    errors += chunk.toString();
  });
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  return { child, output: () => output, errors: () => errors, exited };
}

const offline = (message: Received) =>
  message.topic.endsWith('/status') && (message.json as { state: string }).state === 'offline';

describe('startFleet', { timeout: 20_000 }, () => {
  it('connects every device in batches, counts them, and takes them offline cleanly', async () => {
    const observer = await observe(broker.url, 'fp/v1/+/hello');
    const lines: string[] = [];

    const fleet = await startFleet({
      url: broker.url,
      devices: 8,
      fleetFile,
      seed: 3,
      batchSize: 3,
      batchIntervalMs: 20,
      summaryIntervalMs: 0,
      log: (line) => lines.push(line),
      timing: { configWaitMs: 50 },
    });
    await fleet.started;
    for (const device of fleet.devices) {
      if (device.state !== 'online') await once(device, 'online');
      await observer.next((message) => message.topic === device.topics.hello, 0);
    }
    const running = fleet.counts();
    const status = await observe(broker.url, 'fp/v1/+/status');
    await fleet.stop();
    const stopped = fleet.counts();
    for (const device of fleet.devices) {
      await status.next((message) => message.topic === device.topics.status && offline(message), 0);
    }
    await observer.close();
    await status.close();

    expect(fleet.added).toBe(8);
    expect(running).toMatchObject({ total: 8, online: 8 });
    expect(stopped).toMatchObject({ total: 8, stopped: 8 });
    expect(broker.wills).toEqual([]);
    expect(fleet.summary()).toContain('0/8 online');
    expect(lines).toEqual([]);
  });

  it('runs the units in trouble of a default fleet: the never-activated ones never connect, and are counted offline', async () => {
    const observer = await observe(broker.url, 'fp/v1/+/hello');
    const fleet = await startFleet({
      url: broker.url,
      devices: 50,
      fleetFile,
      seed: 2,
      batchSize: 50,
      summaryIntervalMs: 0,
      log: () => undefined,
      // Away for longer than the test: a unit that starts in an outage stays offline.
      timing: {
        configWaitMs: 50,
        unreliableOfflineMs: [60_000, 60_000],
        flappingOfflineMs: [60_000, 60_000],
      },
    });
    await fleet.started;
    const dormant = fleet.devices.filter((device) => device.profile.role === 'never-activated');
    const live = fleet.devices.filter((device) => device.profile.role !== 'never-activated');
    for (const device of live) {
      await observer.next((message) => message.topic === device.topics.hello, 0);
    }
    await new Promise((resolve) => setTimeout(resolve, 300)); // past the glimpse of units in an outage
    const counts = fleet.counts();
    const summary = fleet.summary();
    const dormantStates = dormant.map((device) => device.state);
    await fleet.stop();
    await observer.close();

    expect(dormantStates).toEqual(['offline', 'offline']);
    for (const device of dormant) {
      expect(observer.messages.some((message) => message.topic === device.topics.hello)).toBe(false);
    }
    expect(counts.online + counts.offline).toBe(50);
    expect(counts.offline).toBeGreaterThanOrEqual(2);
    expect(summary).toContain(`${counts.offline} offline`);
    expect(await readFleetCsv(fleetFile)).toHaveLength(50);
  });

  it('fails every firmware update at a failure rate of 1: an answer `failed`, or back on the old version', async () => {
    const server = await startFirmwareServer();
    const image = server.serve(4096);
    const observer = await observe(broker.url, 'fp/v1/#');
    const fleet = await startFleet({
      url: broker.url,
      devices: 1,
      fleetFile,
      seed: 5,
      summaryIntervalMs: 0,
      log: () => undefined,
      firmwareFailureRate: 1,
      timing: { configWaitMs: 50, rebootDelayMs: 50, firmwareStepMs: 5 },
    });
    const [device] = fleet.devices;
    if (!device) throw new Error('no device in the fleet');
    const before = device.firmware;
    await observer.next((message) => message.topic === device.topics.hello, 0);

    const from = observer.mark();
    const { url, sha256, size } = image;
    const id = randomUUID();
    await observer.publish(device.topics.command, {
      v: 1,
      id,
      action: 'firmware.update',
      version: '00.07.09',
      url,
      sha256,
      size,
    });
    const outcome = await observer.next(
      (message) =>
        message.topic === device.topics.hello ||
        (message.topic === device.topics.commandResult &&
          (message.json as { state: string }).state === 'failed'),
      from,
    );
    await fleet.stop();
    await observer.close();
    await server.close();

    if (outcome.topic === device.topics.hello)
      expect((outcome.json as { firmware: string }).firmware).toBe(before);
    expect(device.firmware).toBe(before);
  });
});

describe('npm run sim', { timeout: 20_000 }, () => {
  it('runs the fleet it is told to, and takes it offline on SIGTERM', async () => {
    const observer = await observe(broker.url, 'fp/v1/#');
    const sim = runSim(['--devices', '3', '--url', broker.url, '--fleet', fleetFile, '--seed', '4'], {
      ...process.env,
      DEVICES: '99',
    });

    const helloTopics = () =>
      new Set(
        observer.messages
          .filter((message) => message.topic.endsWith('/hello'))
          .map((message) => message.topic),
      );
    await observer.next(() => helloTopics().size === 3, 0);
    sim.child.kill('SIGTERM');
    const code = await sim.exited;
    for (const topic of helloTopics())
      await observer.next(
        (message) => message.topic === topic.replace(/hello$/, 'status') && offline(message),
        0,
      );
    await observer.close();

    expect(helloTopics().size).toBe(3);
    expect(code).toBe(0);
    expect(sim.output()).toContain(`sim: 3 devices from ${fleetFile}; 3 new identities`);
    expect(sim.output()).toContain('sim: stopped');
    expect(await readFleetCsv(fleetFile)).toHaveLength(3);
  });

  it('adds the test devices when told to: the hostile strings say hello, the clone is never in the manifest', async () => {
    const observer = await observe(broker.url, 'fp/v1/+/hello');
    const sim = runSim([
      ...['--devices', '12', '--url', broker.url, '--fleet', fleetFile, '--seed', '4'],
      '--test-devices',
      '--no-troubled-devices',
    ]);

    const hostile = await observer.next(
      (message) => (message.json as { name: string }).name.includes(HOSTILE.img),
      0,
    );
    sim.child.kill('SIGTERM');
    const code = await sim.exited;
    await observer.close();

    expect(code).toBe(0);
    expect(sim.output()).toContain('11 new identities');
    expect(await readFleetCsv(fleetFile)).toHaveLength(11);
    expect((hostile.json as { firmware: string }).firmware).toContain(HOSTILE.img);
  });

  it('lists its options, the test devices among them', async () => {
    const sim = runSim(['--help']);

    expect(await sim.exited).toBe(0);
    expect(sim.output()).toContain('--test-devices');
    expect(sim.output()).toContain('--no-troubled-devices');
    expect(sim.output()).toContain('--firmware-failure-rate');
  });

  it('refuses a bad option with the usage', async () => {
    const sim = runSim(['--devices', 'many']);

    expect(await sim.exited).toBe(2);
    expect(sim.errors()).toContain('--devices must be a whole number');
    expect(sim.errors()).toContain('usage: npm run sim');
  });

  it('refuses a firmware failure rate outside 0..1', async () => {
    const sim = runSim(['--firmware-failure-rate', '1.5']);

    expect(await sim.exited).toBe(2);
    expect(sim.errors()).toContain('--firmware-failure-rate must be a number from 0 to 1, not "1.5"');
  });
});
