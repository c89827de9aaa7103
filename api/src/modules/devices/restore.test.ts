import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { DeviceBackupDocument, RestorePreview } from '@fleetport/contracts/device-backups';
import type { Command } from '@fleetport/contracts/device-protocol';
import type { CompanyFile } from '@fleetport/contracts/files';
import type { DeviceTaskStarted } from '@fleetport/contracts/tasks';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesDir } from '../../config.ts';
import {
  auditLog,
  creditBalances,
  deviceConfigs,
  devices,
  files,
  taskGroups,
  tasks,
} from '../../db/schema.ts';
import { connectDevice, createTestDevice } from '../../testing/device-client.ts';
import { type ApiFixture, companyIdByName, startTestApi, type TestClient } from '../../testing/fixtures.ts';
import { until } from '../../testing/until.ts';

/**
 * Restore a backup to a device (issue 22 "Upload backup": Restore, Upload to device): the diff
 * first, against the configuration the device reported, then a config.write task that brings the
 * device to the backup's tree, secrets included and kept only sealed. A backup comes from a
 * device or from a computer (POST /files, kind backup: checked as a device's upload is).
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

type Tree = Record<string, Record<string, string | number | boolean>>;

/** What the device reports now: its NTP server changed since, a second port forward added. */
const REPORTED: Tree = {
  system: { hostname: 'depot-7', timezone: 'Europe/Vilnius', log_size: 200 },
  ntp: { enabled: true, server: 'time.changed.example' },
  'users.admin': { username: 'admin', password: '********' },
  'firewall.redirect0': {
    name: 'camera',
    proto: 'tcp',
    src_dport: 8080,
    dest_ip: '192.168.1.50',
    dest_port: 80,
    enabled: true,
  },
  'firewall.redirect1': {
    name: 'added-since',
    proto: 'udp',
    src_dport: 5060,
    dest_ip: '192.168.1.60',
    dest_port: 5060,
    enabled: true,
  },
};
/** The backup: the old NTP server, the admin password in clear, one port forward. */
const BACKUP: Tree = {
  system: { hostname: 'depot-7', timezone: 'Europe/Vilnius', log_size: 200 },
  ntp: { enabled: true, server: '0.pool.ntp.org' },
  'users.admin': { username: 'admin', password: 'Depot-secret-42' },
  'firewall.redirect0': REPORTED['firewall.redirect0'] as Tree[string],
};

const documentOf = (serial: string, overrides: Partial<DeviceBackupDocument> = {}): DeviceBackupDocument => ({
  format: 'fleetport-device-backup',
  version: 1,
  serial,
  model: 'RUT241',
  firmware: 'RUT2M_R_00.07.06.1',
  revision: 7,
  created_at: new Date().toISOString(),
  config: BACKUP,
  ...overrides,
});

/** POST /files kind backup, as the Backups page sends it. */
function uploadBackup(client: TestClient, companyId: number, bytes: Buffer, name = 'device.fpbackup.gz') {
  const form = new FormData();
  form.append('company_id', String(companyId));
  form.append('kind', 'backup');
  form.append('file', new Blob([bytes]), name);
  return client.upload('/api/files', form);
}
const archiveOf = (document: unknown) => gzipSync(Buffer.from(JSON.stringify(document)));

