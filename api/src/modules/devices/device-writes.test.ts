import { parseCsv } from '@fleetport/contracts/csv';
import { signalBucket } from '@fleetport/contracts/devices';
import { connectionGeneration } from '@fleetport/contracts/format';
import { count, eq, inArray, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  companies,
  deviceConnectionLog,
  devices,
  deviceTelemetry,
  tasks as taskRows,
} from '../../db/schema.ts';
import { type ApiFixture, companyIdByName, startTestApi, type TestClient } from '../../testing/fixtures.ts';
import type { AuthContext } from '../auth/context.ts';
import { NOT_CLAIMABLE } from './claim.ts';
import {
  DEVICE_COUNT_CAP,
  deviceConditions,
  devicePage,
  deviceTotal,
  INDEX_WALK_MIN_DEVICES,
} from './list-queries.ts';
import { dataUsageByDay, thin } from './telemetry-queries.ts';

let fx: ApiFixture;
let superAdmin: TestClient;
let west: number;
let retail: number;
beforeAll(async () => {
  fx = await startTestApi();
  superAdmin = await fx.login('super@fleetport.example');
  west = await companyIdByName(fx, 'Acme West');
  retail = await companyIdByName(fx, 'Acme East Retail');
});
afterAll(async () => {
  await fx?.stop();
});

let made = 0;
/** Approves `count` identities and returns their serial and MAC. */
async function approve(count: number, prefix: string): Promise<{ serial: string; mac: string }[]> {
  const rows = Array.from({ length: count }, () => {
    made += 1;
    const hex = made.toString(16).padStart(4, '0').toUpperCase();
    return {
      serial: `${prefix}${String(made).padStart(6, '0')}`,
      mac: `00:1E:42:CC:${hex.slice(0, 2)}:${hex.slice(2)}`,
    };
  });
  const csv = [
    'serial,mac,secret',
    ...rows.map((row) => `${row.serial},${row.mac},secret-${row.serial}-0123456789`),
  ];
  expect((await superAdmin.post('/api/auth-devices', { csv: csv.join('\n') })).status).toBe(200);
  return rows;
}

/** What a device's latest dynamic reading says, written as the gateway writes it. */
async function report(id: number, data: { connection_type: string | null; signal: number | null }) {
  await fx.api.deps.db
    .update(devices)
    .set({
      state: { dynamic: { at: new Date().toISOString(), data: { ...data, operator: 'Telia' } } },
      connected: true,
      firstSeenAt: new Date(),
      creditUntil: new Date(Date.now() + 86_400_000),
    })
    .where(eq(devices.id, id));
}

describe('device list filters (connection type, signal bucket, firmware, tag)', () => {
  it('filters by spec §9 connection generation and by signal bucket, as the contracts map them', async () => {
    const identities = await approve(5, '71');
    const answer = await superAdmin.post('/api/devices/batch', { company_id: west, devices: identities });
    const ids = answer.body.data.rows.map((row: { id: number }) => row.id);
    const readings = [
      { connection_type: '5G-NSA', signal: -60 },
      { connection_type: 'LTE', signal: -80 },
      { connection_type: 'HSPA+', signal: -95 },
      { connection_type: 'EDGE', signal: -110 },
      { connection_type: null, signal: null },
    ];
    for (const [index, reading] of readings.entries()) await report(ids[index], reading);
    for (const reading of readings) {
      const generation = connectionGeneration(reading.connection_type);
      const byType = await superAdmin.get(
        `/api/devices?q=71&connection_type=${encodeURIComponent(generation)}`,
      );
      expect(byType.body.data.map((row: { id: number }) => row.id)).toEqual([ids[readings.indexOf(reading)]]);
      const bucket = signalBucket(reading.signal);
      const bySignal = await superAdmin.get(`/api/devices?q=71&signal=${bucket}`);
      expect(bySignal.body.data.map((row: { signal: number | null }) => row.signal)).toEqual([
        reading.signal,
      ]);
    }
    const sorted = await superAdmin.get('/api/devices?q=71&sort=-signal,id&fields=id,signal');
    expect(sorted.body.data.map((row: { signal: number | null }) => row.signal)).toEqual([
      null,
      -60,
      -80,
      -95,
      -110,
    ]);
    expect((await superAdmin.get('/api/devices?connection_type=6G')).status).toBe(422);
  });
});

