// @vitest-environment jsdom
import type { ActionStatusEvent } from '@fleetport/contracts/action-status';
import { companyChannel, TASK_CHANGED_EVENT } from '@fleetport/contracts/realtime-names';
import type { DeviceTask, TaskChange } from '@fleetport/contracts/tasks';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../shared/lib/i18n.ts';
import { itemOfTask, type StartedTask, TASK_STATUS_POLL_MS, taskStatusSource } from './task-status.ts';

beforeAll(() => {
  initI18n(['en']);
});
afterEach(() => {
  vi.useRealTimers();
});

const STARTED: StartedTask = {
  groupId: 7,
  taskId: '5f0c3a1e-8a57-4a8e-9d0e-3f5a3a0b6c11',
  device: { id: 42, name: 'Depot 7' },
  companyId: 3,
  connected: false,
};

const deviceTask = (values: Partial<DeviceTask>): DeviceTask => ({
  id: STARTED.taskId,
  group_id: STARTED.groupId,
  state: 'queued',
  progress: null,
  message: null,
  updated_at: '2026-11-26T05:00:00.000Z',
  action: 'reboot',
  summary: null,
  created_at: '2026-11-26T05:00:00.000Z',
  ...values,
});

const change = (task: Partial<NonNullable<TaskChange['task']>>): TaskChange => ({
  group_id: STARTED.groupId,
  task: {
    id: STARTED.taskId,
    device_id: 42,
    state: 'sent',
    progress: null,
    message: null,
    attempts: 1,
    updated_at: '2026-11-26T05:00:01.000Z',
    ...task,
  },
  counts: { queued: 0, sent: 1, in_progress: 0, succeeded: 0, failed: 0, cancelled: 0, expired: 0 },
  group_state: 'running',
  current_wave: 0,
  paused_reason: null,
});

describe("a device page's action in 'Action status' (issue 21: device actions on the task engine)", () => {
  it("says a task's state in the modal's words: an offline device's waits, a reboot restarts, an end keeps the device's words", () => {
    expect(itemOfTask(STARTED, { state: 'queued', progress: null, message: null })).toMatchObject({
      id: 42,
      name: 'Depot 7',
      state: 'pending',
      message: 'Waiting for the device to connect: it runs when it does.',
    });
    expect(
      itemOfTask({ ...STARTED, connected: true }, { state: 'queued', progress: null, message: null }),
    ).toMatchObject({ state: 'pending', message: 'Queued: it is sent in a moment.' });
    expect(itemOfTask(STARTED, { state: 'in_progress', progress: 0, message: 'Restarting…' })).toMatchObject({
      state: 'running',
      message: 'Restarting…',
    });
    expect(itemOfTask(STARTED, { state: 'in_progress', progress: 40, message: null }).message).toBe(
      '40 % done',
    );
    expect(
      itemOfTask(STARTED, { state: 'failed', progress: null, message: 'sh: x: not found' }),
    ).toMatchObject({
      state: 'failed',
      message: 'sh: x: not found',
    });
    expect(itemOfTask(STARTED, { state: 'expired', progress: null, message: null })).toMatchObject({
      state: 'failed',
      message: 'The device did not connect before the deadline.',
    });
  });

  it("follows its own task on the company's tasks channel, asks the API until it ends, then stops asking", async () => {
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
    const list = vi.fn(async () => [deviceTask({ id: 'another' }), deviceTask({})]);
    const events: ActionStatusEvent[] = [];
    const stop = taskStatusSource(STARTED, list, hear).listen('task-x', 'ignored', (payload) =>
      events.push(payload as ActionStatusEvent),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(events.at(-1)?.items).toEqual([expect.objectContaining({ id: 42, state: 'pending' })]);
    expect(events.at(-1)?.channel).toBe('task-x');

    // Another task's change is not this one's.
    heard?.(change({ id: 'another', state: 'failed' }));
    expect(events).toHaveLength(1);
    heard?.(change({ state: 'sent' }));
    expect(events.at(-1)?.items[0]?.state).toBe('running');
    await vi.advanceTimersByTimeAsync(TASK_STATUS_POLL_MS);
    expect(list).toHaveBeenCalledTimes(2);

    heard?.(change({ state: 'succeeded', message: 'Back online after 6 s.' }));
    expect(events.at(-1)?.items[0]).toMatchObject({ state: 'succeeded', message: 'Back online after 6 s.' });
    const count = events.length;
    // Ended: a late answer (the poll's, read before the end) changes nothing, and asking stops.
    list.mockResolvedValue([deviceTask({ state: 'in_progress' })]);
    await vi.advanceTimersByTimeAsync(TASK_STATUS_POLL_MS * 3);
    expect(events).toHaveLength(count);
    expect(list.mock.calls.length).toBeLessThanOrEqual(3);
    stop();
    expect(stopHearing).toHaveBeenCalled();
  });
});
