import type { Command } from '@fleetport/contracts/device-protocol';
import { companyChannel, TASK_CHANGED_EVENT } from '@fleetport/contracts/realtime-names';
import {
  TASK_MAX_ATTEMPTS,
  type Task,
  type TaskChange,
  type TaskGroup,
  type TaskLog,
} from '@fleetport/contracts/tasks';
import { eq } from 'drizzle-orm';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tasks as taskRows } from '../../db/schema.ts';
import { connectDevice, createTestDevice, type TestDevice } from '../../testing/device-client.ts';
import { type ApiFixture, startTestApi, type TestClient } from '../../testing/fixtures.ts';
import { until } from '../../testing/until.ts';
import { REALTIME_PATH } from '../realtime/realtime.ts';
import { ANSWER_TIMEOUT_S, RETRY_BACKOFF_S } from './engine.ts';

/**
 * The task engine (issue 21, docs/adr/0003-task-engine.md), through the API and a device on the
 * embedded broker: a task waits for its offline device and is sent at its hello; a device that
 * drops before answering gets the same task (same id) again and applies it once; a group ends at
 * its deadline; a restart of the API loses nothing.
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

/** A device that remembers the commands it applied, as the protocol asks (docs/device-protocol.md). */
function rememberingDevice(
  apply: (command: Command) => Record<string, unknown>[],
  options: { silentFirst?: boolean } = {},
) {
  const received: string[] = [];
  const applied = new Map<string, Record<string, unknown>[]>();
  let silenced = false;
  return {
    received,
    applied,
    answer: (command: Command) => {
      received.push(command.id);
      const known = applied.get(command.id);
      if (known) return { results: known.slice(-1) };
      const results = apply(command);
      applied.set(command.id, results);
      if (options.silentFirst && !silenced) {
        silenced = true;
        return { results: [] };
      }
      return { results };
    },
  };
}

const groupOf = async (id: number) =>
  (await admin.get(`/api/devices/tasks/groups/${id}`)).body.data as TaskGroup;
const tasksOf = async (id: number) =>
  (await admin.get(`/api/devices/tasks/groups/${id}/tasks`)).body.data as Task[];