describe('Add device from a file or a list (spec §2), verify devices', () => {
  it('adds the good rows and answers each bad one on its own line; verify says the same without adding', async () => {
    const [first, second] = await approve(2, '72');
    const admin = await fx.login('admin@acme.example');
    const list = [
      { serial: first?.serial, mac: first?.mac, name: 'Depot <b>1</b>' },
      { serial: '72', mac: '00:1E:42:00:00:01' },
      { serial: second?.serial, mac: '00:1E:42:FF:FF:FF' },
      { serial: first?.serial, mac: first?.mac },
    ];
    const verified = await admin.post('/api/devices/verify', { devices: list });
    expect(verified.body.data.map((row: { ok: boolean }) => row.ok)).toEqual([true, false, false, true]);
    const answer = await admin.post('/api/devices/batch', { company_id: retail, devices: list });
    expect(answer.status).toBe(201);
    expect(answer.body.data.added).toBe(1);
    expect(answer.body.data.rows.map((row: { row: number; ok: boolean }) => [row.row, row.ok])).toEqual([
      [1, true],
      [2, false],
      [3, false],
      [4, false],
    ]);
    expect(answer.body.data.rows[1].message).toContain('serial number');
    // Another MAC and an unknown serial answer alike (no probing of the registry).
    expect(answer.body.data.rows[2].message).toBe(NOT_CLAIMABLE);
    // The one answer lists what to check: typing, registration, a device already in a company.
    expect(NOT_CLAIMABLE).toMatch(/serial number and MAC address/);
    expect(NOT_CLAIMABLE).toMatch(/Approved Devices/);
    expect(NOT_CLAIMABLE).toMatch(/already in a company/);
    expect(answer.body.data.rows[3].message).toContain('twice');
    const added = await admin.get(`/api/devices?q=${first?.serial}`);
    expect(added.body.data[0]).toMatchObject({
      name: 'Depot <b>1</b>',
      company_id: retail,
      status: 'pending',
    });
    // A company the admin does not see is refused whole.
    const northwind = await companyIdByName(fx, 'Northwind Logistics');
    expect((await admin.post('/api/devices/batch', { company_id: northwind, devices: list })).status).toBe(
      403,
    );
  });
});

