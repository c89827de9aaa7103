import type { Command } from '@fleetport/contracts/device-protocol';
import type { TaskGroup, TaskGroupPreview } from '@fleetport/contracts/tasks';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceConfigs, devices, taskGroups, tasks as taskRows } from '../../db/schema.ts';
import { connectDevice, createTestDevice } from '../../testing/device-client.ts';
import { type ApiFixture, startTestApi, type TestClient } from '../../testing/fixtures.ts';
import { until } from '../../testing/until.ts';

/**
 * Configure devices / multi-config (spec §2 Multi-config: set unique, Confirm config): one change
 * for many devices, each device's own values by serial, and a dry run that says what changes on
 * each device, in how many companies, how many wait offline and which are skipped and why.
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

const WIFI_TREE = {
  system: { hostname: 'depot', timezone: 'UTC', log_size: 200 },
  'network.lan': { proto: 'static', ipaddr: '192.168.1.1', netmask: '255.255.255.0' },
  'wireless.ap0': { ssid: 'Depot', encryption: 'psk2', key: '********', band: '2.4', disabled: false },
};
const WIRED_TREE = {
  system: { hostname: 'switch', timezone: 'UTC', log_size: 200 },
  'network.lan': { proto: 'static', ipaddr: '192.168.2.1', netmask: '255.255.255.0' },
};

/** A device of a company that has reported `tree` (or nothing yet). */
async function deviceWith(
  company: string,
  tree: Record<string, Record<string, string | number | boolean>> | null,
) {
  const unit = await createTestDevice(fx, company);
  if (tree) {
    await fx.api.deps.db
      .insert(deviceConfigs)
      .values({ deviceId: unit.id, revision: 1, changedBy: 'boot', config: tree });
  }
  return unit;
}

