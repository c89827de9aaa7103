import { gzipSync } from 'node:zlib';
import type { BackupRule } from '@fleetport/contracts/backup-rules';
import type { Command } from '@fleetport/contracts/device-protocol';
import type { Task, TaskGroup } from '@fleetport/contracts/tasks';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, creditBalances, deviceTags, files } from '../../db/schema.ts';
import { type AnswerOf, connectDevice, createTestDevice } from '../../testing/device-client.ts';
import { type ApiFixture, companyIdByName, startTestApi, type TestClient } from '../../testing/fixtures.ts';
import { until } from '../../testing/until.ts';

/**
 * Periodic backup rules (issue 22 "Backups"): a company's rule backs up a device, a tag's devices
 * or a company's devices daily, weekly or monthly at a time of day in the company's time zone,
 * as a pg-boss cron schedule; each run is a backup task group, and the rule keeps the last N of
 * its own backups of each device.
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

const HOUR = 3_600_000;
const scheduler = () => fx.api.deps.backupRules;

async function tagIn(company: string, name: string): Promise<number> {
  const companyId = await companyIdByName(fx, company);
  const client = company === 'Northwind Logistics' ? await fx.login('admin@northwind.example') : admin;
  const made = await client.post('/api/tags', { company_id: companyId, name });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return (made.body.data as { id: number }).id;
}

async function setBalance(company: string, amount: number): Promise<void> {
  const companyId = await companyIdByName(fx, company);
  await fx.api.deps.db
    .insert(creditBalances)
    .values({ companyId, creditTypeId: 101, amount })
    .onConflictDoUpdate({ target: [creditBalances.companyId, creditBalances.creditTypeId], set: { amount } });
}

/** The next time it is hh:mm UTC, strictly after `now`. */
function nextUtc(now: Date, hours: number, minutes: number): string {
  const at = new Date(now);
  at.setUTCHours(hours, minutes, 0, 0);
  if (at <= now) at.setUTCDate(at.getUTCDate() + 1);
  return at.toISOString();
}

/** A connected device that uploads its backup when asked, as the simulator does. */
async function backupDevice(company: string) {
  const unit = await createTestDevice(fx, company);
  const answer = async (command: Command): Promise<AnswerOf> => {
    if (command.action !== 'backup.upload') return { results: [{ state: 'accepted' }] };
    const document = {
      format: 'fleetport-device-backup',
      version: 1,
      serial: unit.serial,
      model: 'RUT956',
      firmware: 'RUT9_R_00.07.06.1',
      revision: 3,
      created_at: new Date().toISOString(),
      config: { system: { hostname: 'depot', timezone: 'UTC', log_size: 200 } },
    };
    const response = await fetch(command.url.replace(/^http:\/\/[^/]+/, fx.url), {
      method: 'PUT',
      headers: { 'content-type': 'application/gzip' },
      body: gzipSync(Buffer.from(JSON.stringify(document))),
    });
    return response.ok
      ? { results: [{ state: 'accepted' }, { state: 'done', output: 'uploaded' }] }
      : { results: [{ state: 'accepted' }, { state: 'failed', error: `HTTP ${response.status}` }] };
  };
  const connection = await connectDevice(fx, unit, answer);
  return { unit, end: () => connection.client.endAsync() };
}

const groupDone = (groupId: number) =>
  until(
    async () => (await admin.get(`/api/devices/tasks/groups/${groupId}/tasks`)).body.data as Task[],
    (tasks) => tasks.length > 0 && tasks.every((task) => ['succeeded', 'failed'].includes(task.state)),
    'the backup group to end',
  );
const ruleBackups = async (ruleId: number, deviceId: number) =>
  fx.api.deps.db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.backupRuleId, ruleId), eq(files.deviceId, deviceId)))
    .orderBy(files.id);