describe('edit, tags and bulk actions', () => {
  it('edits name and monitoring intervals within spec §9 ranges', async () => {
    const [identity] = await approve(1, '73');
    const id = (await superAdmin.post('/api/devices', { company_id: west, ...identity })).body.data.id;
    const bad = await superAdmin.patch(`/api/devices/${id}`, { dynamic_interval_s: 30 });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].source).toBe('dynamic_interval_s');
    const good = await superAdmin.patch(`/api/devices/${id}`, {
      name: 'Gate 4',
      monitoring: false,
      dynamic_interval_s: 600,
    });
    expect(good.body.data).toMatchObject({ name: 'Gate 4', monitoring: false });
    const [row] = await fx.api.deps.db.select().from(devices).where(eq(devices.id, id));
    expect(row?.dynamicIntervalS).toBe(600);
  });

  it("puts only tags of the device's company or the companies above it", async () => {
    const [identity] = await approve(1, '74');
    const id = (await superAdmin.post('/api/devices', { company_id: retail, ...identity })).body.data.id;
    const east = await companyIdByName(fx, 'Acme East');
    const above = (await superAdmin.post('/api/tags', { company_id: east, name: 'Above' })).body.data.id;
    const beside = (await superAdmin.post('/api/tags', { company_id: west, name: 'Beside' })).body.data.id;
    const set = await superAdmin.put(`/api/devices/${id}/tags`, { tag_ids: [above] });
    expect(set.body.data.tags.map((tag: { name: string }) => tag.name)).toEqual(['Above']);
    const refused = await superAdmin.put(`/api/devices/${id}/tags`, { tag_ids: [beside] });
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].source).toBe('tag_ids');
    const tagged = await superAdmin.get(`/api/devices?tag_id=${above}&fields=id`);
    expect(tagged.body.data).toEqual([{ id }]);
  });

  it('acts on every device matching a filter; a delete names the count the user saw', async () => {
    const identities = await approve(3, '75');
    await superAdmin.post('/api/devices/batch', { company_id: west, devices: identities });
    const filter = { q: '75' };
    const off = await superAdmin.post('/api/devices/bulk', {
      action: 'monitoring',
      monitoring: false,
      filter,
    });
    expect(off.body.data.affected).toBe(3);
    const listed = await superAdmin.get('/api/devices?q=75&fields=monitoring');
    expect(listed.body.data).toEqual([{ monitoring: false }, { monitoring: false }, { monitoring: false }]);
    const moved = await superAdmin.post('/api/devices/bulk', { action: 'move', company_id: retail, filter });
    // A move names where the devices went, for the toast ("Moved 3 devices to Acme East Retail").
    expect(moved.body.data).toEqual({ affected: 3, company_name: 'Acme East Retail' });
    const stale = await superAdmin.post('/api/devices/bulk', { action: 'delete', expected_count: 2, filter });
    expect(stale.status).toBe(409);
    expect((await superAdmin.get('/api/devices?q=75')).body.meta.total).toBe(3);
    const deleted = await superAdmin.post('/api/devices/bulk', {
      action: 'delete',
      expected_count: 3,
      filter,
    });
    expect(deleted.body.data.affected).toBe(3);
    expect((await superAdmin.get('/api/devices?q=75')).body.meta.total).toBe(0);
    // The identities stay approved: the devices can be added again.
    const again = await superAdmin.post('/api/devices/batch', { company_id: west, devices: identities });
    expect(again.body.data.added).toBe(3);
  });

  it('an admin of a company acts on its own subtree only, even when naming other ids', async () => {
    const [mine, theirs] = await approve(2, '76');
    const northwind = await companyIdByName(fx, 'Northwind Logistics');
    const own = (await superAdmin.post('/api/devices', { company_id: retail, ...mine })).body.data.id;
    const other = (await superAdmin.post('/api/devices', { company_id: northwind, ...theirs })).body.data.id;
    const admin = await fx.login('admin@acme.example');
    const answer = await admin.post('/api/devices/bulk', {
      action: 'monitoring',
      monitoring: false,
      ids: [own, other],
    });
    expect(answer.body.data.affected).toBe(1);
    const [untouched] = await fx.api.deps.db.select().from(devices).where(eq(devices.id, other));
    expect(untouched?.monitoring).toBe(true);
  });
});

describe('CSV export (streams every matching row)', () => {
  it('streams all 250 devices under a filter, beyond the 100-row page, and nothing else', async () => {
    const identities = await approve(250, '77');
    for (let start = 0; start < identities.length; start += 100) {
      await superAdmin.post('/api/devices/batch', {
        company_id: west,
        devices: identities.slice(start, start + 100),
      });
    }
    await approve(1, '78').then((rows) =>
      superAdmin.post('/api/devices/batch', { company_id: west, devices: rows }),
    );
    const answer = await superAdmin.get('/api/devices/export?q=77');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/csv');
    const [header, ...rows] = parseCsv(answer.body as string);
    expect(header?.cells.slice(0, 4)).toEqual(['id', 'name', 'serial', 'mac']);
    expect(rows).toHaveLength(250);
    const serials = new Set(rows.map((row) => row.cells[2]));
    expect(serials).toEqual(new Set(identities.map((row) => row.serial)));
    // Another tenant's admin exports none of them.
    const northwindAdmin = await fx.login('admin@northwind.example');
    const theirs = parseCsv((await northwindAdmin.get('/api/devices/export?q=77')).body as string);
    expect(theirs).toHaveLength(1);
  });
});

