import type { Command } from '@fleetport/contracts/device-protocol';
import type { DeviceTask, Task, TaskGroup, TaskGroupPreview, TaskList } from '@fleetport/contracts/tasks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDevice, createTestDevice } from '../../testing/device-client.ts';
import { type ApiFixture, startTestApi, type TestClient } from '../../testing/fixtures.ts';
import { until } from '../../testing/until.ts';

/**
 * Execute task list (spec §2 Task manager; issue 21 §2): a company saves a list of steps and runs
 * it on a selection. Each device gets its steps in order, the next only once the previous one
 * succeeded; a step that fails leaves the device's later steps not run, saying why; a list of a
 * company above the caller's may be run but not changed.
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

const tasksOf = async (id: number) =>
  (await admin.get(`/api/devices/tasks/groups/${id}/tasks?sort=device_name`)).body.data as Task[];

describe('task lists', () => {
  it('are saved per company with their steps checked, and shared down the tree to run, not to change', async () => {
    const made = await admin.post('/api/devices/task-lists', {
      name: 'Nightly check',
      steps: [{ action: 'refresh' }, { action: 'cli', command: 'uptime' }, { action: 'reboot' }],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const list = made.body.data as TaskList;
    expect(list).toMatchObject({
      name: 'Nightly check',
      company_name: 'Acme Networks',
      editable: true,
      steps: [{ action: 'refresh' }, { action: 'cli', command: 'uptime' }, { action: 'reboot' }],
    });

    // The same name in the same company, case aside: refused, nothing stored twice.
    const twice = await admin.post('/api/devices/task-lists', {
      name: 'nightly CHECK',
      steps: [{ action: 'reboot' }],
    });
    expect(twice.status).toBe(409);
    expect(twice.body.errors[0]).toMatchObject({ source: 'name' });
    // Bad steps, each named where it is wrong.
    const empty = await admin.post('/api/devices/task-lists', { name: 'Nothing', steps: [] });
    expect(empty.status).toBe(422);
    expect(empty.body.errors[0]).toMatchObject({ source: 'steps', message: 'Add at least one step.' });
    const noCommand = await admin.post('/api/devices/task-lists', {
      name: 'No command',
      steps: [{ action: 'reboot' }, { action: 'cli', command: '' }],
    });
    expect(noCommand.status).toBe(422);
    expect(noCommand.body.errors[0]).toMatchObject({ source: 'steps.1.command' });
    const twoImages = await admin.post('/api/devices/task-lists', {
      name: 'Two images',
      steps: [
        { action: 'firmware.update', file_id: 1 },
        { action: 'firmware.update', file_id: 2 },
      ],
    });
    expect(twoImages.status).toBe(422);
    const unknownImage = await admin.post('/api/devices/task-lists', {
      name: 'Unknown image',
      steps: [{ action: 'refresh' }, { action: 'firmware.update', file_id: 999_999 }],
    });
    expect(unknownImage.status).toBe(422);
    expect(unknownImage.body.errors[0]).toMatchObject({
      source: 'steps.1.file_id',
      message: 'Choose a firmware file you can see.',
    });

    // A subsidiary's admin sees Acme's list and may run it, but not change or delete it.
    const east = await fx.login('east.admin@acme.example');
    const seen = (await east.get('/api/devices/task-lists')).body.data as TaskList[];
    expect(seen.find((entry) => entry.id === list.id)).toMatchObject({ editable: false });
    const changed = await east.put(`/api/devices/task-lists/${list.id}`, {
      name: 'Mine now',
      steps: [{ action: 'reboot' }],
    });
    expect(changed.status).toBe(409);
    expect((await east.delete(`/api/devices/task-lists/${list.id}`)).status).toBe(409);
    // Another tenant does not see it at all.
    const northwind = await fx.login('admin@northwind.example');
    expect((await northwind.get(`/api/devices/task-lists/${list.id}`)).status).toBe(404);
    expect(
      ((await northwind.get('/api/devices/task-lists')).body.data as TaskList[]).some(
        (entry) => entry.id === list.id,
      ),
    ).toBe(false);

    // Its owner changes it; the history says who did what.
    const renamed = await admin.put(`/api/devices/task-lists/${list.id}`, {
      name: 'Nightly check v2',
      steps: [{ action: 'refresh' }],
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.data).toMatchObject({ name: 'Nightly check v2', steps: [{ action: 'refresh' }] });
    const deleted = await admin.delete(`/api/devices/task-lists/${list.id}`);
    expect(deleted.status).toBe(200);
    expect((await admin.get(`/api/devices/task-lists/${list.id}`)).status).toBe(404);
    const history = await admin.get(
      '/api/audit-log?event=task_list.create,task_list.update,task_list.delete',
    );
    expect(history.status, JSON.stringify(history.body)).toBe(200);
    const events = (history.body.data as { event: string }[]).map((entry) => entry.event);
    expect(events).toEqual(
      expect.arrayContaining(['task_list.create', 'task_list.update', 'task_list.delete']),
    );
  });

  it("runs each device's steps in order; a step that fails leaves the later ones not run; retry goes on from it", async () => {
    const list = (
      await admin.post('/api/devices/task-lists', {
        name: 'Check and restart',
        steps: [{ action: 'refresh' }, { action: 'cli', command: 'uptime' }, { action: 'reboot' }],
      })
    ).body.data as TaskList;
    const good = await createTestDevice(fx, 'Acme East');
    const bad = await createTestDevice(fx, 'Acme East');
    const preview = await admin.post('/api/devices/tasks/groups/preview', {
      action: 'task_list',
      task_list_id: list.id,
      device_ids: [good.id, bad.id],
    });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.data as TaskGroupPreview).toMatchObject({ devices: 2, offline: 2, skipped: [] });

    const started = await admin.post('/api/devices/tasks/groups', {
      action: 'task_list',
      task_list_id: list.id,
      device_ids: [good.id, bad.id],
    });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const group = started.body.data as TaskGroup;
    // One task per device and step.
    expect(group).toMatchObject({ action: 'task_list', summary: 'Check and restart', total: 2 });
    expect(group.counts.queued).toBe(6);

    // Each device records what it was sent, in order; the bad one refuses the CLI command.
    const received = new Map<number, string[]>();
    const answering = (unit: { id: number }, failCli: boolean) => (command: Command) => {
      received.set(unit.id, [...(received.get(unit.id) ?? []), command.action]);
      if (command.action === 'cli' && failCli)
        return { results: [{ state: 'failed', error: 'uptime: not found' }] };
      if (command.action === 'reboot')
        return { results: [{ state: 'accepted' }, { state: 'done' }], restart: true };
      return { results: [{ state: 'done', output: 'ok' }] };
    };
    const one = await connectDevice(fx, good, answering(good, false));
    const two = await connectDevice(fx, bad, answering(bad, true));
    try {
      const finished = await until(
        async () => (await admin.get(`/api/devices/tasks/groups/${group.id}`)).body.data as TaskGroup,
        (g) => g.state === 'finished',
        'the task list to finish',
      );
      expect(finished.counts).toMatchObject({ succeeded: 4, failed: 1, cancelled: 1, queued: 0 });
      expect(received.get(good.id)).toEqual(['refresh', 'cli', 'reboot']);
      // The failed step stopped the device's list: it was never sent the reboot.
      expect(received.get(bad.id)).toEqual(['refresh', 'cli']);

      const rows = await tasksOf(group.id);
      const ofBad = rows.filter((row) => row.device_id === bad.id).sort((a, b) => a.step - b.step);
      expect(ofBad.map((row) => [row.step, row.action, row.state])).toEqual([
        [0, 'refresh', 'succeeded'],
        [1, 'cli', 'failed'],
        [2, 'reboot', 'cancelled'],
      ]);
      // The engine's words as a code and values, for the console to say in the user's language.
      expect(ofBad[1]).toMatchObject({ message: 'uptime: not found', message_code: null });
      expect(ofBad[2]).toMatchObject({
        message: 'Not run: step 2 (CLI command) did not succeed.',
        message_code: 'step_not_run',
        message_args: { step: 2, action: 'cli' },
      });
      // The device's Actions list names the list and each task's step.
      const actions = (await admin.get(`/api/devices/${bad.id}/tasks`)).body.data as DeviceTask[];
      expect(actions.find((entry) => entry.group_id === group.id && entry.step === 1)).toMatchObject({
        group_action: 'task_list',
        action: 'cli',
        summary: 'Check and restart',
        state: 'failed',
      });
      const goodReboot = rows.find((row) => row.device_id === good.id && row.step === 2);
      expect(goodReboot).toMatchObject({ state: 'succeeded', message_code: 'back_online' });

      // Retry failed: a new group for the bad device only, from the step that failed.
      const retried = await admin.post(`/api/devices/tasks/groups/${group.id}/retry`);
      expect(retried.status, JSON.stringify(retried.body)).toBe(201);
      const again = retried.body.data as TaskGroup;
      expect(again).toMatchObject({ action: 'task_list', summary: 'Check and restart', total: 1 });
      const steps = (await tasksOf(again.id)).map((row) => [row.device_id, row.step, row.action]);
      expect(steps.sort()).toEqual([
        [bad.id, 1, 'cli'],
        [bad.id, 2, 'reboot'],
      ]);
      await until(
        async () => (await admin.get(`/api/devices/tasks/groups/${again.id}`)).body.data as TaskGroup,
        (g) => g.state === 'finished',
        'the retry to finish',
      );
      // Sent the CLI command again (it fails again), never the refresh that had succeeded.
      expect(received.get(bad.id)).toEqual(['refresh', 'cli', 'cli']);
    } finally {
      await one.client.endAsync();
      await two.client.endAsync();
    }
  });

  it('a list a caller cannot see is refused when run, and cancelling a step cancels the later ones', async () => {
    const list = (
      await admin.post('/api/devices/task-lists', {
        name: 'Two steps',
        steps: [{ action: 'refresh' }, { action: 'reboot' }],
      })
    ).body.data as TaskList;
    const northwind = await fx.login('admin@northwind.example');
    const theirUnit = await createTestDevice(fx, 'Northwind Logistics');
    const refused = await northwind.post('/api/devices/tasks/groups', {
      action: 'task_list',
      task_list_id: list.id,
      device_ids: [theirUnit.id],
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0]).toMatchObject({ source: 'task_list_id' });

    const unit = await createTestDevice(fx, 'Acme West');
    const group = (
      await admin.post('/api/devices/tasks/groups', {
        action: 'task_list',
        task_list_id: list.id,
        device_ids: [unit.id],
      })
    ).body.data as TaskGroup;
    const [first] = (await tasksOf(group.id)).sort((a, b) => a.step - b.step);
    const cancelled = await admin.post('/api/devices/updates/cancel', { task_ids: [first?.id] });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.data).toEqual({ cancelled: 2 });
    const rows = (await tasksOf(group.id)).sort((a, b) => a.step - b.step);
    expect(rows.map((row) => [row.state, row.message_code])).toEqual([
      ['cancelled', 'cancelled_by'],
      ['cancelled', 'step_not_run'],
    ]);
    const finished = (await admin.get(`/api/devices/tasks/groups/${group.id}`)).body.data as TaskGroup;
    expect(finished.state).toBe('finished');
  });

  it('a backup is a step like the others: the device is sent its own signed upload link, then the next step', async () => {
    const list = (
      await admin.post('/api/devices/task-lists', {
        name: 'Back up, then refresh',
        steps: [{ action: 'backup.upload' }, { action: 'refresh' }],
      })
    ).body.data as TaskList;
    expect(list.steps).toEqual([{ action: 'backup.upload' }, { action: 'refresh' }]);
    const unit = await createTestDevice(fx, 'Acme East');
    const sent: Command[] = [];
    const connection = await connectDevice(fx, unit, (command) => {
      sent.push(command);
      return { results: [{ state: 'done', output: 'ok' }] };
    });
    try {
      const group = (
        await admin.post('/api/devices/tasks/groups', {
          action: 'task_list',
          task_list_id: list.id,
          device_ids: [unit.id],
        })
      ).body.data as TaskGroup;
      await until(
        async () => (await admin.get(`/api/devices/tasks/groups/${group.id}`)).body.data as TaskGroup,
        (g) => g.state === 'finished',
        'the list to finish',
      );
      expect(sent.map((command) => command.action)).toEqual(['backup.upload', 'refresh']);
      const [backup] = sent;
      expect(backup?.action === 'backup.upload' && backup.url).toContain(`/api/device-files/${backup?.id}?`);
    } finally {
      await connection.client.endAsync();
    }
  });
});