describe('periodic backup rules: saved, checked and scheduled', () => {
  it('saves a rule for a tag, schedules it in the company’s time zone, changes, disables and deletes it', async () => {
    const tagId = await tagIn('Acme Networks', 'Depots');
    const made = await admin.post('/api/devices/backup-rules', {
      name: 'Depots nightly',
      target: { tag_id: tagId },
      frequency: 'daily',
      time: '03:00',
      keep: 5,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const rule = made.body.data as BackupRule;
    expect(rule).toMatchObject({
      company_name: 'Acme Networks',
      time_zone: 'UTC',
      target: { tag_id: tagId },
      target_name: 'Depots',
      frequency: 'daily',
      weekday: null,
      day_of_month: null,
      time: '03:00',
      keep: 5,
      enabled: true,
      last_run_at: null,
      last_group_id: null,
      created_by_email: 'admin@acme.example',
    });
    expect(rule.next_run_at).toBe(nextUtc(new Date(), 3, 0));
    expect(await scheduler().schedule(rule.id)).toMatchObject({
      cron: '0 3 * * *',
      timezone: 'UTC',
      data: { ruleId: rule.id },
    });

    // The same name in the company, case aside: refused on the name.
    const twice = await admin.post('/api/devices/backup-rules', {
      name: 'DEPOTS nightly',
      target: { tag_id: tagId },
      frequency: 'daily',
      time: '04:00',
    });
    expect(twice.status).toBe(409);
    expect(twice.body.errors[0]).toMatchObject({ source: 'name' });

    // Another tenant neither sees nor changes it.
    const northwind = await fx.login('admin@northwind.example');
    expect((await northwind.get(`/api/devices/backup-rules/${rule.id}`)).status).toBe(404);
    expect(
      ((await northwind.get('/api/devices/backup-rules')).body.data as BackupRule[]).some(
        (entry) => entry.id === rule.id,
      ),
    ).toBe(false);
    expect((await northwind.delete(`/api/devices/backup-rules/${rule.id}`)).status).toBe(404);

    // Weekly on Mondays: the schedule follows.
    const weekly = await admin.put(`/api/devices/backup-rules/${rule.id}`, {
      name: 'Depots weekly',
      target: { tag_id: tagId },
      frequency: 'weekly',
      weekday: 1,
      time: '03:30',
      keep: 5,
    });
    expect(weekly.status, JSON.stringify(weekly.body)).toBe(200);
    const changed = weekly.body.data as BackupRule;
    expect(changed).toMatchObject({ name: 'Depots weekly', frequency: 'weekly', weekday: 1, time: '03:30' });
    expect(new Date(changed.next_run_at ?? '').getUTCDay()).toBe(1);
    expect(changed.next_run_at?.slice(11, 16)).toBe('03:30');
    expect(await scheduler().schedule(rule.id)).toMatchObject({ cron: '30 3 * * 1' });

    // Disabled: no schedule, no next run; enabled again: scheduled again.
    const off = await admin.put(`/api/devices/backup-rules/${rule.id}`, {
      name: 'Depots weekly',
      target: { tag_id: tagId },
      frequency: 'weekly',
      weekday: 1,
      time: '03:30',
      keep: 5,
      enabled: false,
    });
    expect(off.body.data).toMatchObject({ enabled: false, next_run_at: null });
    expect(await scheduler().schedule(rule.id)).toBeNull();
    expect((await scheduler().run(rule.id)).outcome).toBe('skipped');

    // Deleted: gone with its schedule; the history says each step.
    expect((await admin.delete(`/api/devices/backup-rules/${rule.id}`)).status).toBe(200);
    expect((await admin.get(`/api/devices/backup-rules/${rule.id}`)).status).toBe(404);
    expect(await scheduler().schedule(rule.id)).toBeNull();
    const history = await admin.get(
      '/api/audit-log?event=backup_rule.create,backup_rule.update,backup_rule.delete',
    );
    expect(history.status, JSON.stringify(history.body)).toBe(200);
    const events = (history.body.data as { event: string }[]).map((entry) => entry.event);
    expect(events).toEqual(
      expect.arrayContaining(['backup_rule.create', 'backup_rule.update', 'backup_rule.delete']),
    );
  });

  it('refuses bad input on the field it is about', async () => {
    const ownTag = await tagIn('Acme Networks', 'Checked');
    const otherTag = await tagIn('Northwind Logistics', 'Not Acme’s');
    const good = { name: 'Checked', target: { tag_id: ownTag }, frequency: 'daily', time: '02:00', keep: 3 };
    const refused = async (body: Record<string, unknown>, source: string) => {
      const answer = await admin.post('/api/devices/backup-rules', { ...good, ...body });
      expect(answer.status, JSON.stringify(answer.body)).toBe(422);
      expect(answer.body.errors[0], JSON.stringify(answer.body)).toMatchObject({ source });
    };
    await refused({ name: '  ' }, 'name');
    await refused({ time: '24:00' }, 'time');
    await refused({ time: '7:5' }, 'time');
    await refused({ frequency: 'monthly', day_of_month: 31 }, 'day_of_month');
    await refused({ frequency: 'monthly' }, 'day_of_month');
    await refused({ frequency: 'weekly', weekday: 7 }, 'weekday');
    await refused({ frequency: 'weekly' }, 'weekday');
    await refused({ frequency: 'hourly' }, 'frequency');
    await refused({ keep: 0 }, 'keep');
    await refused({ keep: 101 }, 'keep');
    await refused({ target: {} }, 'target');
    await refused({ target: { tag_id: ownTag, device_id: 1 } }, 'target');
    await refused({ target: { tag_id: otherTag } }, 'target.tag_id');
    await refused(
      { target: { company_id: await companyIdByName(fx, 'Northwind Logistics') } },
      'target.company_id',
    );
    // A company above the rule's is not a target of it.
    await refused(
      {
        company_id: await companyIdByName(fx, 'Acme East'),
        target: { company_id: await companyIdByName(fx, 'Acme Networks') },
      },
      'target.company_id',
    );
    const stranger = await createTestDevice(fx, 'Northwind Logistics');
    await refused({ target: { device_id: stranger.id } }, 'target.device_id');
    expect(
      ((await admin.get('/api/devices/backup-rules')).body.data as BackupRule[]).some(
        (rule) => rule.name === 'Checked',
      ),
    ).toBe(false);
  });

  it('runs at the time of day in the company’s time zone: Asia/Tokyo 02:00 is 17:00 UTC the day before', async () => {
    const eastId = await companyIdByName(fx, 'Acme East');
    await fx.api.deps.db.update(companies).set({ timeZone: 'Asia/Tokyo' }).where(eq(companies.id, eastId));
    const made = await admin.post('/api/devices/backup-rules', {
      name: 'East daily',
      company_id: eastId,
      target: { company_id: eastId },
      frequency: 'daily',
      time: '02:00',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const rule = made.body.data as BackupRule;
    expect(rule).toMatchObject({ time_zone: 'Asia/Tokyo', company_name: 'Acme East', keep: 7 });
    expect(rule.next_run_at).toBe(nextUtc(new Date(), 17, 0));
    expect(await scheduler().schedule(rule.id)).toMatchObject({ cron: '0 2 * * *', timezone: 'Asia/Tokyo' });

    // Monthly on the 15th at 02:00 in Tokyo: the 14th at 17:00 UTC.
    const monthly = await admin.put(`/api/devices/backup-rules/${rule.id}`, {
      name: 'East monthly',
      target: { company_id: eastId },
      frequency: 'monthly',
      day_of_month: 15,
      time: '02:00',
    });
    const next = new Date((monthly.body.data as BackupRule).next_run_at ?? '');
    expect([next.getUTCDate(), next.getUTCHours(), next.getUTCMinutes()]).toEqual([14, 17, 0]);
    expect(await scheduler().schedule(rule.id)).toMatchObject({ cron: '0 2 15 * *' });

    // The company's time zone changes: a restart's resync schedules the rule in the new one.
    await fx.api.deps.db.update(companies).set({ timeZone: 'UTC' }).where(eq(companies.id, eastId));
    await scheduler().resync();
    expect(await scheduler().schedule(rule.id)).toMatchObject({ timezone: 'UTC' });
    expect((await admin.delete(`/api/devices/backup-rules/${rule.id}`)).status).toBe(200);
  });
});

describe('periodic backup rules: a run', () => {
  it("backs up the rule's devices as one task group, once per occurrence, and records it", async () => {
    await setBalance('Acme West', 20);
    const tagId = await tagIn('Acme Networks', 'West depots');
    const [first, second, untagged] = await Promise.all([
      backupDevice('Acme West'),
      backupDevice('Acme West'),
      backupDevice('Acme West'),
    ]);
    for (const device of [first, second]) {
      await fx.api.deps.db.insert(deviceTags).values({ deviceId: device?.unit.id ?? 0, tagId });
    }
    const rule = (
      await admin.post('/api/devices/backup-rules', {
        name: 'West nightly',
        target: { tag_id: tagId },
        frequency: 'daily',
        time: '01:00',
      })
    ).body.data as BackupRule;

    const run = await scheduler().run(rule.id);
    expect(run).toMatchObject({ outcome: 'started', devices: 2 });
    const groupId = run.outcome === 'started' ? run.groupId : 0;
    const group = (await admin.get(`/api/devices/tasks/groups/${groupId}`)).body.data as TaskGroup;
    expect(group).toMatchObject({
      action: 'backup.upload',
      summary: 'Periodic backup: West nightly',
      total: 2,
    });
    const tasks = await groupDone(groupId);
    expect(tasks.map((task) => task.state)).toEqual(['succeeded', 'succeeded']);
    expect(tasks.map((task) => task.device_id).sort()).toEqual([first?.unit.id, second?.unit.id].sort());
    // Each backup is the rule's, in its device's company.
    for (const device of [first, second]) {
      expect(await ruleBackups(rule.id, device?.unit.id ?? 0)).toHaveLength(1);
    }
    expect(await ruleBackups(rule.id, untagged?.unit.id ?? 0)).toHaveLength(0);
    const after = (await admin.get(`/api/devices/backup-rules/${rule.id}`)).body.data as BackupRule;
    expect(after).toMatchObject({ last_group_id: groupId, last_run_devices: 2 });
    expect(after.last_run_at).not.toBeNull();

    // The same occurrence delivered again (a retry, another replica): nothing more.
    expect(await scheduler().run(rule.id)).toMatchObject({ outcome: 'skipped', reason: 'already_ran' });
    await Promise.all([first, second, untagged].map((device) => device?.end()));
  });

  it('records a run that finds no device, with no group', async () => {
    const tagId = await tagIn('Acme Networks', 'Nobody here');
    const rule = (
      await admin.post('/api/devices/backup-rules', {
        name: 'Empty tag',
        target: { tag_id: tagId },
        frequency: 'weekly',
        weekday: 3,
        time: '05:00',
      })
    ).body.data as BackupRule;
    expect(await scheduler().run(rule.id)).toEqual({ outcome: 'no_devices' });
    const after = (await admin.get(`/api/devices/backup-rules/${rule.id}`)).body.data as BackupRule;
    expect(after).toMatchObject({ last_group_id: null, last_run_devices: 0 });
    expect(after.last_run_at).not.toBeNull();
  });

  it("keeps the rule's last N backups of each device and never touches other backups", async () => {
    await setBalance('Acme West', 20);
    const device = await backupDevice('Acme West');
    const body = (name: string) => ({
      name,
      target: { device_id: device.unit.id },
      frequency: 'daily',
      time: '00:30',
      keep: 2,
    });
    const rule = (await admin.post('/api/devices/backup-rules', body('Keep two'))).body.data as BackupRule;
    const other = (await admin.post('/api/devices/backup-rules', body('Another rule'))).body
      .data as BackupRule;

    // A backup taken by hand and one by another rule: not this rule's to delete.
    const manual = await admin.post(`/api/devices/${device.unit.id}/actions`, { action: 'backup' });
    expect(manual.status).toBe(201);
    await groupDone((manual.body.data as { group_id: number }).group_id);
    const otherRun = await scheduler().run(other.id);
    await groupDone(otherRun.outcome === 'started' ? otherRun.groupId : 0);

    // Three runs, a day apart: the oldest of the rule's own backups goes.
    const start = Date.now();
    const made: number[] = [];
    for (let day = 0; day < 3; day += 1) {
      const run = await scheduler().run(rule.id, new Date(start + day * 24 * HOUR));
      expect(run.outcome).toBe('started');
      await groupDone(run.outcome === 'started' ? run.groupId : 0);
      const [newest] = (await ruleBackups(rule.id, device.unit.id)).slice(-1);
      made.push(newest?.id ?? 0);
    }
    expect((await ruleBackups(rule.id, device.unit.id)).map((file) => file.id)).toEqual(made.slice(1));
    expect(await ruleBackups(other.id, device.unit.id)).toHaveLength(1);
    const all = await fx.api.deps.db
      .select({ id: files.id })
      .from(files)
      .where(eq(files.deviceId, device.unit.id));
    // By hand, the other rule's, and this rule's two.
    expect(all).toHaveLength(4);
    // Its bytes went with its row.
    const download = await admin.get(`/api/files/${made[0]}/download`);
    expect(download.status).toBe(403);

    // A keep lowered to one applies at the next run, to every device at once.
    await admin.put(`/api/devices/backup-rules/${rule.id}`, { ...body('Keep two'), keep: 1 });
    const run = await scheduler().run(rule.id, new Date(start + 3 * 24 * HOUR));
    await groupDone(run.outcome === 'started' ? run.groupId : 0);
    expect(await ruleBackups(rule.id, device.unit.id)).toHaveLength(1);
    expect(await ruleBackups(other.id, device.unit.id)).toHaveLength(1);
    await device.end();
  });
});
