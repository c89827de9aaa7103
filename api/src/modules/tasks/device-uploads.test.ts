import { gunzipSync, gzipSync } from 'node:zlib';
import type { DeviceActivityEntry } from '@fleetport/contracts/audit';
import type { DeviceBackup, DeviceBackupDocument } from '@fleetport/contracts/device-backups';
import type { Command } from '@fleetport/contracts/device-protocol';
import type { DeviceTaskStarted, Task } from '@fleetport/contracts/tasks';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditBalances, files, tasks } from '../../db/schema.ts';
import {
  type AnswerOf,
  connectDevice,
  createTestDevice,
  type TestDevice,
} from '../../testing/device-client.ts';
import { type ApiFixture, companyIdByName, startTestApi, type TestClient } from '../../testing/fixtures.ts';
import { until } from '../../testing/until.ts';

/**
 * Take a backup (issue 22; docs/device-protocol.md "backup.upload"): the device PUTs its
 * configuration archive to its task's signed link, and the API keeps it as a backup file of the
 * device's company for one credit of type 101, linked to the device, listed on its page.
 */

let fx: ApiFixture;
let admin: TestClient;
beforeAll(async () => {
  fx = await startTestApi();
  admin = await fx.login('admin@acme.example');
});
afterAll(async () => {
  await fx?.stop();
});

const TREE = {
  system: { hostname: 'depot-7', timezone: 'Europe/Vilnius', log_size: 200 },
  'users.admin': { username: 'admin', password: 'Depot-secret-42' },
};
const documentOf = (serial: string, revision = 7): DeviceBackupDocument => ({
  format: 'fleetport-device-backup',
  version: 1,
  serial,
  model: 'RUT956',
  firmware: 'RUT9_R_00.07.06.1',
  revision,
  created_at: new Date().toISOString(),
  config: TREE,
});
const archiveOf = (document: unknown) => gzipSync(Buffer.from(JSON.stringify(document)));

/** The link as the test reaches the API (the command's host may be another name for it). */
const local = (url: string) => url.replace(/^http:\/\/[^/]+/, fx.url);
const put = (url: string, body: Buffer | string, type = 'application/gzip') =>
  fetch(local(url), { method: 'PUT', headers: { 'content-type': type }, body });

async function setBalance(company: string, amount: number): Promise<number> {
  const companyId = await companyIdByName(fx, company);
  await fx.api.deps.db
    .insert(creditBalances)
    .values({ companyId, creditTypeId: 101, amount })
    .onConflictDoUpdate({ target: [creditBalances.companyId, creditBalances.creditTypeId], set: { amount } });
  return companyId;
}
async function balance(companyId: number): Promise<number> {
  const [row] = await fx.api.deps.db
    .select({ amount: creditBalances.amount })
    .from(creditBalances)
    .where(and(eq(creditBalances.companyId, companyId), eq(creditBalances.creditTypeId, 101)));
  return row?.amount ?? 0;
}
const backupsOf = async (id: number) =>
  (await admin.get(`/api/devices/${id}/backups`)).body.data as DeviceBackup[];
const taskOf = async (started: DeviceTaskStarted) =>
  ((await admin.get(`/api/devices/tasks/groups/${started.group_id}/tasks`)).body.data as Task[])[0];

/**
 * A connected device that takes the backup command and keeps the link: it answers `accepted`,
 * and (unless `hold`) uploads `archive` and answers as the simulator does.
 */
