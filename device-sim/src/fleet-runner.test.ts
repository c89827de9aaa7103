import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readFleetCsv } from './fleet-manifest.ts';
import { startFleet } from './fleet-runner.ts';
import { observe, type Received, startBroker } from './testing/broker.ts';

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
});

describe('npm run sim', { timeout: 20_000 }, () => {
  it('runs the fleet it is told to, and takes it offline on SIGTERM', async () => {
    const observer = await observe(broker.url, 'fp/v1/#');
    const child = spawn(
      process.execPath,
      [MAIN, '--devices', '3', '--url', broker.url, '--fleet', fleetFile, '--seed', '4'],
      {
        env: { ...process.env, DEVICES: '99' },
      },
    );
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });

    const helloTopics = () =>
      new Set(
        observer.messages
          .filter((message) => message.topic.endsWith('/hello'))
          .map((message) => message.topic),
      );
    await observer.next(() => helloTopics().size === 3, 0);
    child.kill('SIGTERM');
    const [code] = await once(child, 'exit');
    for (const topic of helloTopics())
      await observer.next(
        (message) => message.topic === topic.replace(/hello$/, 'status') && offline(message),
        0,
      );
    await observer.close();

    expect(helloTopics().size).toBe(3);
    expect(code).toBe(0);
    expect(stdout).toContain(`sim: 3 devices from ${fleetFile}; 3 new identities`);
    expect(stdout).toContain('sim: stopped');
    expect(await readFleetCsv(fleetFile)).toHaveLength(3);
  });

  it('refuses a bad option with the usage', async () => {
    const child = spawn(process.execPath, [MAIN, '--devices', 'many'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const [code] = await once(child, 'exit');

    expect(code).toBe(2);
    expect(stderr).toContain('--devices must be a whole number');
    expect(stderr).toContain('usage: npm run sim');
  });
});
