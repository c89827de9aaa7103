// @vitest-environment jsdom
import type { Task, TaskChange, TaskGroup } from '@fleetport/contracts/tasks';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { taskGroupKey } from './get-task-group.ts';
import { taskLogsKey } from './get-task-logs.ts';
import { groupTasksKey } from './list-group-tasks.ts';
import { TASK_GROUP_LIST_KEY } from './list-task-groups.ts';
import { applyTaskChange } from './live-tasks.ts';

const NONE = { queued: 0, sent: 0, in_progress: 0, succeeded: 0, failed: 0, cancelled: 0, expired: 0 };

const group = (id: number, values: Partial<TaskGroup> = {}): TaskGroup => ({
  id,
  action: 'cli',
  summary: 'uptime',
  state: 'running',
  company_id: 1,
  company_name: 'Acme',
  created_by: 1,
  created_by_email: 'ada@example.com',
  created_at: '2026-03-01T10:00:00.000Z',
  expires_at: '2026-03-08T10:00:00.000Z',
  position: 1,
  total: 2,
  counts: { ...NONE, queued: 2 },
  finished_at: null,
  file_id: null,
  starts_at: null,
  window_start: null,
  window_end: null,
  time_zone: null,
  canary_percent: null,
  wave_count: 1,
  failure_threshold: null,
  current_wave: 0,
  paused_reason: null,
  paused_args: null,
  steps: null,
  ...values,
});

const task = (id: string, values: Partial<Task> = {}): Task => ({
  id,
  group_id: 7,
  device_id: 11,
  device_name: 'Depot router',
  serial: '1100000001',
  state: 'queued',
  progress: null,
  message: null,
  message_code: null,
  message_args: null,
  action: 'cli',
  step: 0,
  attempts: 0,
  wave: 0,
  updated_at: '2026-03-01T10:00:00.000Z',
  finished_at: null,
  ...values,
});

const TASK_ID = '0b9a3c1e-6a47-4b8e-9d3f-2f1e0c7d5a11';

const change = (values: Partial<TaskChange> = {}): TaskChange => ({
  group_id: 7,
  task: {
    id: TASK_ID,
    device_id: 11,
    state: 'succeeded',
    progress: 100,
    message: ' 10:00:01 up 3:12',
    message_code: null,
    message_args: null,
    action: 'cli',
    step: 0,
    attempts: 1,
    updated_at: '2026-03-01T10:00:05.000Z',
  },
  counts: { ...NONE, queued: 1, succeeded: 1 },
  group_state: 'running',
  current_wave: 0,
  paused_reason: null,
  paused_args: null,
  ...values,
});

describe('TaskChanged in the cache (spec §2 Task manager: live)', () => {
  it("writes the group's counts and state into every list page and the group, and the task into the group's devices", () => {
    const client = new QueryClient();
    client.setQueryData([...TASK_GROUP_LIST_KEY, { limit: 25 }], { data: [group(8), group(7)] });
    client.setQueryData(taskGroupKey(7), group(7));
    client.setQueryData([...groupTasksKey(7), { limit: 25 }], {
      data: [task(TASK_ID), task('another', { device_id: 12 })],
    });

    const stale = applyTaskChange(client, change());

    const page = client.getQueryData<{ data: TaskGroup[] }>([...TASK_GROUP_LIST_KEY, { limit: 25 }]);
    expect(page?.data.map((row) => [row.id, row.counts.succeeded, row.state])).toEqual([
      [8, 0, 'running'],
      [7, 1, 'running'],
    ]);
    expect(client.getQueryData<TaskGroup>(taskGroupKey(7))?.counts.queued).toBe(1);
    const tasks = client.getQueryData<{ data: Task[] }>([...groupTasksKey(7), { limit: 25 }]);
    expect(tasks?.data.map((row) => [row.state, row.progress, row.message, row.attempts])).toEqual([
      ['succeeded', 100, ' 10:00:01 up 3:12', 1],
      ['queued', null, null, 0],
    ]);
    // Shown already: only the lists filtered by state and the task's log are asked again.
    expect(stale.map((filter) => [filter.queryKey, Boolean(filter.predicate)])).toEqual([
      [TASK_GROUP_LIST_KEY, true],
      [groupTasksKey(7), true],
      [taskLogsKey(TASK_ID), false],
    ]);
  });

  it("asks a campaign's group again for its waves' counts, and writes a change of the group alone (a pause by its gate)", () => {
    const client = new QueryClient();
    const waves = [0, 1].map((wave) => ({ wave, total: 1, counts: { ...NONE, queued: 1 } }));
    client.setQueryData(taskGroupKey(7), group(7, { action: 'firmware.update', waves }));
    const stale = applyTaskChange(client, change());
    expect(stale).toContainEqual({ queryKey: taskGroupKey(7), exact: true });

    const paused = applyTaskChange(
      client,
      change({ task: null, group_state: 'paused', paused_reason: 'The canary: 1 of 1 devices failed.' }),
    );
    expect(client.getQueryData<TaskGroup>(taskGroupKey(7))).toMatchObject({
      state: 'paused',
      paused_reason: 'The canary: 1 of 1 devices failed.',
    });
    expect(paused).toContainEqual({ queryKey: taskGroupKey(7), exact: true });
  });

  it('asks the lists again for a group none of them shows', () => {
    const client = new QueryClient();
    client.setQueryData([...TASK_GROUP_LIST_KEY, { limit: 25 }], { data: [group(8)] });
    const stale = applyTaskChange(client, change());
    expect(stale).toContainEqual({ queryKey: TASK_GROUP_LIST_KEY });
  });

  it('asks everything about a group again once it ends (its end time; no answer read before the end may stay)', () => {
    const client = new QueryClient();
    client.setQueryData(taskGroupKey(7), group(7));
    const stale = applyTaskChange(client, change({ group_state: 'finished' }));
    expect(client.getQueryData<TaskGroup>(taskGroupKey(7))?.state).toBe('finished');
    expect(stale).toEqual([
      { queryKey: TASK_GROUP_LIST_KEY },
      { queryKey: taskGroupKey(7), exact: true },
      { queryKey: groupTasksKey(7) },
      { queryKey: taskLogsKey(TASK_ID) },
    ]);
  });
});