describe('Configure devices: the dry run (Confirm config)', () => {
  it('says what changes on each device, counts by company, offline and skipped with their reasons, and makes nothing', async () => {
    const east = await deviceWith('Acme East', WIFI_TREE);
    const west = await deviceWith('Acme West', WIFI_TREE);
    const wired = await deviceWith('Acme East', WIRED_TREE);
    const unknown = await deviceWith('Acme East', null);
    const same = await deviceWith('Acme West', {
      ...WIFI_TREE,
      'wireless.ap0': { ...WIFI_TREE['wireless.ap0'], ssid: 'Fleet' },
    });
    const groupsBefore = (await fx.api.deps.db.select().from(taskGroups)).length;
    const request = {
      action: 'config.write',
      device_ids: [east.id, west.id, wired.id, unknown.id, same.id],
      changes: { 'wireless.ap0': { ssid: 'Fleet' } },
      unique: [
        { serial: east.serial, changes: { system: { hostname: 'east-1' } } },
        { serial: west.serial, changes: { system: { hostname: 'west-1' } } },
        { serial: wired.serial, changes: { system: { hostname: 'wired-1' } } },
        { serial: unknown.serial, changes: { system: { hostname: 'unknown-1' } } },
        { serial: same.serial, changes: { system: { hostname: 'depot' } } },
      ],
    };
    const response = await admin.post('/api/devices/tasks/groups/preview', request);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const preview = response.body.data as TaskGroupPreview;
    // Two devices change (east, west): 2 settings (the SSID and the host name), 2 companies, both
    // offline (never connected in this test), queued until they connect.
    expect(preview).toMatchObject({ devices: 2, companies: 2, offline: 2, settings: 2, skipped_total: 3 });
    expect(preview.skipped_by_code).toEqual({ config_no_section: 1, config_unknown: 1, config_same: 1 });
    expect(preview.skipped.find((device) => device.device_id === wired.id)).toMatchObject({
      code: 'config_no_section',
      section: 'wireless.ap0',
    });
    expect(preview.by_company?.map((company) => company.company_name).sort()).toEqual([
      'Acme East',
      'Acme West',
    ]);
    const diff = preview.diffs?.find((device) => device.device_id === east.id);
    expect(diff?.changes).toEqual([
      { section: 'wireless.ap0', option: 'ssid', from: 'Depot', to: 'Fleet' },
      { section: 'system', option: 'hostname', from: 'depot', to: 'east-1' },
    ]);
    expect((await fx.api.deps.db.select().from(taskGroups)).length).toBe(groupsBefore);
  });

  it('refuses bad input naming the row or the field, and applies nothing', async () => {
    const one = await deviceWith('Acme East', WIFI_TREE);
    const two = await deviceWith('Acme East', WIFI_TREE);
    const stranger = await deviceWith('Acme West', WIFI_TREE);
    const groupsBefore = (await fx.api.deps.db.select().from(taskGroups)).length;
    const post = (body: Record<string, unknown>) =>
      admin.post('/api/devices/tasks/groups', {
        action: 'config.write',
        device_ids: [one.id, two.id],
        ...body,
      });
    const cases: [Record<string, unknown>, string, RegExp][] = [
      // An invalid IPv4 address, named at its section.
      [{ changes: { 'network.lan': { ipaddr: '192.168.1.300' } } }, 'changes.network.lan', /IPv4/],
      // The same host name twice (Set unique).
      [
        {
          changes: {},
          unique: [
            { serial: one.serial, changes: { system: { hostname: 'same' } } },
            { serial: two.serial, changes: { system: { hostname: 'same' } } },
          ],
        },
        'unique.1.changes.system.hostname',
        /also given in row 1/,
      ],
      // A row for a device that is not chosen.
      [
        {
          changes: {},
          unique: [
            { serial: one.serial, changes: { system: { hostname: 'a' } } },
            { serial: stranger.serial, changes: { system: { hostname: 'b' } } },
          ],
        },
        'unique.1.serial',
        /not among the chosen devices/,
      ],
      // A chosen device without its row.
      [
        { changes: {}, unique: [{ serial: one.serial, changes: { system: { hostname: 'a' } } }] },
        'unique',
        /1 of the chosen devices has no unique values/,
      ],
      // Nothing to change at all.
      [{ changes: {} }, 'changes', /Change at least one setting/],
    ];
    for (const [body, source, message] of cases) {
      const response = await post(body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(response.body.errors[0].source).toBe(source);
      expect(response.body.errors[0].message).toMatch(message);
    }
    // Every device already has it: nothing to do, said at `changes`.
    const already = await post({ changes: { 'wireless.ap0': { ssid: 'Depot' } } });
    expect(already.status).toBe(422);
    expect(already.body.errors[0]).toMatchObject({ source: 'changes', code: 'CONFIG_FITS_NONE' });
    expect((await fx.api.deps.db.select().from(taskGroups)).length).toBe(groupsBefore);
  });
});

describe('Configure devices: applying', () => {
  it('sends each device the common change with its own values and its own secret, keeps them sealed, and an offline device gets it when it connects', async () => {
    const online = await deviceWith('Acme East', WIFI_TREE);
    const offline = await deviceWith('Acme East', WIFI_TREE);
    const received = new Map<number, Command[]>();
    const answer = (id: number) => (command: Command) => {
      received.set(id, [...(received.get(id) ?? []), command]);
      return { results: [{ state: 'done' as const, revision: 2 }] };
    };
    const first = await connectDevice(fx, online, answer(online.id));
    try {
      const started = await admin.post('/api/devices/tasks/groups', {
        action: 'config.write',
        device_ids: [online.id, offline.id],
        changes: { 'wireless.ap0': { ssid: 'Fleet' } },
        unique: [
          {
            serial: online.serial,
            changes: { system: { hostname: 'east-1' }, 'wireless.ap0': { key: 'online-key-1' } },
          },
          {
            serial: offline.serial,
            changes: { system: { hostname: 'east-2' }, 'wireless.ap0': { key: 'offline-key-2' } },
          },
        ],
      });
      expect(started.status, JSON.stringify(started.body)).toBe(201);
      const group = started.body.data as TaskGroup;
      expect(group.summary).toBe('wireless.ap0, system');
      await until(
        async () => received.get(online.id) ?? [],
        (list) => list.length > 0,
        'the connected device to get its change',
      );
      expect(received.get(online.id)?.[0]).toMatchObject({
        action: 'config.write',
        changes: { 'wireless.ap0': { ssid: 'Fleet', key: 'online-key-1' }, system: { hostname: 'east-1' } },
      });
      // Keys are kept only sealed: neither the group nor a task holds one in the open.
      const [stored] = await fx.api.deps.db.select().from(taskGroups).where(eq(taskGroups.id, group.id));
      const rows = await fx.api.deps.db.select().from(taskRows).where(eq(taskRows.groupId, group.id));
      const open = JSON.stringify([stored?.params, rows.map((row) => row.params)]);
      expect(open).toContain('east-2');
      expect(open).not.toContain('offline-key-2');
      expect(open).not.toContain('online-key-1');

      // The offline device connects later and gets its own values.
      const second = await connectDevice(fx, offline, answer(offline.id));
      try {
        const done = await until(
          async () => (await admin.get(`/api/devices/tasks/groups/${group.id}`)).body.data as TaskGroup,
          (seen) => seen.counts.succeeded === 2,
          'both devices to apply the change',
        );
        expect(done.state).toBe('finished');
        expect(received.get(offline.id)?.[0]).toMatchObject({
          changes: {
            'wireless.ap0': { ssid: 'Fleet', key: 'offline-key-2' },
            system: { hostname: 'east-2' },
          },
        });
      } finally {
        await second.client.endAsync();
      }
      const [device] = await fx.api.deps.db.select().from(devices).where(eq(devices.id, offline.id));
      expect(device?.id).toBe(offline.id);
    } finally {
      await first.client.endAsync();
    }
  });
});