/** A device of a company (model RUT241 unless said) that reported `tree` (or nothing yet). */
async function deviceWith(company: string, tree: Tree | null, model = 'RUT241') {
  const unit = await createTestDevice(fx, company);
  await fx.api.deps.db.update(devices).set({ model }).where(eq(devices.id, unit.id));
  if (tree) {
    await fx.api.deps.db
      .insert(deviceConfigs)
      .values({ deviceId: unit.id, revision: 9, changedBy: 'local', config: tree });
  }
  return unit;
}
async function backupOf(company: string, serial: string, overrides: Partial<DeviceBackupDocument> = {}) {
  const answer = await uploadBackup(
    admin,
    await companyIdByName(fx, company),
    archiveOf(documentOf(serial, overrides)),
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data as CompanyFile;
}
async function backupBalance(companyId: number): Promise<number> {
  const [row] = await fx.api.deps.db
    .select({ amount: creditBalances.amount })
    .from(creditBalances)
    .where(and(eq(creditBalances.companyId, companyId), eq(creditBalances.creditTypeId, 101)));
  return row?.amount ?? 0;
}
const preview = (deviceId: number, fileId: number) =>
  admin.get(`/api/devices/${deviceId}/restore-preview?file_id=${fileId}`);

describe('Upload backup (POST /files, kind backup)', () => {
  it('takes a device backup archive, links it to the device of its serial and its revision, and lists it with them', async () => {
    const unit = await deviceWith('Acme East', REPORTED);
    const file = await backupOf('Acme East', unit.serial);
    expect(file).toMatchObject({
      kind: 'backup',
      device_id: unit.id,
      device_name: unit.name,
      config_revision: 7,
    });
    const listed = await admin.get(`/api/files?kind=backup&q=${file.name}&limit=100`);
    expect((listed.body.data as CompanyFile[]).find((row) => row.id === file.id)).toMatchObject({
      device_id: unit.id,
      config_revision: 7,
    });
    // The device's own Backups list has it too.
    const own = await admin.get(`/api/devices/${unit.id}/backups`);
    expect(own.body.data.map((row: { id: number }) => row.id)).toContain(file.id);
  });

  it('keeps a backup of a device the caller does not see unlinked', async () => {
    const elsewhere = await deviceWith('Northwind Logistics', null);
    const file = await backupOf('Acme East', elsewhere.serial);
    expect(file).toMatchObject({ device_id: null, device_name: null, config_revision: 7 });
  });

  it('refuses a file that is not a backup archive on `file`, and spends nothing', async () => {
    const companyId = await companyIdByName(fx, 'Acme East');
    const before = await backupBalance(companyId);
    const cases: [Buffer, RegExp][] = [
      [Buffer.from('not gzip at all'), /it is not gzip/],
      [gzipSync(Buffer.from('{"format": "tar"')), /does not hold JSON/],
      [archiveOf({ ...documentOf('1100000001'), format: 'tar' }), /format/],
    ];
    for (const [bytes, why] of cases) {
      const answer = await uploadBackup(admin, companyId, bytes);
      expect(answer.status).toBe(422);
      expect(answer.body.errors).toEqual([
        { code: 'INVALID_BACKUP', message: expect.stringMatching(why), source: 'file' },
      ]);
      // Shown as is under every brand: no product name.
      expect(answer.body.errors[0].message).toMatch(/^This is not a device backup archive: /);
    }
    expect(await backupBalance(companyId)).toBe(before);
  });
});

describe('GET /devices/{id}/restore-preview', () => {
  it("answers the diff against the device's reported tree, secrets only as the mask, and the repeated sections removed", async () => {
    const unit = await deviceWith('Acme East', REPORTED);
    const file = await backupOf('Acme East', unit.serial);
    const answer = await preview(unit.id, file.id);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const data = answer.body.data as RestorePreview;
    expect(data).toMatchObject({
      device_id: unit.id,
      file_id: file.id,
      file_name: file.name,
      backup: { serial: unit.serial, model: 'RUT241', revision: 7 },
      device: { serial: unit.serial, model: 'RUT241', revision: 9 },
      removed_sections: ['firewall.redirect1'],
      problems: [],
    });
    expect(data.changes).toContainEqual({
      section: 'ntp',
      option: 'server',
      from: 'time.changed.example',
      to: '0.pool.ntp.org',
    });
    expect(data.changes).toContainEqual({
      section: 'users.admin',
      option: 'password',
      from: '********',
      to: '********',
    });
    expect(data.changes).toContainEqual({
      section: 'firewall.redirect1',
      option: 'name',
      from: 'added-since',
      to: null,
    });
    // Unchanged settings are not listed; no secret is ever in the answer.
    expect(data.changes.some((line) => line.section === 'system')).toBe(false);
    expect(JSON.stringify(answer.body)).not.toContain('Depot-secret-42');
  });

  it('says when the device has not reported its configuration yet', async () => {
    const unit = await deviceWith('Acme East', null);
    const file = await backupOf('Acme East', unit.serial);
    const data = (await preview(unit.id, file.id)).body.data as RestorePreview;
    expect(data.changes).toEqual([]);
    expect(data.device.revision).toBeNull();
    expect(data.problems).toMatchObject([{ code: 'not_reported', blocking: false }]);
  });

  it('says a backup of another device of the family comes with its host name, without refusing it', async () => {
    const unit = await deviceWith('Acme East', REPORTED);
    const file = await backupOf('Acme East', '1100000077');
    const data = (await preview(unit.id, file.id)).body.data as RestorePreview;
    expect(data.problems).toMatchObject([
      { code: 'other_device', blocking: false, message: expect.stringContaining('1100000077') },
    ]);
  });
});

describe('POST /devices/{id}/restore', () => {
  it("starts a config.write carrying the backup's whole tree with its secrets, keeps them sealed, and records device.restore", async () => {
    const unit = await deviceWith('Acme East', REPORTED);
    const file = await backupOf('Acme East', unit.serial);
    const received: Command[] = [];
    const connection = await connectDevice(fx, unit, (command) => {
      received.push(command);
      return { results: [{ state: 'done', revision: 10 }] };
    });
    try {
      const answer = await admin.post(`/api/devices/${unit.id}/restore`, {
        file_id: file.id,
        rollback_s: 300,
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      const started = answer.body.data as DeviceTaskStarted;
      expect(started).toMatchObject({ id: unit.id, task_id: expect.any(String) });

      // Kept only sealed: neither the group nor its task holds the password in the open.
      const [group] = await fx.api.deps.db
        .select()
        .from(taskGroups)
        .where(eq(taskGroups.id, started.group_id));
      const rows = await fx.api.deps.db.select().from(tasks).where(eq(tasks.groupId, started.group_id));
      expect(group?.action).toBe('config.write');
      const open = JSON.stringify([group?.params, rows.map((row) => [row.params, row.message])]);
      expect(open).toContain('0.pool.ntp.org');
      expect(open).not.toContain('Depot-secret-42');

      // The device gets the backup's tree: every section whole, the secret in clear, the port forward added since removed.
      await until(
        async () => received.filter((command) => command.action === 'config.write'),
        (list) => list.length > 0,
        'the device to get the restore',
      );
      const command = received.find((each) => each.action === 'config.write');
      expect(command).toMatchObject({
        action: 'config.write',
        rollback_s: 300,
        changes: { ...BACKUP, 'firewall.redirect1': null },
      });

      // The history names the backup and its revision, never a secret.
      const [entry] = await fx.api.deps.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.event, 'device.restore'), eq(auditLog.entityId, String(unit.id))))
        .orderBy(desc(auditLog.id));
      expect(entry?.after).toMatchObject({ file_id: file.id, name: file.name, revision: 7 });
      expect(JSON.stringify(entry?.after)).not.toContain('Depot-secret-42');
    } finally {
      await connection.client.endAsync();
    }
  });

  it('refuses a backup of another model family at file_id, naming both, and starts nothing', async () => {
    const unit = await deviceWith('Acme East', REPORTED, 'TSW101');
    const file = await backupOf('Acme East', unit.serial);
    const shown = (await preview(unit.id, file.id)).body.data as RestorePreview;
    expect(shown.problems).toMatchObject([{ code: 'other_family', blocking: true }]);
    const groupsBefore = (await fx.api.deps.db.select().from(taskGroups)).length;
    const answer = await admin.post(`/api/devices/${unit.id}/restore`, { file_id: file.id });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual([
      {
        code: 'VALIDATION_ERROR',
        source: 'file_id',
        message: expect.stringMatching(/RUT241 \(RUT\).*TSW101 \(TSW\).*model family/),
      },
    ]);
    expect((await fx.api.deps.db.select().from(taskGroups)).length).toBe(groupsBefore);
  });

  it('refuses a file that is not a backup, and a backup file whose content is not an archive, at file_id', async () => {
    const unit = await deviceWith('Acme East', REPORTED);
    const form = new FormData();
    form.append('company_id', String(await companyIdByName(fx, 'Acme East')));
    form.append('file', new Blob(['plain text']), 'notes.txt');
    const other = (await admin.upload('/api/files', form)).body.data as CompanyFile;
    const notBackup = await admin.post(`/api/devices/${unit.id}/restore`, { file_id: other.id });
    expect(notBackup.status).toBe(422);
    expect(notBackup.body.errors[0]).toMatchObject({ source: 'file_id', message: /not a backup/ });

    // A backup row whose content is not an archive (stored before uploads were checked).
    const file = await backupOf('Acme East', unit.serial);
    await writeFile(path.join(filesDir(fx.api.deps.config), String(file.id)), 'garbage');
    await fx.api.deps.db.update(files).set({ size: 7 }).where(eq(files.id, file.id));
    for (const answer of [
      await preview(unit.id, file.id),
      await admin.post(`/api/devices/${unit.id}/restore`, { file_id: file.id }),
    ]) {
      expect(answer.status).toBe(422);
      expect(answer.body.errors).toEqual([
        { code: 'INVALID_BACKUP', source: 'file_id', message: expect.stringMatching(/not gzip/) },
      ]);
    }
  });

  it("answers another tenant's backup exactly as a missing one", async () => {
    const unit = await deviceWith('Acme East', REPORTED);
    const superAdmin = await fx.login('super@fleetport.example');
    const theirs = await uploadBackup(
      superAdmin,
      await companyIdByName(fx, 'Northwind Logistics'),
      archiveOf(documentOf(unit.serial)),
    );
    expect(theirs.status).toBe(201);
    const [foreign, missing] = [
      await admin.post(`/api/devices/${unit.id}/restore`, { file_id: theirs.body.data.id }),
      await admin.post(`/api/devices/${unit.id}/restore`, { file_id: 2_000_000_000 }),
    ];
    expect(foreign.status).toBe(403);
    expect([foreign.status, foreign.body]).toEqual([missing.status, missing.body]);
    const [foreignPreview, missingPreview] = [
      await preview(unit.id, theirs.body.data.id),
      await preview(unit.id, 2_000_000_000),
    ];
    expect(foreignPreview.status).toBe(403);
    expect([foreignPreview.status, foreignPreview.body]).toEqual([
      missingPreview.status,
      missingPreview.body,
    ]);
  });
});