describe('metrics history and data usage', () => {
  it('thins a long history evenly, keeping both ends', () => {
    const items = Array.from({ length: 1000 }, (_, index) => index);
    const thinned = thin(items, 600);
    expect(thinned).toHaveLength(600);
    expect(thinned[0]).toBe(0);
    expect(thinned.at(-1)).toBe(999);
  });

  it('adds counter growth per SIM per day; a restart (counter went down) adds the new value', () => {
    const at = (iso: string) => new Date(iso);
    const usage = dataUsageByDay([
      { at: at('2026-11-20T23:50:00Z'), mobile: [{ sim: 1, rx_bytes: 1000, tx_bytes: 100 }] },
      { at: at('2026-11-20T23:55:00Z'), mobile: [{ sim: 1, rx_bytes: 1500, tx_bytes: 150 }] },
      { at: at('2026-11-21T00:05:00Z'), mobile: [{ sim: 1, rx_bytes: 2500, tx_bytes: 250 }] },
      { at: at('2026-11-21T00:10:00Z'), mobile: [{ sim: 1, rx_bytes: 300, tx_bytes: 30 }] },
    ]);
    expect(usage).toEqual([
      { day: '2026-11-20', sim: 1, rx_bytes: 500, tx_bytes: 50 },
      { day: '2026-11-21', sim: 1, rx_bytes: 1300, tx_bytes: 130 },
    ]);
  });

  it("answers a device's readings of one category in a period", async () => {
    const [identity] = await approve(1, '79');
    const id = (await superAdmin.post('/api/devices', { company_id: west, ...identity })).body.data.id;
    const now = Date.now();
    await fx.api.deps.db.insert(deviceTelemetry).values([
      { deviceId: id, category: 'dynamic', at: new Date(now - 2 * 86_400_000), data: { signal: -90 } },
      { deviceId: id, category: 'dynamic', at: new Date(now - 600_000), data: { signal: -70 } },
      { deviceId: id, category: 'gps', at: new Date(now - 600_000), data: { lat: 1, lon: 2 } },
    ]);
    const day = await superAdmin.get(`/api/devices/${id}/telemetry?category=dynamic&period=24h`);
    expect(day.body.data.map((row: { data: { signal: number } }) => row.data.signal)).toEqual([-70]);
    const week = await superAdmin.get(`/api/devices/${id}/telemetry?category=dynamic&period=7d`);
    expect(week.body.data.map((row: { data: { signal: number } }) => row.data.signal)).toEqual([-90, -70]);
  });
});

describe('GET /devices/positions (the map; spec §9 batches of 2000)', () => {
  it("pages the caller's devices with a GPS fix by id, under the list's filters; other tenants' never", async () => {
    const identities = await approve(3, '81');
    const added = await superAdmin.post('/api/devices/batch', { company_id: retail, devices: identities });
    const ids: number[] = added.body.data.rows.map((row: { id: number }) => row.id);
    const place = (index: number) => ({ lat: 54.6 + index / 100, lon: 25.2 + index / 100 });
    // Two of the three have a fix; the third never reported one.
    for (const [index, id] of ids.slice(0, 2).entries()) {
      await fx.api.deps.db
        .update(devices)
        .set({ state: { gps: { at: new Date().toISOString(), data: { ...place(index), altitude: null } } } })
        .where(eq(devices.id, id));
    }
    const first = await superAdmin.get('/api/devices/positions?q=81&limit=1');
    expect(first.body.data).toEqual([
      { id: ids[0], name: expect.any(String), company_id: retail, status: 'pending', ...place(0) },
    ]);
    expect(first.body.meta.next).toBe(ids[0]);
    const rest = await superAdmin.get(`/api/devices/positions?q=81&limit=1&after=${first.body.meta.next}`);
    expect(rest.body.data.map((row: { id: number }) => row.id)).toEqual([ids[1]]);
    const end = await superAdmin.get(`/api/devices/positions?q=81&limit=2000&after=${ids[1]}`);
    expect(end.body).toMatchObject({ data: [], meta: { next: null } });
    expect((await superAdmin.get('/api/devices/positions?limit=2001')).status).toBe(422);
    // Retail is Acme's: Acme West's admin and Northwind see none of them.
    for (const email of ['admin@northwind.example']) {
      const other = await fx.login(email);
      const seen = (await other.get('/api/devices/positions?q=81')).body.data as { id: number }[];
      expect(seen.filter((row) => ids.includes(row.id))).toEqual([]);
    }
    const acme = await fx.login('admin@acme.example');
    expect(
      ((await acme.get('/api/devices/positions?q=81')).body.data as { id: number }[]).map((row) => row.id),
    ).toEqual(ids.slice(0, 2));
  });
});

