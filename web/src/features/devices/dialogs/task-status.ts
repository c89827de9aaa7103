import type { ActionStatusItem } from '@fleetport/contracts/action-status';
import { companyChannel, TASK_CHANGED_EVENT } from '@fleetport/contracts/realtime-names';
import type { TaskChange, TaskState } from '@fleetport/contracts/tasks';
import i18next from 'i18next';
import type { ActionStatusSource } from '../../../shared/modals/action-status.ts';
import { realtime } from '../../../shared/realtime/socket.ts';
import { type TaskWords, taskMessage } from '../../../shared/tasks/task-messages.ts';
import { listGroupTaskStates } from '../api/list-group-task-states.ts';

/** One device's task of an action started from the console (a reboot, a new password). */
export interface FollowedTask {
  taskId: string;
  device: { id: number; name: string };
  /** Whether the device was connected when asked (an offline one waits for it). */
  connected: boolean;
}

/** An action as the task engine runs it: its group and the tasks followed. */
export interface StartedTasks {
  groupId: number;
  /** The company whose `tasks` channel carries the changes (the user's: it hears its subtree). */
  companyId: number;
  tasks: readonly FollowedTask[];
}

/** How often the tasks are asked again while some run, in case a change came before the channel was heard (ms). */
export const TASK_STATUS_POLL_MS = 5_000;

const FINAL: ReadonlySet<TaskState> = new Set(['succeeded', 'failed', 'cancelled', 'expired']);

type TaskNow = TaskWords & { state: TaskState; progress: number | null };

/** A task's state and words as an 'Action status' item. */
export function itemOfTask(followed: FollowedTask, now: TaskNow): ActionStatusItem {
  const { id, name } = followed.device;
  const t = i18next.t.bind(i18next);
  // The engine's words in the user's language; the device's as it wrote them.
  const task = { ...now, message: taskMessage(t, now) };
  switch (task.state) {
    case 'queued':
      return {
        id,
        name,
        state: 'pending',
        message: followed.connected ? t('devices.page.task.queued') : t('devices.page.task.waits'),
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
    // Every state has its words: the modal keeps an item's last message until another replaces it.
    case 'succeeded':
      return { id, name, state: 'succeeded', message: task.message || t('devices.page.task.done') };
    case 'cancelled':
    case 'expired':
      return { id, name, state: 'failed', message: task.message ?? t(`devices.page.task.${task.state}`) };
    default:
      return { id, name, state: 'failed', message: task.message || t('devices.page.task.failed') };
  }
}

/**
 * Where the 'Action status' modal hears an action started from the console: the `TaskChanged`
 * events of its tasks on the company's `tasks` channel, and the tasks as the API has them now
 * (asked at once and every TASK_STATUS_POLL_MS until all have ended, so a change made before the
 * channel was heard is not missed). The modal's channel is only its name here: `task-<id>`.
 */
export function taskStatusSource(
  started: StartedTasks,
  list: typeof listGroupTaskStates = listGroupTaskStates,
  hear: Pick<typeof realtime, 'listen'> = realtime,
): ActionStatusSource {
  const followed = new Map(started.tasks.map((task) => [task.taskId, task]));
  return {
    listen: (channel, _event, handler) => {
      const ended = new Set<string>();
      const report = (changes: readonly ({ id: string } & TaskNow)[]) => {
        const items = changes.flatMap((task) => {
          const one = followed.get(task.id);
          if (!one || ended.has(task.id)) return [];
          if (FINAL.has(task.state)) ended.add(task.id);
          return [itemOfTask(one, task)];
        });
        if (items.length > 0) handler({ channel, items });
      };
      const stop = hear.listen(
        companyChannel(started.companyId, 'tasks'),
        TASK_CHANGED_EVENT,
        (change: TaskChange) => {
          if (change.group_id === started.groupId && change.task) report([change.task]);
        },
      );
      const ask = async () => {
        try {
          report(await list(started.groupId));
        } catch {
          // The live events still come; the next ask may answer.
        }
      };
      void ask();
      const timer = setInterval(() => {
        if (ended.size >= followed.size) clearInterval(timer);
        else void ask();
      }, TASK_STATUS_POLL_MS);
      return () => {
        stop();
        clearInterval(timer);
      };
    },
  };
}

/** The modal's channel name for an action (it opens once per action). */
export const taskChannel = (groupId: number) => `task-group-${groupId}`;
