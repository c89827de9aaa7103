import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Command } from '@fleetport/contracts/device-protocol';
import type { FileDevices, Task, TaskGroup, TaskGroupPreview } from '@fleetport/contracts/tasks';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesDir } from '../../config.ts';
import { devices, files } from '../../db/schema.ts';
import {
  type AnswerOf,
  connectDevice,
  createTestDevice,
  type TestDevice,
} from '../../testing/device-client.ts';
import { type ApiFixture, startTestApi, type TestClient } from '../../testing/fixtures.ts';
import { until } from '../../testing/until.ts';
import { minutesUntilOpen } from './engine.ts';
import { waveSizes } from './plan.ts';

/**
 * Firmware campaigns on the task engine (issue 21 §4): the image goes only to devices whose
 * model family it fits (the others are skipped, with the reason); a canary wave first, then the
 * rest in waves; a wave whose failure rate passes the threshold pauses the campaign with the
 * reason in words, and a user resumes or aborts it. Each device downloads the image through a
 * signed link bound to its task, checks the SHA-256, and comes back on the new version.
 */

let fx: ApiFixture;
let admin: TestClient;
const IMAGE = Buffer.from('RUT firmware image 00.07.09 '.repeat(400));
const SHA256 = createHash('sha256').update(IMAGE).digest('hex');
let firmwareId = 0;

beforeAll(async () => {
  fx = await startTestApi();
  admin = await fx.login('admin@acme.example');
  // A global firmware image, as the catalogue stores it: the row, and its bytes by id.
  const [row] = await fx.api.deps.db
    .insert(files)
    .values({
      companyId: null,
      kind: 'firmware',
      name: 'RUT9_R_00.07.09.bin',
      size: IMAGE.length,
      sha256: SHA256,
      mimeType: 'application/octet-stream',
      version: '00.07.09',
      families: ['RUT'],
    })
    .returning();
  firmwareId = row?.id ?? 0;
  const dir = filesDir(fx.api.deps.config);
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, String(firmwareId)), IMAGE);
});
afterAll(async () => {
  await fx?.stop();
});

const groupOf = async (id: number) =>
  (await admin.get(`/api/devices/tasks/groups/${id}`)).body.data as TaskGroup;
const tasksOf = async (id: number) =>
  (await admin.get(`/api/devices/tasks/groups/${id}/tasks?limit=100`)).body.data as Task[];

/**
 * A device that updates as a real one does: downloads the image through the command's link,
 * checks its SHA-256, reports progress, and comes back on the new version; or, told to fail,
 * reports the failure in its words.
 */
function updatingDevice(options: { fail?: boolean } = {}) {
  const downloads: number[] = [];
  const answer = async (command: Command): Promise<AnswerOf> => {
    if (command.action !== 'firmware.update') return { results: [{ state: 'failed', error: 'unexpected' }] };
    const response = await fetch(command.url);
    downloads.push(response.status);
    if (!response.ok)
      return { results: [{ state: 'failed', error: `download failed: HTTP ${response.status}` }] };
    const body = Buffer.from(await response.arrayBuffer());
    const sum = createHash('sha256').update(body).digest('hex');
    if (sum !== command.sha256 || options.fail) {
      return {
        results: [
          { state: 'accepted' },
          { state: 'failed', error: 'checksum mismatch: the image is damaged' },
        ],
      };
    }
    return {
      results: [
        { state: 'accepted' },
        { state: 'progress', progress: 50 },
        { state: 'progress', progress: 100 },
      ],
      restart: true,
      firmware: `RUT9_R_${command.version}`,
    };
  };
  return { downloads, answer };
}

async function fleet(count: number, options: { fail?: boolean } = {}) {
  const units: { unit: TestDevice; device: ReturnType<typeof updatingDevice>; end: () => Promise<void> }[] =
    [];
  for (let n = 0; n < count; n += 1) {
    const unit = await createTestDevice(fx, 'Acme East');
    const device = updatingDevice(options);
    const connection = await connectDevice(fx, unit, device.answer);
    units.push({ unit, device, end: () => connection.client.endAsync() });
  }
  return units;
}