async function backupDevice(
  company: string,
  options: { hold?: boolean; archive?: (unit: TestDevice) => Buffer } = {},
) {
  const unit = await createTestDevice(fx, company);
  const urls: string[] = [];
  const answer = async (command: Command): Promise<AnswerOf> => {
    if (command.action !== 'backup.upload') return { results: [{ state: 'accepted' }] };
    urls.push(command.url);
    if (options.hold) return { results: [{ state: 'accepted' }] };
    const response = await put(command.url, options.archive?.(unit) ?? archiveOf(documentOf(unit.serial)));
    const body = (await response.json()) as { data?: { name: string }; errors?: { message: string }[] };
    return response.ok
      ? { results: [{ state: 'accepted' }, { state: 'done', output: `uploaded as ${body.data?.name}` }] }
      : {
          results: [
            { state: 'accepted' },
            {
              state: 'failed',
              error: `upload refused: HTTP ${response.status}: ${body.errors?.[0]?.message}`,
            },
          ],
        };
  };
  const connection = await connectDevice(fx, unit, answer);
  return { unit, urls, end: () => connection.client.endAsync() };
}
const takeBackup = async (id: number) => {
  const started = await admin.post(`/api/devices/${id}/actions`, { action: 'backup' });
  expect(started.status).toBe(201);
  return started.body.data as DeviceTaskStarted;
};
const finished = (started: DeviceTaskStarted) =>
  until(
    () => taskOf(started),
    (task) => task !== undefined && ['succeeded', 'failed'].includes(task.state),
    'the backup task to end',
  );

