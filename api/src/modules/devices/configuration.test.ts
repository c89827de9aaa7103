import type { DeviceConfiguration } from '@fleetport/contracts/device-config';
import { type Command, deviceTopics } from '@fleetport/contracts/device-protocol';
import type { DeviceTask, TaskGroup } from '@fleetport/contracts/tasks';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskGroups, tasks as taskRows } from '../../db/schema.ts';
import { connectDevice, createTestDevice } from '../../testing/device-client.ts';
import { type ApiFixture, startTestApi, type TestClient } from '../../testing/fixtures.ts';
import { until } from '../../testing/until.ts';

/**
 * A device's configuration (issue 22; docs/device-protocol.md "Configuration"): the device
 * reports its whole tree after every change and at its hello; the gateway keeps its last word,
 * checked against the protocol's bounds, and answers it to those who may see the device.
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
  'network.lan': { proto: 'static', ipaddr: '192.168.1.1', netmask: '255.255.255.0' },
  'wireless.ap0': { ssid: 'Depot', encryption: 'psk2', key: '********', band: '2.4', disabled: false },
};

describe("a device's configuration", () => {
  it('is what the device last reported: its tree, revision and who changed it', async () => {
    const unit = await createTestDevice(fx, 'Acme East');
    const url = `/api/devices/${unit.id}/configuration`;
    // Before any report: nothing known yet, said as nulls.
    const before = await admin.get(url);
    expect(before.status).toBe(200);
    expect(before.body.data).toEqual({
      device_id: unit.id,
      revision: null,
      changed_by: null,
      reported_at: null,
      config: null,
      template: null,
    });

    const connection = await connectDevice(fx, unit, () => ({ results: [] }));
    const topic = deviceTopics(unit.serial).configReport;
    const publish = async (body: unknown) => {
      await connection.client.publishAsync(topic, JSON.stringify(body), { qos: 1 });
      await fx.api.deps.gateway.settled();
    };
    try {
      await publish({ v: 1, revision: 3, by: 'boot', config: TREE });
      const first = await until(
        async () => (await admin.get(url)).body.data as DeviceConfiguration,
        (data) => data.revision === 3,
        'the report to be kept',
      );
      expect(first).toMatchObject({ revision: 3, changed_by: 'boot', config: TREE });

      // Someone on site changes the SSID: a new revision, by 'local'.
      const changed = { ...TREE, 'wireless.ap0': { ...TREE['wireless.ap0'], ssid: 'Depot-2' } };
      await publish({ v: 1, revision: 4, by: 'local', config: changed });
      const second = await until(
        async () => (await admin.get(url)).body.data as DeviceConfiguration,
        (data) => data.revision === 4,
        'the change to be kept',
      );
      expect(second.changed_by).toBe('local');
      expect(second.config?.['wireless.ap0']?.ssid).toBe('Depot-2');

      // A report out of the protocol's bounds is refused; what was known stays.
      await publish({ v: 1, revision: 5, by: 'local', config: { system: { hostname: 'x'.repeat(5000) } } });
      await publish({ v: 1, revision: -1, by: 'someone', config: {} });
      const after = (await admin.get(url)).body.data as DeviceConfiguration;
      expect(after.revision).toBe(4);

      // The same revision again (a hello's report) changes nothing, not even the time.
      await publish({ v: 1, revision: 4, by: 'boot', config: changed });
      const again = (await admin.get(url)).body.data as DeviceConfiguration;
      expect(again).toEqual(after);

      // Another tenant does not see it (403 alike for missing and not yours).
      const northwind = await fx.login('admin@northwind.example');
      expect((await northwind.get(url)).status).toBe(403);
    } finally {
      await connection.client.endAsync();
    }
  });

  it("a device cannot report another device's configuration", async () => {
    const unit = await createTestDevice(fx, 'Acme East');
    const other = await createTestDevice(fx, 'Acme East');
    const connection = await connectDevice(fx, unit, () => ({ results: [] }));
    try {
      // The broker refuses the publish on a topic that is not the device's own.
      await connection.client
        .publishAsync(
          deviceTopics(other.serial).configReport,
          JSON.stringify({ v: 1, revision: 1, by: 'local', config: TREE }),
          { qos: 0 },
        )
        .catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await fx.api.deps.gateway.settled();
      const theirs = (await admin.get(`/api/devices/${other.id}/configuration`)).body
        .data as DeviceConfiguration;
      expect(theirs.revision).toBeNull();
    } finally {
      await connection.client.endAsync(true).catch(() => undefined);
    }
  });

  it('a change is a task: checked first, sent with its secret sealed, applied by the device, its words in codes', async () => {
    const unit = await createTestDevice(fx, 'Acme East');
    const url = `/api/devices/${unit.id}/configuration`;
    // A value the device would refuse is refused here first, named at its section; nothing starts.
    const bad = await admin.post(url, { changes: { ntp: { server: 'not a host' } } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0]).toMatchObject({
      source: 'changes.ntp',
      message:
        '"ntp.server": Enter a domain name or an IPv4 address. A domain name ends in 2 to 6 letters, as in example.com.',
    });
    const none = await admin.post(url, { changes: {} });
    expect(none.status).toBe(422);
    expect((await admin.post(url, { changes: { ntp: {} } })).status).toBe(422);

    const guest = await fx.login('guest@acme.example');
    expect((await guest.post(url, { changes: { ntp: { server: 'pool.ntp.org' } } })).status).toBe(403);

    const received: Command[] = [];
    const connection = await connectDevice(fx, unit, (command) => {
      received.push(command);
      return { results: [{ state: 'done', revision: 8 }] };
    });
    try {
      const started = await admin.post(url, {
        changes: {
          ntp: { server: 'time.example.org' },
          'wireless.ap0': { ssid: 'Depot', key: 'correct-horse-9' },
        },
        rollback_s: 60,
      });
      expect(started.status, JSON.stringify(started.body)).toBe(201);
      const { group_id: groupId, task_id: taskId } = started.body.data as {
        group_id: number;
        task_id: string;
      };
      const done = await until(
        async () => (await admin.get(`/api/devices/${unit.id}/tasks`)).body.data as DeviceTask[],
        (list) => list.find((task) => task.id === taskId)?.state === 'succeeded',
        'the change to be applied',
      );
      expect(done.find((task) => task.id === taskId)).toMatchObject({
        action: 'config.write',
        message_code: 'config_applied',
        message_args: { revision: 8 },
      });
      // The device got the change whole, its key in clear, and the rollback time.
      const command = received.find((entry) => entry.id === taskId);
      expect(command).toMatchObject({
        action: 'config.write',
        changes: {
          ntp: { server: 'time.example.org' },
          'wireless.ap0': { ssid: 'Depot', key: 'correct-horse-9' },
        },
        rollback_s: 60,
      });
      // The key is kept nowhere in the open: the group holds it masked, the task's seal is gone.
      const [group] = await fx.api.deps.db.select().from(taskGroups).where(eq(taskGroups.id, groupId));
      expect(JSON.stringify(group?.params)).not.toContain('correct-horse-9');
      const [task] = await fx.api.deps.db.select().from(taskRows).where(eq(taskRows.id, taskId));
      expect(task?.secret).toBeNull();
      const seen = (await admin.get(`/api/devices/tasks/groups/${groupId}`)).body.data as TaskGroup;
      expect(seen.summary).toBe('ntp, wireless.ap0');
      // Once the device has reported its tree, a new port forward (none at this index) must be whole.
      await connection.client.publishAsync(
        deviceTopics(unit.serial).configReport,
        JSON.stringify({ v: 1, revision: 8, by: 'console', config: TREE }),
        { qos: 1 },
      );
      await fx.api.deps.gateway.settled();
      const part = await admin.post(url, { changes: { 'firewall.redirect5': { name: 'web' } } });
      expect(part.status).toBe(422);
      expect(part.body.errors[0]).toMatchObject({ source: 'changes.firewall.redirect5' });
      // Nothing to send again: the key was forgotten.
      await fx.api.deps.db.update(taskRows).set({ state: 'failed' }).where(eq(taskRows.id, taskId));
      expect((await admin.post(`/api/devices/tasks/groups/${groupId}/retry`)).status).toBe(409);
      // The history names the sections, never the key.
      const history = await admin.get('/api/audit-log?event=device.config');
      expect(JSON.stringify(history.body.data)).toContain('wireless.ap0');
      expect(JSON.stringify(history.body.data)).not.toContain('correct-horse-9');
    } finally {
      await connection.client.endAsync();
    }
  });
});
