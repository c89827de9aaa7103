import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { type DeviceBackupDocument, deviceBackupDocumentSchema } from '@fleetport/contracts/device-backups';
import { SECRET_MASK } from '@fleetport/contracts/device-config';
import { commandResultSchema } from '@fleetport/contracts/device-protocol';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { SimDevice } from './device.ts';
import type { SimTiming } from './device-connection.ts';
import { generateFleet } from './fleet.ts';
import { newSecret, type SimDeviceProfile } from './fleet-manifest.ts';
import { observe, startBroker } from './testing/broker.ts';

/**
 * Take a backup (docs/device-protocol.md "backup.upload"): the unit PUTs its configuration
 * archive to the command's URL and answers with the server's word. Each test serves the URL
 * itself and reads what arrived.
 */
const TIMING: Partial<SimTiming> = {
  reconnectPeriodMs: 200,
  configWaitMs: 100,
  backupStepMs: 5,
  timeScale: 6000,
};

const fleet: SimDeviceProfile[] = generateFleet(20, { seed: 44, troubledDevices: false })
  .filter((device) => device.role === 'standard')
  .map((device) => ({ ...device, secret: newSecret() }));
let broker: Awaited<ReturnType<typeof startBroker>>;
let observer: Awaited<ReturnType<typeof observe>>;

/** What the stand-in for the API's upload link received, and how it answers. */
interface Received {
  method: string;
  type: string | undefined;
  body: Buffer;
}
const received = new Map<string, Received>();
const answers = new Map<string, { status: number; body: unknown }>();
let base = '';
const server = createServer((request: IncomingMessage, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const path = request.url ?? '/';
    received.set(path, {
      method: request.method ?? '',
      type: request.headers['content-type'],
      body: Buffer.concat(chunks),
    });
    const answer = answers.get(path) ?? { status: 201, body: { success: true, data: { name: 'stored.gz' } } };
    response
      .writeHead(answer.status, { 'content-type': 'application/json' })
      .end(JSON.stringify(answer.body));
  });
});

beforeAll(async () => {
  broker = await startBroker({ identityOf: (serial) => fleet.find((device) => device.serial === serial) });
  observer = await observe(broker.url, 'fp/v1/#');
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await observer.close();
  await broker.close();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

let used = 0;
async function online(): Promise<{ device: SimDevice; from: number }> {
  const profile = fleet[used++];
  if (!profile) throw new Error('no unused device in the test fleet');
  const device = new SimDevice({ url: broker.url, profile, timing: TIMING });
  onTestFinished(() => device.stop());
  const from = observer.mark();
  device.start();
  await observer.next((message) => message.topic === device.topics.hello, from);
  return { device, from };
}

function send(device: SimDevice, command: Record<string, unknown>): string {
  const id = randomUUID();
  void observer.publish(device.topics.command, { v: 1, id, ...command });
  return id;
}
async function final(device: SimDevice, id: string, from: number) {
  const message = await observer.next((entry) => {
    if (entry.topic !== device.topics.commandResult) return false;
    const answer = commandResultSchema.parse(entry.json);
    return answer.id === id && (answer.state === 'done' || answer.state === 'failed');
  }, from);
  return commandResultSchema.parse(message.json);
}
function statesOf(device: SimDevice, id: string, from: number): string[] {
  return observer.messages
    .slice(from)
    .filter((message) => message.topic === device.topics.commandResult)
    .map((message) => commandResultSchema.parse(message.json))
    .filter((answer) => answer.id === id)
    .map((answer) => answer.state);
}

describe('SimDevice backups', { timeout: 20_000 }, () => {
  it('uploads its whole configuration tree, secrets included, as the documented gzip, and answers done', async () => {
    const { device, from } = await online();
    // A password set from the console: a backup must bring it back on a restore.
    const write = send(device, {
      action: 'config.write',
      section: 'users.admin',
      values: { password: 'Depot-secret-42' },
    });
    expect((await final(device, write, from)).state).toBe('done');

    const path = `/backup/${randomUUID()}`;
    const id = send(device, { action: 'backup.upload', url: `${base}${path}` });
    const answer = await final(device, id, from);

    expect(answer.state).toBe('done');
    expect(answer.output).toMatch(/uploaded as stored\.gz/);
    expect(statesOf(device, id, from)).toEqual(['accepted', 'progress', 'progress', 'done']);
    const upload = received.get(path);
    expect(upload).toMatchObject({ method: 'PUT', type: 'application/gzip' });
    const document: DeviceBackupDocument = deviceBackupDocumentSchema.parse(
      JSON.parse(gunzipSync(upload?.body ?? Buffer.alloc(0)).toString('utf8')),
    );
    const report = device.configuration();
    expect(document).toMatchObject({
      format: 'fleetport-device-backup',
      version: 1,
      serial: device.profile.serial,
      model: device.profile.model,
      firmware: device.firmware,
      revision: report.revision,
    });
    // The same tree as it reports it, with the secrets themselves where the report masks them.
    expect(Object.keys(document.config)).toEqual(Object.keys(report.config));
    expect(document.config['users.admin']?.password).toBe('Depot-secret-42');
    expect(report.config['users.admin']?.password).toBe(SECRET_MASK);
    expect(document.config.system).toEqual(report.config.system);
  });

  it("fails the command with the server's reason when the upload is refused", async () => {
    const { device, from } = await online();
    const path = `/backup/${randomUUID()}`;
    answers.set(path, {
      status: 409,
      body: {
        success: false,
        errors: [
          {
            code: 'NO_CREDITS',
            message: 'The company has no Backup upload credits left: add some under Credits.',
          },
        ],
      },
    });
    const id = send(device, { action: 'backup.upload', url: `${base}${path}` });
    const answer = await final(device, id, from);
    expect(answer).toMatchObject({
      state: 'failed',
      error:
        'upload refused: HTTP 409: The company has no Backup upload credits left: add some under Credits.',
    });
    // A second copy of the command is answered from memory: nothing is uploaded again.
    received.delete(path);
    const mark = observer.mark();
    void observer.publish(device.topics.command, {
      v: 1,
      id,
      action: 'backup.upload',
      url: `${base}${path}`,
    });
    expect((await final(device, id, mark)).state).toBe('failed');
    expect(received.has(path)).toBe(false);
  });

  it('fails with the socket’s words when nothing answers at the URL', async () => {
    const { device, from } = await online();
    const id = send(device, { action: 'backup.upload', url: 'http://127.0.0.1:9/backup' });
    const answer = await final(device, id, from);
    expect(answer.state).toBe('failed');
    expect(answer.error).toMatch(/^upload failed: /);
  });
});