describe('firmware campaigns', () => {
  it('previews a campaign: the devices it fits, the skipped ones with their reason, the waves', async () => {
    const units = await fleet(4);
    const never = await createTestDevice(fx, 'Acme East');
    const gateway = await createTestDevice(fx, 'Acme East');
    await fx.api.deps.db
      .update(devices)
      .set({ model: 'TRB140', firmware: 'TRB1_R_00.07.06' })
      .where(eq(devices.id, gateway.id));
    const answer = await admin.post('/api/devices/tasks/groups/preview', {
      action: 'firmware.update',
      file_id: firmwareId,
      device_ids: [...units.map((entry) => entry.unit.id), never.id, gateway.id],
      canary_percent: 25,
      wave_count: 2,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const preview = answer.body.data as TaskGroupPreview;
    expect(preview).toMatchObject({
      devices: 4,
      companies: 1,
      offline: 0,
      skipped_total: 2,
      waves: [1, 2, 1],
    });
    const reasons = Object.fromEntries(preview.skipped.map((entry) => [entry.device_id, entry.reason]));
    expect(reasons[never.id]).toMatch(/never connected/);
    expect(reasons[gateway.id]).toMatch(/TRB140 is not one this firmware fits \(RUT\)/);
    // The console says each reason in the user's language from its code.
    expect(preview.skipped.map((entry) => [entry.device_id, entry.code, entry.model])).toEqual(
      expect.arrayContaining([
        [never.id, 'model_unknown', null],
        [gateway.id, 'model_unfit', 'TRB140'],
      ]),
    );
    // A dry run makes nothing.
    expect((await admin.get('/api/devices/tasks/groups?action=firmware.update')).body.meta.total).toBe(0);
    for (const entry of units) await entry.end();
  });

  it('updates a fleet wave by wave: each device downloads once through its link and comes back on the new version', async () => {
    const units = await fleet(3);
    const created = await admin.post('/api/devices/tasks/groups', {
      action: 'firmware.update',
      file_id: firmwareId,
      device_ids: units.map((entry) => entry.unit.id),
      canary_percent: 10,
      wave_count: 2,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const group = created.body.data as TaskGroup;
    expect(group).toMatchObject({ action: 'firmware.update', canary_percent: 10, total: 3 });
    expect(group.summary).toContain('00.07.09');
    const finished = await until(
      () => groupOf(group.id),
      (g) => g.state === 'finished',
      'the campaign to finish',
    );
    expect(finished.counts.succeeded).toBe(3);
    expect(finished.waves?.map((wave) => wave.total)).toEqual([1, 1, 1]);
    expect(finished.current_wave).toBe(2);
    for (const entry of units) expect(entry.device.downloads).toEqual([200]);
    const rows = await fx.api.deps.db
      .select({ firmware: devices.firmware })
      .from(devices)
      .where(eq(devices.id, units[0]?.unit.id ?? 0));
    expect(rows[0]?.firmware).toBe('RUT9_R_00.07.09');
    const [task] = await tasksOf(group.id);
    expect(task?.message).toMatch(/Running RUT9_R_00\.07\.09/);

    // Device file view: the image's devices, as their tasks stand, the caller's devices only.
    const view = await admin.get(`/api/files/${firmwareId}/devices`);
    expect(view.status).toBe(200);
    const seen = view.body.data as FileDevices;
    expect(seen.counts.succeeded).toBeGreaterThanOrEqual(3);
    expect(seen.devices.map((entry) => entry.device_id)).toEqual(
      expect.arrayContaining(units.map((entry) => entry.unit.id)),
    );
    expect(seen.devices.find((entry) => entry.device_id === units[0]?.unit.id)).toMatchObject({
      action: 'firmware.update',
      group_id: group.id,
      state: 'succeeded',
    });
    // Another company sees the global image, and none of these devices.
    const northwind = await fx.login('admin@northwind.example');
    const theirs = (await northwind.get(`/api/files/${firmwareId}/devices`)).body.data as FileDevices;
    expect(theirs.devices).toEqual([]);
    expect(Object.values(theirs.counts).every((value) => value === 0)).toBe(true);
    for (const entry of units) await entry.end();
  });

  it('pauses by itself when the canary fails past the threshold, says why, and resumes or aborts on a user’s word', {
    timeout: 60_000,
  }, async () => {
    const units = await fleet(4, { fail: true });
    const created = await admin.post('/api/devices/tasks/groups', {
      action: 'firmware.update',
      file_id: firmwareId,
      device_ids: units.map((entry) => entry.unit.id),
      canary_percent: 25,
      wave_count: 2,
      failure_threshold: 50,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const group = created.body.data as TaskGroup;
    const paused = await until(
      () => groupOf(group.id),
      (g) => g.state === 'paused',
      'the health gate to pause the campaign',
    );
    expect(paused.paused_reason).toBe('The canary: 1 of 1 devices failed (100 %), above the 50 % threshold.');
    expect(paused.counts).toMatchObject({ failed: 1, queued: 3 });
    // Nothing more was sent: three devices still wait, none downloaded.
    const downloaded = units.filter((entry) => entry.device.downloads.length > 0);
    expect(downloaded).toHaveLength(1);
    const failedTask = (await tasksOf(group.id)).find((task) => task.state === 'failed');
    expect(failedTask?.message).toBe('checksum mismatch: the image is damaged');

    // Resumed: the next wave goes, fails too, and the campaign pauses again.
    expect((await admin.post(`/api/devices/tasks/groups/${group.id}/resume`, {})).status).toBe(200);
    const again = await until(
      () => groupOf(group.id),
      (g) => g.state === 'paused' && g.current_wave === 1,
      'the second wave to trip the gate',
    );
    expect(again.paused_reason).toMatch(/^Wave 1: 2 of 2 devices failed \(100 %\)/);
    // Pausing a group that is already paused is refused on its merits.
    const twice = await admin.post(`/api/devices/tasks/groups/${group.id}/pause`, {});
    expect(twice.status).toBe(409);

    // Aborted: what waits is cancelled, and the group with it.
    const abort = await admin.post('/api/devices/updates/cancel', { group_id: group.id });
    expect(abort.body.data).toEqual({ cancelled: 1 });
    expect(await groupOf(group.id)).toMatchObject({
      state: 'cancelled',
      counts: { failed: 3, cancelled: 1 },
    });

    // The resume is in the history.
    const log = await admin.get('/api/audit-log?event=task.resume');
    expect(JSON.stringify(log.body.data)).toContain('00.07.09');
    for (const entry of units) await entry.end();
  });

  it('serves the image only through a valid, unexpired link of a running task', async () => {
    const units = await fleet(1);
    const [entry] = units;
    if (!entry) throw new Error('no device');
    const { links } = fx.api.deps.tasks;
    const created = await admin.post('/api/devices/tasks/groups', {
      action: 'firmware.update',
      file_id: firmwareId,
      device_ids: [entry.unit.id],
    });
    const group = created.body.data as TaskGroup;
    await until(
      () => groupOf(group.id),
      (g) => g.state === 'finished',
      'the update to finish',
    );
    const [task] = await tasksOf(group.id);
    const base = fx.url;
    // Its task has ended: the link no longer serves.
    const ended = await fetch(links.urlFor(task?.id ?? '', new Date()).replace(/^http:\/\/[^/]+/, base));
    expect(ended.status).toBe(410);
    // Expired a minute ago.
    const old = links.urlFor(task?.id ?? '', new Date(Date.now() - 16 * 60_000));
    expect((await fetch(old.replace(/^http:\/\/[^/]+/, base))).status).toBe(410);
    expect(await (await fetch(old.replace(/^http:\/\/[^/]+/, base))).text()).toContain('expired');
    // Tampered with.
    const forged = links.urlFor(task?.id ?? '', new Date()).replace(/signature=[^&]+/, 'signature=forged');
    expect((await fetch(forged.replace(/^http:\/\/[^/]+/, base))).status).toBe(403);
    for (const unit of units) await unit.end();
  });

  it('refuses what cannot run: an image that fits none, a file that is not firmware, a filter that matches nothing', async () => {
    const gateway = await createTestDevice(fx, 'Acme East');
    await fx.api.deps.db.update(devices).set({ model: 'TRB140' }).where(eq(devices.id, gateway.id));
    const misfit = await admin.post('/api/devices/tasks/groups', {
      action: 'firmware.update',
      file_id: firmwareId,
      device_ids: [gateway.id],
    });
    expect(misfit.status).toBe(422);
    expect(JSON.stringify(misfit.body)).toMatch(/fits none of the 1 chosen devices/);
    expect(misfit.body.errors[0]).toMatchObject({ code: 'FIRMWARE_FITS_NONE', source: 'file_id' });
    const nothing = await admin.post('/api/devices/tasks/groups', {
      action: 'reboot',
      filter: { q: 'no device is called this' },
    });
    expect(nothing.status).toBe(422);
    expect(JSON.stringify(nothing.body)).toContain('No device matches');
    const both = await admin.post('/api/devices/tasks/groups', {
      action: 'reboot',
      device_ids: [gateway.id],
      filter: { status: 'online' },
    });
    expect(both.status).toBe(422);
    const window = await admin.post('/api/devices/tasks/groups', {
      action: 'firmware.update',
      file_id: firmwareId,
      device_ids: [gateway.id],
      window: { start: '25:00', end: '04:00' },
    });
    expect(window.status).toBe(422);
    expect(JSON.stringify(window.body)).toContain('HH:MM');
  });
});

describe('waves and windows', () => {
  it('splits devices into a canary and even waves', () => {
    const request = {
      action: 'firmware.update' as const,
      file_id: 1,
      deadline_hours: 24,
      wave_count: 3,
      failure_threshold: 20,
    };
    expect(waveSizes(100, { ...request, canary_percent: 5 })).toEqual([5, 32, 32, 31]);
    expect(waveSizes(1, { ...request, canary_percent: 5 })).toEqual([1]);
    expect(waveSizes(2, { ...request, canary_percent: 50 })).toEqual([1, 1]);
    expect(waveSizes(7, request)).toEqual([3, 2, 2]);
  });

  it('knows when a maintenance window in a time zone opens, across midnight too', () => {
    // 2026-01-15 21:30 UTC is 23:30 in Vilnius (UTC+2 in winter).
    const now = new Date('2026-01-15T21:30:00Z');
    const window = (start: number, end: number, timeZone = 'Europe/Vilnius') => ({
      windowStart: start,
      windowEnd: end,
      timeZone,
    });
    expect(minutesUntilOpen(window(22 * 60, 4 * 60), now)).toBe(0);
    expect(minutesUntilOpen(window(2 * 60, 4 * 60), now)).toBe(150);
    expect(minutesUntilOpen(window(23 * 60 + 45, 23 * 60 + 50), now)).toBe(15);
    expect(minutesUntilOpen(window(21 * 60, 22 * 60, 'UTC'), now)).toBe(0);
    expect(minutesUntilOpen(window(22 * 60, 23 * 60, 'UTC'), now)).toBe(30);
    expect(minutesUntilOpen({ windowStart: null, windowEnd: null, timeZone: null }, now)).toBe(0);
  });
});