async function startCli(devices: readonly TestDevice[], command = 'uptime') {
  const answer = await admin.post('/api/devices/tasks/groups', {
    action: 'cli',
    command,
    device_ids: devices.map((device) => device.id),
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data as TaskGroup;
}

describe('the task engine', () => {
  it('a task waits for its offline device, is sent when it says hello, and the group finishes', async () => {
    const unit = await createTestDevice(fx, 'Acme East');
    const group = await startCli([unit]);
    expect(group).toMatchObject({ action: 'cli', summary: 'uptime', state: 'running', total: 1 });
    expect(group.counts.queued).toBe(1);
    // Offline: it waits.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await tasksOf(group.id))[0]?.state).toBe('queued');

    const device = rememberingDevice(() => [{ state: 'done', output: 'up 5 days' }]);
    const connection = await connectDevice(fx, unit, device.answer);
    const finished = await until(
      () => groupOf(group.id),
      (g) => g.state === 'finished',
      'the group to finish',
    );
    expect(finished.counts).toMatchObject({ succeeded: 1, queued: 0 });
    const [task] = await tasksOf(group.id);
    expect(task).toMatchObject({
      state: 'succeeded',
      message: 'up 5 days',
      attempts: 1,
      device_name: unit.name,
    });
    const logs = (await admin.get(`/api/devices/tasks/${task?.id}/logs`)).body.data as TaskLog[];
    expect(logs.map((line) => line.state)).toEqual(['queued', 'sent', 'succeeded']);
    // The command carried the task's id: that is what the device acknowledges.
    expect(device.received).toEqual([task?.id]);
    // Actions list on the device: its task, with the group's words.
    const listed = await admin.get(`/api/devices/${unit.id}/tasks`);
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([
      expect.objectContaining({
        id: task?.id,
        group_id: group.id,
        action: 'cli',
        summary: 'uptime',
        state: 'succeeded',
      }),
    ]);
    const guest = await fx.login('guest@acme.example');
    expect((await guest.get(`/api/devices/${unit.id}/tasks`)).status).toBe(403);
    await connection.client.endAsync();
  });

  it('a device that drops before answering is sent the same task again and applies it once', async () => {
    const unit = await createTestDevice(fx, 'Acme East');
    const device = rememberingDevice(() => [{ state: 'done', output: 'ok' }], { silentFirst: true });
    const first = await connectDevice(fx, unit, device.answer);
    const group = await startCli([unit], 'reload');
    await until(
      async () => device.received.length,
      (n) => n === 1,
      'the first send',
    );
    // The connection drops before any answer; the device comes back.
    first.client.stream.destroy();
    await until(
      async () =>
        (await fx.api.deps.db.select().from(taskRows).where(eq(taskRows.groupId, group.id)))[0]?.state,
      (state) => state === 'sent',
      'the task to stay sent',
    );
    const again = await connectDevice(fx, unit, device.answer);
    const finished = await until(
      () => groupOf(group.id),
      (g) => g.state === 'finished',
      'the group to finish',
    );
    expect(finished.counts.succeeded).toBe(1);
    const [task] = await tasksOf(group.id);
    expect(task).toMatchObject({ state: 'succeeded', attempts: 2 });
    // Received twice with one id, applied once.
    expect(device.received).toEqual([task?.id, task?.id]);
    expect(device.applied.size).toBe(1);
    await again.client.endAsync();
  });

  it('a silent device: the sweep sends the task again after a backoff, then gives up, saying why in codes', async () => {
    const unit = await createTestDevice(fx, 'Acme East');
    const received: string[] = [];
    // A device that takes the command and never answers.
    const connection = await connectDevice(fx, unit, (command) => {
      received.push(command.id);
      return { results: [] };
    });
    const group = await startCli([unit], 'hang');
    const { db } = fx.api.deps;
    const engine = fx.api.deps.tasks;
    const sent = await until(
      async () => (await db.select().from(taskRows).where(eq(taskRows.groupId, group.id)))[0],
      (task) => task?.state === 'sent',
      'the task to be sent',
    );
    // Not silent long enough yet: the sweep leaves it.
    expect(await engine.sweep()).toBe(0);
    // Unanswered for longer than ANSWER_TIMEOUT_S.
    const quiet = new Date(Date.now() - (ANSWER_TIMEOUT_S + 1) * 1000);
    await db
      .update(taskRows)
      .set({ updatedAt: quiet })
      .where(eq(taskRows.id, sent?.id ?? ''));
    expect(await engine.sweep()).toBeGreaterThanOrEqual(1);
    const [waiting] = await tasksOf(group.id);
    expect(waiting).toMatchObject({
      state: 'queued',
      message_code: 'no_answer_retry',
      message_args: { seconds: RETRY_BACKOFF_S },
      message: `The device did not answer. Trying again in ${RETRY_BACKOFF_S} s.`,
    });
    // The last attempt spent and silent again: the task fails, and the group finishes.
    await db
      .update(taskRows)
      .set({ state: 'sent', attempts: TASK_MAX_ATTEMPTS, updatedAt: quiet })
      .where(eq(taskRows.id, sent?.id ?? ''));
    await engine.sweep();
    const [failed] = await tasksOf(group.id);
    expect(failed).toMatchObject({
      state: 'failed',
      message_code: 'no_answer_gave_up',
      message_args: { attempts: TASK_MAX_ATTEMPTS },
    });
    expect((await groupOf(group.id)).state).toBe('finished');
    // Each send was a timer-free publish: no job per send waits in the queue.
    const [jobs] = await fx.api.deps.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'task-timeout'`,
    );
    expect(Number(jobs?.n)).toBe(0);
    expect(received.length).toBeGreaterThanOrEqual(1);
    await connection.client.endAsync();
  });

  it('a group ends at its deadline: the timer is set, and what had not ended expires; a cancel after that changes nothing', async () => {
    const unit = await createTestDevice(fx, 'Acme East');
    const group = await startCli([unit], 'date');
    const [job] = await fx.api.deps.database.query<{ start_after: Date }>(
      `SELECT start_after FROM pgboss.job WHERE name = 'task-group-expire' AND data->>'groupId' = $1`,
      [String(group.id)],
    );
    expect(
      Math.abs(new Date(job?.start_after ?? 0).getTime() - new Date(group.expires_at).getTime()),
    ).toBeLessThan(1000);
    // What the timer's job does when its time comes.
    await fx.api.deps.tasks.expireGroup(group.id);
    const ended = await groupOf(group.id);
    expect(ended).toMatchObject({ state: 'finished', counts: { expired: 1, queued: 0 } });
    expect((await tasksOf(group.id))[0]?.message).toMatch(/deadline passed/);
    const cancel = await admin.post('/api/devices/updates/cancel', { group_id: group.id });
    expect(cancel.status).toBe(409);
    expect(JSON.stringify(cancel.body)).toMatch(/Nothing was cancelled/);
  });

  it('lists groups by company, starter and day (the Task manager filters)', async () => {
    const unit = await createTestDevice(fx, 'Acme West');
    const group = await startCli([unit], 'filters');
    const ids = async (query: string) =>
      (
        (await admin.get(`/api/devices/tasks/groups?limit=100&fields=id&${query}`)).body.data as {
          id: number;
        }[]
      ).map((row) => row.id);
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect(await ids('company=acme%20west')).toContain(group.id);
    expect(await ids('company=Northwind')).not.toContain(group.id);
    expect(await ids('created_by_email=admin%40acme')).toContain(group.id);
    expect(await ids(`created_from=${today}&created_to=${today}`)).toContain(group.id);
    expect(await ids(`created_to=${yesterday}`)).not.toContain(group.id);
    const bad = await admin.get('/api/devices/tasks/groups?created_from=yesterday');
    expect(bad.status).toBe(422);
  });

  it('Retry failed: a new group for the devices whose task failed or expired; nothing to retry is refused', async () => {
    const units = [await createTestDevice(fx, 'Acme East'), await createTestDevice(fx, 'Acme East')];
    const group = await startCli(units, 'reload');
    // Nothing has failed yet.
    const early = await admin.post(`/api/devices/tasks/groups/${group.id}/retry`, {});
    expect(early.status).toBe(409);
    expect(JSON.stringify(early.body)).toContain('nothing to retry');
    await fx.api.deps.tasks.expireGroup(group.id);
    const retried = await admin.post(`/api/devices/tasks/groups/${group.id}/retry`, {});
    expect(retried.status, JSON.stringify(retried.body)).toBe(201);
    const again = retried.body.data as TaskGroup;
    expect(again).toMatchObject({ action: 'cli', summary: 'reload', state: 'running', total: 2 });
    expect(again.counts.queued).toBe(2);
    expect(again.id).not.toBe(group.id);
    // The old group keeps its final states.
    expect((await groupOf(group.id)).counts.expired).toBe(2);
    const log = await admin.get('/api/audit-log?event=task.retry');
    expect(JSON.stringify(log.body.data)).toContain(`"retried_from":${group.id}`);
  });

  it('Task ordering: a group moved first is sent first to a device that has several waiting', async () => {
    const unit = await createTestDevice(fx, 'Acme East');
    const older = await startCli([unit], 'date');
    const newer = await startCli([unit], 'uname');
    const moved = await admin.put(`/api/devices/tasks/groups/${newer.id}/order`, { to: 'first' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect((moved.body.data as TaskGroup).position).toBeLessThan(older.position);
    const commands: string[] = [];
    const device = rememberingDevice((command) => {
      if (command.action === 'cli') commands.push(command.command);
      return [{ state: 'done', output: 'ok' }];
    });
    const connection = await connectDevice(fx, unit, device.answer);
    await until(
      () => groupOf(older.id),
      (g) => g.state === 'finished',
      'both groups to finish',
    );
    expect(commands).toEqual(['uname', 'date']);
    // A group that has ended is not moved.
    const ended = await admin.put(`/api/devices/tasks/groups/${older.id}/order`, { to: 'first' });
    expect(ended.status).toBe(409);
    await connection.client.endAsync();
  });

  it('cancelling a group cancels what waits, and says how many; the history reads it as a sentence', async () => {
    const units = [await createTestDevice(fx, 'Acme East'), await createTestDevice(fx, 'Acme East')];
    const group = await startCli(units, 'ifconfig');
    const cancel = await admin.post('/api/devices/updates/cancel', { group_id: group.id });
    expect(cancel.status).toBe(200);
    expect(cancel.body.data).toEqual({ cancelled: 2 });
    expect(await groupOf(group.id)).toMatchObject({ state: 'cancelled', counts: { cancelled: 2 } });
    const log = await admin.get('/api/audit-log?event=task.cancel');
    expect(log.status).toBe(200);
    expect(JSON.stringify(log.body.data)).toContain('"cancelled":2');
  });

  it('refuses a device the caller cannot see, and a group of no device, and stores nothing', async () => {
    const before = await fx.api.deps.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM task_groups',
    );
    const foreign = await createTestDevice(fx, 'Northwind Logistics');
    const refused = await admin.post('/api/devices/tasks/groups', {
      action: 'reboot',
      device_ids: [foreign.id],
    });
    expect(refused.status).toBe(403);
    const empty = await admin.post('/api/devices/tasks/groups', { action: 'reboot', device_ids: [] });
    expect(empty.status).toBe(422);
    expect(JSON.stringify(empty.body)).toContain('Choose at least one device.');
    const after = await fx.api.deps.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM task_groups',
    );
    expect(after[0]?.n).toBe(before[0]?.n);
    const guest = await fx.login('guest@acme.example');
    expect((await guest.get('/api/devices/tasks/groups')).status).toBe(403);
  });
});

describe('live changes (TaskChanged on the tasks channel)', () => {
  it("reach the company's console with each task's state and the group's counts, the last one final", async () => {
    const [acme] = await fx.api.deps.database.query<{ id: number }>(
      `SELECT id FROM companies WHERE name = 'Acme Networks'`,
    );
    const socket = io(fx.url, {
      path: REALTIME_PATH,
      transports: ['websocket'],
      reconnection: false,
      extraHeaders: { Cookie: admin.cookieHeader('/status/socket.io') },
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const events: TaskChange[] = [];
      socket.on(TASK_CHANGED_EVENT, (payload: { data?: TaskChange } | TaskChange) =>
        events.push('data' in payload && payload.data ? payload.data : (payload as TaskChange)),
      );
      const joined = (await socket.emitWithAck('subscribe', {
        channel: companyChannel(acme?.id ?? 0, 'tasks'),
      })) as { success: boolean };
      expect(joined.success).toBe(true);
      const units = [await createTestDevice(fx, 'Acme East'), await createTestDevice(fx, 'Acme East')];
      const connections = [];
      for (const unit of units) {
        connections.push(
          await connectDevice(fx, unit, () => ({ results: [{ state: 'done', output: 'ok' }] })),
        );
      }
      const group = await startCli(units, 'live');
      const last = await until(
        async () => events.filter((event) => event.group_id === group.id).at(-1),
        (event) => event?.group_state === 'finished',
        'the final change',
      );
      expect(last?.counts).toMatchObject({ succeeded: 2, queued: 0, sent: 0 });
      const ended = new Set(
        events
          .filter((event) => event.group_id === group.id && event.task?.state === 'succeeded')
          .map((event) => event.task?.device_id),
      );
      expect(ended).toEqual(new Set(units.map((unit) => unit.id)));
      for (const connection of connections) await connection.client.endAsync();
    } finally {
      socket.close();
    }
  });
});

describe('a restart of the API', () => {
  it('keeps a waiting task: the device gets it from the new process when it connects', async () => {
    const unit = await createTestDevice(fx, 'Acme West');
    const group = await startCli([unit], 'uname -a');
    await fx.restart();
    admin = await fx.login('admin@acme.example');
    const device = rememberingDevice(() => [{ state: 'done', output: 'Linux' }]);
    const connection = await connectDevice(fx, unit, device.answer);
    const finished = await until(
      () => groupOf(group.id),
      (g) => g.state === 'finished',
      'the group to finish',
    );
    expect(finished.counts.succeeded).toBe(1);
    expect(device.received).toHaveLength(1);
    await connection.client.endAsync();
  });
});