describe('PUT /device-files/{taskId}: a device uploads its backup', () => {
  it("stores the archive as a backup of the device's company, spends one credit, and lists it on the device", async () => {
    const companyId = await setBalance('Acme East', 5);
    const device = await backupDevice('Acme East');
    const started = await takeBackup(device.unit.id);
    const task = await finished(started);
    expect(task).toMatchObject({ state: 'succeeded' });
    expect(task?.message).toMatch(/^uploaded as \w+-\d{4}-\d{2}-\d{2}-\d{4}\.fpbackup\.gz$/);
    expect(await balance(companyId)).toBe(4);

    const [backup] = await backupsOf(device.unit.id);
    expect(backup).toMatchObject({
      revision: 7,
      task_id: started.task_id,
      taken_by_name: expect.any(String),
      description: `Backup of ${device.unit.name}, configuration revision 7 (RUT9_R_00.07.06.1)`,
    });
    expect(backup?.name).toMatch(
      new RegExp(`^${device.unit.serial}-\\d{4}-\\d{2}-\\d{2}-\\d{4}\\.fpbackup\\.gz$`),
    );
    // A backup file of the device's company, like any other file: its bytes download as sent.
    const [row] = await fx.api.deps.db
      .select()
      .from(files)
      .where(eq(files.id, backup?.id ?? 0));
    expect(row).toMatchObject({ companyId, kind: 'backup', deviceId: device.unit.id, configRevision: 7 });
    const pathname = `/api/files/${backup?.id}/download`;
    const download = await fetch(`${fx.url}${pathname}`, {
      headers: { 'X-Requested-With': 'XMLHttpRequest', Cookie: admin.cookieHeader(pathname) },
    });
    expect(download.status).toBe(200);
    const bytes = Buffer.from(await download.arrayBuffer());
    expect(bytes.length).toBe(backup?.size);
    expect(JSON.parse(gunzipSync(bytes).toString('utf8'))).toMatchObject({
      serial: device.unit.serial,
      config: TREE,
    });

    // The device's history says it, with who asked.
    const activity = (await admin.get(`/api/devices/${device.unit.id}/activity`)).body
      .data as DeviceActivityEntry[];
    const events = activity.map((entry) => ('event' in entry ? entry.event : undefined));
    expect(events).toEqual(expect.arrayContaining(['device.backup', 'device.backup_stored']));

    // Another tenant sees neither the device nor its backups.
    const northwind = await fx.login('admin@northwind.example');
    expect((await northwind.get(`/api/devices/${device.unit.id}/backups`)).status).toBe(403);
    await device.end();
  });

  it('lists the newest first', async () => {
    await setBalance('Acme East', 5);
    const device = await backupDevice('Acme East');
    await finished(await takeBackup(device.unit.id));
    await finished(await takeBackup(device.unit.id));
    const list = await admin.get(`/api/devices/${device.unit.id}/backups`);
    expect(list.body.meta.total).toBe(2);
    const [newer, older] = list.body.data as DeviceBackup[];
    expect(Date.parse(newer?.created_at ?? '')).toBeGreaterThanOrEqual(Date.parse(older?.created_at ?? ''));
    expect(newer?.id).toBeGreaterThan(older?.id ?? 0);
    await device.end();
  });

  it('refuses a bad signature, an expired link, what is not a backup of this device, and too much', async () => {
    const companyId = await setBalance('Acme East', 5);
    const device = await backupDevice('Acme East', { hold: true });
    const started = await takeBackup(device.unit.id);
    const url = await until(
      async () => device.urls[0],
      (found) => found !== undefined,
      'the command',
    );
    await until(
      () => taskOf(started),
      (task) => task?.state === 'in_progress',
      'the task to run',
    );
    const good = archiveOf(documentOf(device.unit.serial));
    const forged = url?.replace(/signature=[^&]+/, 'signature=forged') ?? '';
    expect((await put(forged, good)).status).toBe(403);
    const { links } = fx.api.deps.tasks;
    const old = links.urlFor(started.task_id, new Date(Date.now() - 16 * 60_000));
    expect((await put(old, good)).status).toBe(410);
    expect((await put(url ?? '', 'not gzip at all')).status).toBe(422);
    expect(
      (await put(url ?? '', JSON.stringify(documentOf(device.unit.serial)), 'application/json')).status,
    ).toBe(415);
    const notOurs = await put(url ?? '', archiveOf(documentOf('999999999999')));
    expect(notOurs.status).toBe(422);
    expect(((await notOurs.json()) as { errors: { code: string }[] }).errors[0]?.code).toBe('INVALID_BACKUP');
    const shapeless = await put(url ?? '', archiveOf({ format: 'tar', config: {} }));
    expect(shapeless.status).toBe(422);
    expect((await put(url ?? '', Buffer.alloc(1024 * 1024 + 1))).status).toBe(413);
    // None of it was stored or paid for.
    expect(await backupsOf(device.unit.id)).toEqual([]);
    expect(await balance(companyId)).toBe(5);

    // The right archive is stored once; a second copy (its answer lost) is answered the same.
    const first = await put(url ?? '', good);
    expect(first.status).toBe(201);
    const again = await put(url ?? '', good);
    expect(again.status).toBe(200);
    expect(((await again.json()) as { data: unknown }).data).toEqual(
      ((await first.json()) as { data: unknown }).data,
    );
    expect(await balance(companyId)).toBe(4);
    expect(await backupsOf(device.unit.id)).toHaveLength(1);

    // Once the task has ended, its link takes nothing.
    await device.end();
    await fx.api.deps.db.update(tasks).set({ state: 'succeeded' }).where(eq(tasks.id, started.task_id));
    expect((await put(url ?? '', good)).status).toBe(410);
  });

  it("refuses another task's link: only a backup task takes an upload", async () => {
    const device = await backupDevice('Acme East');
    const started = (await admin.post(`/api/devices/${device.unit.id}/actions`, { action: 'reboot' })).body
      .data as DeviceTaskStarted;
    await until(
      () => taskOf(started),
      (task) => task?.state === 'in_progress',
      'the reboot to run',
    );
    const url = fx.api.deps.tasks.links.urlFor(started.task_id, new Date());
    const refused = await put(url, archiveOf(documentOf(device.unit.serial)));
    expect(refused.status).toBe(409);
    await device.end();
  });

  it('refuses a backup when the company has no Backup upload credits left: nothing stored, the device says why', async () => {
    const companyId = await setBalance('Acme East Retail', 0);
    const device = await backupDevice('Acme East Retail');
    const task = await finished(await takeBackup(device.unit.id));
    expect(task).toMatchObject({
      state: 'failed',
      message:
        'upload refused: HTTP 409: The company has no Backup upload credits left: add some under Credits.',
    });
    expect(await backupsOf(device.unit.id)).toEqual([]);
    const stored = await fx.api.deps.db.select().from(files).where(eq(files.deviceId, device.unit.id));
    expect(stored).toEqual([]);
    expect(await balance(companyId)).toBe(0);
    await device.end();
  });
});