describe('GET /statistics/devices (spec §2 /statistics: devices by status, connection type, model, firmware)', () => {
  it("counts the caller's devices by one property under the list's filters, largest first", async () => {
    const identities = await approve(3, '8399');
    const added = await superAdmin.post('/api/devices/batch', { company_id: retail, devices: identities });
    const ids: number[] = added.body.data.rows.map((row: { id: number }) => row.id);
    await report(ids[0] as number, { connection_type: 'LTE', signal: -60 });
    await report(ids[1] as number, { connection_type: '5G-SA', signal: -80 });
    const byStatus = await superAdmin.get('/api/statistics/devices?by=status&q=8399');
    expect(byStatus.body.data).toEqual({
      groups: [
        { key: 'online', count: 2 },
        { key: 'pending', count: 1 },
      ],
      other: 0,
      total: 3,
    });
    const byGeneration = (await superAdmin.get('/api/statistics/devices?by=connection_type&q=8399')).body
      .data;
    expect(byGeneration.groups).toEqual([
      { key: '4G', count: 1 },
      { key: '5G', count: 1 },
      { key: 'none', count: 1 },
    ]);
    expect((await superAdmin.get('/api/statistics/devices?by=colour')).status).toBe(422);
    // Another tenant counts none of them.
    const northwind = await fx.login('admin@northwind.example');
    expect((await northwind.get('/api/statistics/devices?by=status&q=8399')).body.data.total).toBe(0);
  });
});

describe('Password manager (spec §2; spec §9: generated passwords have 16 characters)', () => {
  it('generates 16-character passwords, one per device asked for', async () => {
    const answer = await superAdmin.post('/api/devices/passwords/generate', { count: 3 });
    const passwords = answer.body.data.passwords as string[];
    expect(passwords).toHaveLength(3);
    expect(passwords.every((password) => password.length === 16)).toBe(true);
    expect(new Set(passwords).size).toBe(3);
  });

  it("sets passwords on the caller's devices only, as tasks that wait for offline ones, and never keeps a password in clear", async () => {
    const identities = await approve(2, '8477');
    const added = await superAdmin.post('/api/devices/batch', { company_id: retail, devices: identities });
    const ids: number[] = added.body.data.rows.map((row: { id: number }) => row.id);
    const secret = 'Very-Secret-Pass-1';
    const set = await superAdmin.post('/api/devices/passwords/set', {
      devices: ids.map((id) => ({ id, password: secret })),
    });
    expect(set.status).toBe(201);
    expect(set.body.data).toMatchObject({ group_id: expect.any(Number), offline: 2 });
    expect(set.body.data.tasks.map((task: { device_id: number }) => task.device_id).sort()).toEqual(
      [...ids].sort(),
    );
    expect(set.body.data.tasks.every((task: { connected: boolean }) => !task.connected)).toBe(true);
    // While the tasks wait, the password is kept sealed with them, never in clear.
    const stored = await fx.api.deps.db
      .select({ secret: taskRows.secret })
      .from(taskRows)
      .where(eq(taskRows.groupId, set.body.data.group_id));
    expect(stored).toHaveLength(2);
    for (const row of stored) {
      expect(row.secret).toBeTruthy();
      expect(row.secret).not.toContain(secret);
      expect(row.secret).not.toContain(Buffer.from(secret).toString('base64url'));
    }
    const log = (await superAdmin.get('/api/audit-log?q=passwords&limit=5')).body.data;
    expect(log[0]).toMatchObject({ action: 'POST /devices/passwords/set', after: { devices: ids } });
    expect(JSON.stringify(log)).not.toContain(secret);
    // Weak, doubled or foreign: refused.
    expect(
      (await superAdmin.post('/api/devices/passwords/set', { devices: [{ id: ids[0], password: 'short' }] }))
        .status,
    ).toBe(422);
    const northwind = await fx.login('admin@northwind.example');
    expect(
      (await northwind.post('/api/devices/passwords/set', { devices: [{ id: ids[0], password: secret }] }))
        .status,
    ).toBe(403);
  });
});

