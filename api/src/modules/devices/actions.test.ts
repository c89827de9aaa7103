import type { DeviceActivityEntry } from '@fleetport/contracts/audit';
import { DEVICE_ACTION_DEADLINE_HOURS, type DeviceTask, type TaskGroup } from '@fleetport/contracts/tasks';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tasks as taskRows } from '../../db/schema.ts';
import { connectDevice, createTestDevice } from '../../testing/device-client.ts';
import { type ApiFixture, startTestApi, type TestClient } from '../../testing/fixtures.ts';
import { until } from '../../testing/until.ts';

/**
 * The device page's actions on the task engine (issue 21 §1: "every device action the console
 * already has moves onto it"): a reboot, a refresh or a CLI command is a one-device task group.
 * An offline device is no longer refused: the action waits for it until its deadline, runs when
 * it connects, shows in the Task manager and the device's Actions list, and its history says how
 * it ended.
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

const deviceTasks = async (id: number) =>
  (await admin.get(`/api/devices/${id}/tasks`)).body.data as DeviceTask[];

describe("a device page's actions are tasks", () => {
  it('a reboot for an offline device waits, is sent at its hello, and ends when the device is back', async () => {
    const unit = await createTestDevice(fx, 'Acme West');
    const answer = await admin.post(`/api/devices/${unit.id}/actions`, { action: 'reboot' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.data).toMatchObject({ id: unit.id, state: 'queued' });
    const { group_id: groupId, task_id: taskId } = answer.body.data as { group_id: number; task_id: string };

    // A group of one device in the Task manager, with the device page's deadline.
    const group = (await admin.get(`/api/devices/tasks/groups/${groupId}`)).body.data as TaskGroup;
    expect(group).toMatchObject({ action: 'reboot', total: 1, state: 'running' });
    const hours = (Date.parse(group.expires_at) - Date.parse(group.created_at)) / 3_600_000;
    expect(hours).toBeCloseTo(DEVICE_ACTION_DEADLINE_HOURS.reboot, 3);
    expect((await deviceTasks(unit.id))[0]).toMatchObject({ id: taskId, action: 'reboot', state: 'queued' });

    // The device connects: it is sent the reboot (the task's id), restarts and says hello again.
    const received: string[] = [];
    const device = await connectDevice(fx, unit, (command) => {
      received.push(command.id);
      return command.action === 'reboot'
        ? { results: [{ state: 'accepted' }, { state: 'done' }], restart: true }
        : { results: [{ state: 'done' }] };
    });
    try {
      await until(
        () => deviceTasks(unit.id),
        (list) => list[0]?.state === 'succeeded',
        'the reboot to end',
      );
      expect(received).toEqual([taskId]);
      // The device's history: who rebooted it and that it came back.
      const activity = (await admin.get(`/api/devices/${unit.id}/activity`)).body
        .data as DeviceActivityEntry[];
      const entry = activity.find((one) => one.event === 'device.reboot');
      expect(entry).toMatchObject({ user_name: 'Ada Admin', outcome: { state: 'succeeded', message: null } });
      expect(entry?.outcome?.finished_at).not.toBeNull();
    } finally {
      await device.client.endAsync();
    }
  });

  it("a CLI command's output is its task's message; a device that is not the caller's is refused", async () => {
    const unit = await createTestDevice(fx, 'Acme West');
    const device = await connectDevice(fx, unit, (command) =>
      command.action === 'cli' ? { results: [{ state: 'done', output: 'up 3 days' }] } : { results: [] },
    );
    try {
      const answer = await admin.post(`/api/devices/${unit.id}/cli`, { command: 'uptime' });
      expect(answer.status).toBe(201);
      await until(
        () => deviceTasks(unit.id),
        (list) => list[0]?.state === 'succeeded',
        'the command to end',
      );
      expect((await deviceTasks(unit.id))[0]).toMatchObject({
        action: 'cli',
        summary: 'uptime',
        message: 'up 3 days',
      });
      const group = (await admin.get(`/api/devices/tasks/groups/${answer.body.data.group_id}`)).body
        .data as TaskGroup;
      const hours = (Date.parse(group.expires_at) - Date.parse(group.created_at)) / 3_600_000;
      expect(hours).toBeCloseTo(DEVICE_ACTION_DEADLINE_HOURS.cli, 3);
      // Another company's admin sees neither the device nor a way to act on it.
      const northwind = await fx.login('admin@northwind.example');
      const refused = await northwind.post(`/api/devices/${unit.id}/actions`, { action: 'refresh' });
      expect([403, 404]).toContain(refused.status);
      expect((await deviceTasks(unit.id)).length).toBe(1);
    } finally {
      await device.client.endAsync();
    }
  });
});

describe('Password manager on the task engine', () => {
  it('a new password waits for an offline device, reaches it as config.write when it connects, and is forgotten once set', async () => {
    const unit = await createTestDevice(fx, 'Acme West');
    const password = 'Fresh-Device-Pass-7';
    const set = await admin.post('/api/devices/passwords/set', { devices: [{ id: unit.id, password }] });
    expect(set.status, JSON.stringify(set.body)).toBe(201);
    const groupId = set.body.data.group_id as number;
    const [task] = set.body.data.tasks as { task_id: string; connected: boolean }[];
    expect(task?.connected).toBe(false);
    const group = (await admin.get(`/api/devices/tasks/groups/${groupId}`)).body.data as TaskGroup;
    expect(group).toMatchObject({ action: 'password.set', total: 1, summary: null });
    // Nothing a reader of the group sees holds the password.
    expect(JSON.stringify(group)).not.toContain(password);

    const received: Record<string, unknown>[] = [];
    const device = await connectDevice(fx, unit, (command) => {
      received.push(command as unknown as Record<string, unknown>);
      return { results: [{ state: 'done' }] };
    });
    try {
      await until(
        () => deviceTasks(unit.id),
        (list) => list[0]?.state === 'succeeded',
        'the password to be set',
      );
      expect(received).toEqual([
        expect.objectContaining({
          id: task?.task_id,
          action: 'config.write',
          section: 'users.admin',
          values: { password },
        }),
      ]);
      const [row] = await fx.api.deps.db
        .select({ secret: taskRows.secret })
        .from(taskRows)
        .where(eq(taskRows.id, task?.task_id ?? ''));
      expect(row?.secret).toBeNull();
      // Nothing to send again: the password is gone with its task.
      const retry = await admin.post(`/api/devices/tasks/groups/${groupId}/retry`);
      expect(retry.status).toBe(409);
    } finally {
      await device.client.endAsync();
    }
  });

  it('a password whose task is cancelled is forgotten at once', async () => {
    const unit = await createTestDevice(fx, 'Acme West');
    const set = await admin.post('/api/devices/passwords/set', {
      devices: [{ id: unit.id, password: 'Never-Sent-Pass-8' }],
    });
    const taskId = set.body.data.tasks[0].task_id as string;
    const cancel = await admin.post('/api/devices/updates/cancel', { task_ids: [taskId] });
    expect(cancel.status, JSON.stringify(cancel.body)).toBeLessThan(300);
    const [row] = await fx.api.deps.db
      .select({ state: taskRows.state, secret: taskRows.secret })
      .from(taskRows)
      .where(eq(taskRows.id, taskId));
    expect(row).toEqual({ state: 'cancelled', secret: null });
  });
});
