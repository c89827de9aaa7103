// @vitest-environment jsdom
import type { ActionStatusEvent } from '@fleetport/contracts/action-status';
import { companyChannel, TASK_CHANGED_EVENT } from '@fleetport/contracts/realtime-names';
import type { Task, TaskChange } from '@fleetport/contracts/tasks';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../shared/lib/i18n.ts';
import { type FollowedTask, itemOfTask, TASK_STATUS_POLL_MS, taskStatusSource } from './task-status.ts';

beforeAll(() => {
  initI18n(['en']);
});
afterEach(() => {
  vi.useRealTimers();
});

const DEPOT: FollowedTask = {
  taskId: '5f0c3a1e-8a57-4a8e-9d0e-3f5a3a0b6c11',
  device: { id: 42, name: 'Depot 7' },
  connected: false,
};
const TRAM: FollowedTask = {
  taskId: '7a1d2b3c-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  device: { id: 43, name: 'Tram 244' },
  connected: true,
};
const GROUP = 7;

const task = (followed: FollowedTask, values: Partial<Task>): Task => ({
  id: followed.taskId,
  group_id: GROUP,
  device_id: followed.device.id,
  device_name: followed.device.name,
  serial: '1100000042',
  state: 'queued',
  progress: null,
  message: null,
  message_code: null,
  message_args: null,
  action: 'cli',
  step: 0,
  attempts: 0,
  wave: 0,
  updated_at: '2026-11-26T05:00:00.000Z',
  finished_at: null,
  ...values,
});

const change = (followed: FollowedTask, values: Partial<NonNullable<TaskChange['task']>>): TaskChange => ({
  group_id: GROUP,
  task: {
    id: followed.taskId,
    device_id: followed.device.id,
    state: 'sent',
    progress: null,
    message: null,
    message_code: null,
    message_args: null,
    action: 'cli',
    step: 0,
    attempts: 1,
    updated_at: '2026-11-26T05:00:01.000Z',
    ...values,
  },
  counts: { queued: 0, sent: 1, in_progress: 0, succeeded: 0, failed: 0, cancelled: 0, expired: 0 },
  group_state: 'running',
  current_wave: 0,
  paused_reason: null,
  paused_args: null,
});

describe("an action's tasks in 'Action status' (issue 21: device actions on the task engine)", () => {
  it("says a task's state in the modal's words: an offline device's waits, a reboot restarts, an end keeps the device's words", () => {
    const none = { progress: null, message: null };
    expect(itemOfTask(DEPOT, { state: 'queued', ...none })).toMatchObject({
      id: 42,
      name: 'Depot 7',
      state: 'pending',
      message: 'Waiting for the device to connect: it runs when it does.',
    });
    expect(itemOfTask(TRAM, { state: 'queued', ...none }).message).toBe('Queued: it is sent in a moment.');
    expect(itemOfTask(DEPOT, { state: 'in_progress', progress: 0, message: 'Restarting…' })).toMatchObject({
      state: 'running',
      message: 'Restarting…',
    });
    expect(itemOfTask(DEPOT, { state: 'in_progress', progress: 40, message: null }).message).toBe(
      '40 % done',
    );
    expect(itemOfTask(DEPOT, { state: 'failed', progress: null, message: 'sh: x: not found' })).toMatchObject(
      {
        state: 'failed',
        message: 'sh: x: not found',
      },
    );
    // An end without the device's words still says it: the modal keeps the last message otherwise.
    expect(itemOfTask(TRAM, { state: 'succeeded', ...none }).message).toBe('Done.');
    expect(itemOfTask(TRAM, { state: 'failed', ...none }).message).toBe('The device reported a failure.');
    expect(itemOfTask(DEPOT, { state: 'expired', ...none })).toMatchObject({
      state: 'failed',
      message: 'The device did not connect before the deadline.',
    });
  });

  it("follows its group's tasks on the company's tasks channel, asks the API until all end, then stops asking", async () => {
    vi.useFakeTimers();
    let heard: ((change: TaskChange) => void) | undefined;
    const stopHearing = vi.fn();
    const hear = {
      listen: vi.fn((channel: string, event: string, handler: (payload: never) => void) => {
        expect([channel, event]).toEqual([companyChannel(3, 'tasks'), TASK_CHANGED_EVENT]);
        heard = handler as unknown as (change: TaskChange) => void;
        return stopHearing;
      }),
    };
    const list = vi.fn(async (_group: number) => [task(DEPOT, {}), task(TRAM, { state: 'sent' })]);
    const events: ActionStatusEvent[] = [];
    const stop = taskStatusSource({ groupId: GROUP, companyId: 3, tasks: [DEPOT, TRAM] }, list, hear).listen(
      'task-group-7',
      'ignored',
      (payload) => events.push(payload as ActionStatusEvent),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(list).toHaveBeenCalledWith(GROUP);
    expect(events.at(-1)?.channel).toBe('task-group-7');
    expect(events.at(-1)?.items.map((item) => [item.id, item.state])).toEqual([
      [42, 'pending'],
      [43, 'running'],
    ]);

    // Another group's change is not this action's.
    heard?.({ ...change(TRAM, { state: 'failed' }), group_id: 8 });
    expect(events).toHaveLength(1);
    heard?.(change(TRAM, { state: 'succeeded' }));
    expect(events.at(-1)?.items).toEqual([expect.objectContaining({ id: 43, state: 'succeeded' })]);
    await vi.advanceTimersByTimeAsync(TASK_STATUS_POLL_MS);
    expect(list).toHaveBeenCalledTimes(2);

    heard?.(change(DEPOT, { state: 'succeeded', message: 'Back online after 6 s.' }));
    expect(events.at(-1)?.items[0]).toMatchObject({
      id: 42,
      state: 'succeeded',
      message: 'Back online after 6 s.',
    });
    const count = events.length;
    // All ended: a late answer (the poll's, read before the end) changes nothing, and asking stops.
    list.mockResolvedValue([task(DEPOT, { state: 'in_progress' })]);
    await vi.advanceTimersByTimeAsync(TASK_STATUS_POLL_MS * 3);
    expect(events).toHaveLength(count);
    expect(list.mock.calls.length).toBeLessThanOrEqual(3);
    stop();
    expect(stopHearing).toHaveBeenCalled();
  });
});