describe('notes and the custom box (spec §2 "New note", "Device custom box")', () => {
  it("keeps notes in the device's activity with their author, and a custom box on the device", async () => {
    const [identity] = await approve(1, '8512');
    const id = (await superAdmin.post('/api/devices', { company_id: retail, ...identity })).body.data.id;
    const admin = await fx.login('admin@acme.example');
    const note = await admin.post(`/api/devices/${id}/notes`, { body: '<b>Cabinet 4</b>, key at the desk' });
    expect(note.status).toBe(201);
    expect((await admin.post(`/api/devices/${id}/notes`, { body: '   ' })).status).toBe(422);
    const activity = (await admin.get(`/api/devices/${id}/activity`)).body.data;
    expect(activity.find((event: { kind: string }) => event.kind === 'note')).toMatchObject({
      detail: '<b>Cabinet 4</b>, key at the desk',
      user_email: 'admin@acme.example',
      note_id: note.body.data.id,
    });
    expect((await admin.delete(`/api/devices/${id}/notes/${note.body.data.id}`)).status).toBe(200);
    expect((await admin.delete(`/api/devices/${id}/notes/${note.body.data.id}`)).status).toBe(404);

    const custom = { title: 'Site', fields: [{ label: 'Contact', value: 'Jane, +370 600 00000' }] };
    expect((await admin.put(`/api/devices/${id}/custom`, { custom })).status).toBe(200);
    expect((await admin.get(`/api/devices/${id}`)).body.data.custom).toEqual(custom);
    const tooMany = {
      title: 'Site',
      fields: Array.from({ length: 21 }, (_, n) => ({ label: `L${n}`, value: '' })),
    };
    expect((await admin.put(`/api/devices/${id}/custom`, { custom: tooMany })).status).toBe(422);
    expect((await admin.put(`/api/devices/${id}/custom`, { custom: null })).body.data).toEqual({
      custom: null,
    });
    // Another tenant can neither write nor read them.
    const northwind = await fx.login('admin@northwind.example');
    expect((await northwind.post(`/api/devices/${id}/notes`, { body: 'hi' })).status).toBe(403);
    expect((await northwind.put(`/api/devices/${id}/custom`, { custom })).status).toBe(403);
  });
});

describe('connection manager, monthly statistics, unique devices (spec §2 /statistics)', () => {
  it("lists and counts the connections of the caller's devices by day, every day of the range", async () => {
    const identities = await approve(2, '8611');
    const added = await superAdmin.post('/api/devices/batch', { company_id: retail, devices: identities });
    const ids: number[] = added.body.data.rows.map((row: { id: number }) => row.id);
    const rows = await fx.api.deps.db.select().from(devices).where(inArray(devices.id, ids));
    const identityOf = (id: number) => rows.find((row) => row.id === id)?.identityId as number;
    await fx.api.deps.db.insert(deviceConnectionLog).values([
      { identityId: identityOf(ids[0] as number), reason: 0, detail: 'RUT241 one' },
      { identityId: identityOf(ids[0] as number), reason: 0, detail: 'RUT241 again' },
      { identityId: identityOf(ids[1] as number), reason: 0, detail: 'RUT241 two' },
      { identityId: identityOf(ids[1] as number), reason: 7, detail: 'MAC 00:1E:42:00:00:99' },
    ]);
    const log = await superAdmin.get('/api/statistics/connections?q=8611&limit=10');
    expect(log.body.meta.total).toBe(4);
    expect(log.body.data[0]).toMatchObject({
      reason: 7,
      serial: identities[1]?.serial,
      company_name: 'Acme East Retail',
    });
    expect((await superAdmin.get('/api/statistics/connections?q=8611&reason=7')).body.meta.total).toBe(1);

    const before = await fx.login('east.admin@acme.example');
    const days = (await before.get('/api/statistics/activity?by=day&periods=3')).body.data as {
      period: string;
      unique_devices: number;
      connections: number;
      refused: number;
      devices_added: number;
    }[];
    expect(days.map((day) => day.period)).toHaveLength(3);
    expect(days[2]?.period).toBe(new Date().toISOString().slice(0, 10));
    expect(days[2]?.unique_devices).toBeGreaterThanOrEqual(2);
    expect(days[2]?.connections).toBeGreaterThanOrEqual(3);
    expect(days[2]?.refused).toBeGreaterThanOrEqual(1);
    expect(days[2]?.devices_added).toBeGreaterThanOrEqual(2);
    const months = (await before.get('/api/statistics/activity?by=month&periods=12')).body.data;
    expect(months).toHaveLength(12);
    expect(months[11].period).toBe(`${new Date().toISOString().slice(0, 7)}-01`);
    // Northwind sees none of Acme's.
    const northwind = await fx.login('admin@northwind.example');
    expect((await northwind.get('/api/statistics/connections?q=8611')).body.meta.total).toBe(0);
  });
});

