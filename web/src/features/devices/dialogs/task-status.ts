import type { ActionStatusItem } from '@fleetport/contracts/action-status';
import { companyChannel, TASK_CHANGED_EVENT } from '@fleetport/contracts/realtime-names';
import type { DeviceTask, TaskChange, TaskState } from '@fleetport/contracts/tasks';
import i18next from 'i18next';
import type { ActionStatusSource } from '../../../shared/modals/action-status.ts';
import { realtime } from '../../../shared/realtime/socket.ts';
import { listDeviceTasks } from '../api/list-device-tasks.ts';

/** A device page's action as the task engine runs it: its one-device group and its task. */
export interface StartedTask {
  groupId: number;
  taskId: string;
  device: { id: number; name: string };
  /** The company whose `tasks` channel carries the change (the user's: it hears its subtree). */
  companyId: number;
  /** Whether the device was connected when asked (an offline one waits for it). */
  connected: boolean;
}

/** How often the task is asked again while it runs, in case a change came before the channel was heard (ms). */
export const TASK_STATUS_POLL_MS = 5_000;

const FINAL: ReadonlySet<TaskState> = new Set(['succeeded', 'failed', 'cancelled', 'expired']);

/** A task's state and words as an 'Action status' item. */
export function itemOfTask(
  started: StartedTask,
  task: { state: TaskState; progress: number | null; message: string | null },
): ActionStatusItem {
  const { id, name } = started.device;
  const t = i18next.t.bind(i18next);
  switch (task.state) {
    case 'queued':
      return {
        id,
        name,
        state: 'pending',
        message: started.connected ? t('devices.page.task.queued') : t('devices.page.task.waits'),
      };
    case 'sent':
      return { id, name, state: 'running', message: t('devices.page.task.sent') };
    case 'in_progress':
      return {
        id,
        name,
        state: 'running',
        message:
          task.progress !== null && task.progress > 0
            ? t('devices.page.task.progress', { percent: task.progress })
            : (task.message ?? t('devices.page.task.sent')),
      };
    case 'succeeded':
      return { id, name, state: 'succeeded', ...(task.message ? { message: task.message } : {}) };
    case 'cancelled':
    case 'expired':
      return { id, name, state: 'failed', message: task.message ?? t(`devices.page.task.${task.state}`) };
    default:
      return { id, name, state: 'failed', ...(task.message ? { message: task.message } : {}) };
  }
}

/**
 * Where the 'Action status' modal hears a device page's action: the `TaskChanged` events of its
 * group on the company's `tasks` channel, and the task as the API has it now (asked at once and
 * every TASK_STATUS_POLL_MS until it ends, so a change made before the channel was heard is not
 * missed). The modal's channel is only its name here: `task-<id>`.
 */
export function taskStatusSource(
  started: StartedTask,
  list: typeof listDeviceTasks = listDeviceTasks,
  hear: Pick<typeof realtime, 'listen'> = realtime,
): ActionStatusSource {
  return {
    listen: (channel, _event, handler) => {
      let ended = false;
      const report = (task: { state: TaskState; progress: number | null; message: string | null }) => {
        if (ended) return;
        ended = FINAL.has(task.state);
        handler({ channel, items: [itemOfTask(started, task)] });
      };
      const stop = hear.listen(
        companyChannel(started.companyId, 'tasks'),
        TASK_CHANGED_EVENT,
        (change: TaskChange) => {
          if (change.task?.id === started.taskId) report(change.task);
        },
      );
      const ask = async () => {
        try {
          const task = (await list(started.device.id)).find((one: DeviceTask) => one.id === started.taskId);
          if (task) report(task);
        } catch {
          // The live events still come; the next ask may answer.
        }
      };
      void ask();
      const timer = setInterval(() => {
        if (ended) clearInterval(timer);
        else void ask();
      }, TASK_STATUS_POLL_MS);
      return () => {
        stop();
        clearInterval(timer);
      };
    },
  };
}

/** The modal's channel name for a task (it opens once per task). */
export const taskChannel = (taskId: string) => `task-${taskId}`;