describe('bulk monitoring period (spec §2 "Monitoring period"; spec §9 ranges)', () => {
  it('sets the periods of the chosen devices, within the ranges, and leaves an unnamed one as it is', async () => {
    const identities = await approve(2, '8733');
    const added = await superAdmin.post('/api/devices/batch', { company_id: retail, devices: identities });
    const ids: number[] = added.body.data.rows.map((row: { id: number }) => row.id);
    const set = await superAdmin.post('/api/devices/bulk', {
      action: 'period',
      ids,
      dynamic_interval_s: 600,
    });
    expect(set.body.data).toEqual({ affected: 2 });
    for (const id of ids) {
      const device = (await superAdmin.get(`/api/devices/${id}`)).body.data;
      expect([device.dynamic_interval_s, device.static_interval_s]).toEqual([600, 86_400]);
    }
    expect(
      (await superAdmin.post('/api/devices/bulk', { action: 'period', ids, dynamic_interval_s: 30 })).status,
    ).toBe(422);
    expect((await superAdmin.post('/api/devices/bulk', { action: 'period', ids })).status).toBe(422);
  });
});

describe('the devices list at scale (migration 0012: company paths and counts kept on the rows)', () => {
  /** Devices whose company path, and companies whose device count, differ from the truth. */
  async function drift(): Promise<{ paths: number; counts: number }> {
    const db = fx.api.deps.db;
    const [paths] = await db
      .select({ n: count() })
      .from(devices)
      .innerJoin(companies, eq(companies.id, devices.companyId))
      .where(ne(devices.companyPath, companies.path));
    const [counts] = await db
      .select({ n: count() })
      .from(companies)
      .where(
        sql`${companies.deviceCount} <> (select count(*) from ${devices} where ${devices.companyId} = ${companies.id})`,
      );
    return { paths: paths?.n ?? -1, counts: counts?.n ?? -1 };
  }
  const companyDevices = async (id: number) =>
    (await superAdmin.get(`/api/companies/${id}`)).body.data.devices as number;

  it('keeps the path and count through add, move, company move and delete, and totals from them', async () => {
    const before = { west: await companyDevices(west), retail: await companyDevices(retail) };
    const identities = await approve(4, '77');
    const added = await superAdmin.post('/api/devices/batch', { company_id: west, devices: identities });
    const ids: number[] = added.body.data.rows.map((row: { id: number }) => row.id);
    expect(await companyDevices(west)).toBe(before.west + 4);
    expect(await drift()).toEqual({ paths: 0, counts: 0 });

    // The unfiltered total (kept counts) and the counted one agree, and neither is capped.
    const listed = await superAdmin.get(`/api/devices?company_id=${west}&limit=1`);
    expect(listed.body.meta).toEqual({ total: before.west + 4, total_capped: false });
    const counted = await superAdmin.get(`/api/devices/count?company_id=${west}&status=pending`);
    const pending = await superAdmin.get(`/api/devices?company_id=${west}&status=pending&limit=1`);
    expect(counted.body.data.total).toBeGreaterThanOrEqual(4);
    expect(pending.body.meta).toEqual({ total: counted.body.data.total, total_capped: false });

    const moved = await superAdmin.post('/api/devices/bulk', {
      action: 'move',
      company_id: retail,
      ids: ids.slice(0, 2),
    });
    expect(moved.status).toBe(200);
    expect(await companyDevices(west)).toBe(before.west + 2);
    expect(await companyDevices(retail)).toBe(before.retail + 2);
    expect(await drift()).toEqual({ paths: 0, counts: 0 });

    // A company moved under another hands its new path to its devices.
    const branch = (await superAdmin.post('/api/companies', { name: 'Scale Branch', parent_id: retail })).body
      .data.id as number;
    await superAdmin.post('/api/devices/bulk', {
      action: 'move',
      company_id: branch,
      ids: [ids[0] as number],
    });
    expect((await superAdmin.post('/api/companies/move', { source: branch, target: west })).status).toBe(200);
    expect(await drift()).toEqual({ paths: 0, counts: 0 });

    const removed = await superAdmin.post('/api/devices/bulk', {
      action: 'delete',
      ids: ids.slice(2),
      expected_count: 2,
    });
    expect(removed.body.data.affected).toBe(2);
    expect(await companyDevices(west)).toBe(before.west);
    expect(await drift()).toEqual({ paths: 0, counts: 0 });
  });

  it('stops counting past the cap and says so (meta.total_capped), while /devices/count stays exact', async () => {
    const identities = await approve(5, '78');
    await superAdmin.post('/api/devices/batch', { company_id: west, devices: identities });
    const auth = { scope: 'all' } as AuthContext;
    const filter = { q: identities[0]?.serial.slice(0, -1) };
    const where = deviceConditions(auth, filter);
    const db = fx.api.deps.db;
    const exact = (await superAdmin.get(`/api/devices/count?q=${filter.q}`)).body.data.total as number;
    expect(exact).toBeGreaterThanOrEqual(2);
    expect(await deviceTotal(db, auth, filter, where, exact - 1)).toEqual({
      total: exact - 1,
      total_capped: true,
    });
    expect(await deviceTotal(db, auth, filter, where, exact)).toEqual({ total: exact, total_capped: false });
    expect(await deviceTotal(db, auth, filter, where)).toEqual({ total: exact, total_capped: false });
    const listed = await superAdmin.get(`/api/devices?q=${filter.q}&limit=100`);
    expect(listed.body.data).toHaveLength(exact);
    expect(DEVICE_COUNT_CAP).toBeGreaterThanOrEqual(1000);
  });

  it('acts on all of 70,000 matching devices: more ids than one statement may bind (65,535), capped list total', async () => {
    const db = fx.api.deps.db;
    await db.execute(sql`insert into device_identities (serial, mac, secret_sha256)
      select '9' || lpad(n::text, 9, '0'), '02:00:00:00:00:00', md5(n::text) from generate_series(1, 70000) n`);
    await db.execute(sql`insert into devices (company_id, identity_id, serial, mac, name)
      select ${west}, i.id, i.serial, i.mac, 'Bulkfleet ' || i.serial from device_identities i
      where i.serial like '9%' and length(i.serial) = 10`);
    const filter = { q: 'Bulkfleet' };
    const listed = await superAdmin.get('/api/devices?q=Bulkfleet&limit=1');
    expect(listed.body.meta).toEqual({ total: DEVICE_COUNT_CAP, total_capped: true });
    expect((await superAdmin.get('/api/devices/count?q=Bulkfleet')).body.data.total).toBe(70_000);
    const off = await superAdmin.post('/api/devices/bulk', {
      action: 'monitoring',
      monitoring: false,
      filter,
    });
    expect(off.body.data.affected).toBe(70_000);
    expect((await superAdmin.get('/api/devices/count?q=Bulkfleet&status=not_activated')).status).toBe(200);
    const [stillOn] = await db
      .select({ n: count() })
      .from(devices)
      .where(sql`${devices.name} like 'Bulkfleet %' and ${devices.monitoring}`);
    expect(stillOn?.n).toBe(0);
    const removed = await superAdmin.post('/api/devices/bulk', {
      action: 'delete',
      filter,
      expected_count: 70_000,
    });
    expect(removed.body.data.affected).toBe(70_000);
    expect((await superAdmin.get('/api/devices/count?q=Bulkfleet')).body.data.total).toBe(0);
    expect(await drift()).toEqual({ paths: 0, counts: 0 });
  }, 120_000); // 70,000 devices in and out: seconds, and more on a busy machine

  it('orders a page the same whether it walks an index or picks the ids among the matching devices first', async () => {
    const auth = { scope: 'all' } as AuthContext;
    const where = deviceConditions(auth, {});
    const db = fx.api.deps.db;
    for (const sort of [
      [{ field: 'name', descending: false }],
      [{ field: 'name', descending: true }],
      [{ field: 'serial', descending: false }],
      [{ field: 'company_id', descending: true }],
      [],
    ] as const) {
      const page = async (walk: boolean) =>
        (await devicePage(db, where, sort, { limit: 40, offset: 3, walk })).map((row) => row.device.id);
      const walked = await page(true);
      expect(walked.length).toBeGreaterThan(10);
      expect(await page(false)).toEqual(walked);
    }
    expect(INDEX_WALK_MIN_DEVICES).toBeGreaterThan(DEVICE_COUNT_CAP);
  });
});
