import { randomUUID } from 'node:crypto';
import {
  type Command,
  type CommandResult,
  commandResultSchema,
  PROTOCOL_VERSION,
} from '@fleetport/contracts/device-protocol';
import { companyChannel, TASK_CHANGED_EVENT } from '@fleetport/contracts/realtime-names';
import {
  type NewTaskGroup,
  TASK_MAX_ATTEMPTS,
  type TaskAction,
  type TaskChange,
  type TaskState,
} from '@fleetport/contracts/tasks';
import { and, eq, inArray } from 'drizzle-orm';
import type { Job } from 'pg-boss';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import { devices, taskGroups, taskLogs, tasks } from '../../db/schema.ts';
import type { Realtime } from '../realtime/realtime.ts';
import { QUEUES, type TaskQueue } from './queue.ts';
import {
  claimNextTask,
  countsOf,
  logTask,
  moveTask,
  OPEN_STATES,
  openTasksOf,
  settleGroup,
  type TaskGroupRow,
  type TaskRow,
  taskWithGroup,
} from './task-queries.ts';

/** How long a sent task may go unanswered before it is sent again (or fails). */
export const ANSWER_TIMEOUT_S = 60;
/** How long a running task may go without news (progress, or the hello after a restart). */
export const RUNNING_TIMEOUT_S = 600;
/** The first retry's wait; each next one waits twice as long. */
export const RETRY_BACKOFF_S = 15;

/** Actions that end with the device's next hello (it restarts to finish them). */
const RESTARTING: ReadonlySet<TaskAction> = new Set(['reboot', 'firmware.update']);

/** Where a task's command goes: the device's command topic. */
export interface CommandSender {
  sendTaskCommand(serial: string, command: Command): Promise<void>;
}

export interface TaskEngineOptions {
  db: Db;
  queue: TaskQueue;
  log: Logger;
  realtime: Realtime | undefined;
  sender: CommandSender;
  now?: () => Date;
}

/**
 * The task engine (docs/adr/0003-task-engine.md). A task waits for its device, is sent when the
 * device is connected and has no other task open, and ends in one final state: succeeded, failed
 * (with the device's words), cancelled or expired. A device that drops mid-task is sent the same
 * task again (same id: the device answers a known id from its memory, never applying it twice),
 * at most TASK_MAX_ATTEMPTS times, with a growing backoff. Every change is published on the
 * company's `tasks` channel.
 */
export class TaskEngine {
  private readonly db: Db;
  private readonly queue: TaskQueue;
  private readonly log: Logger;
  private readonly realtime: Realtime | undefined;
  private readonly sender: CommandSender;
  private readonly now: () => Date;

  constructor(options: TaskEngineOptions) {
    this.db = options.db;
    this.queue = options.queue;
    this.log = options.log;
    this.realtime = options.realtime;
    this.sender = options.sender;
    this.now = options.now ?? (() => new Date());
  }

  /** Starts the workers (on every replica: each job runs on one of them). */
  async start(): Promise<void> {
    const each =
      <T extends object>(handle: (data: T) => Promise<void>) =>
      async (jobs: Job<T>[]) => {
        for (const job of jobs) await handle(job.data);
      };
    const options = { batchSize: 20, pollingIntervalSeconds: 2 };
    await this.queue.work<{ groupId: number }>(
      QUEUES.groupStart,
      options,
      each((data) => this.startGroup(data.groupId)),
    );
    await this.queue.work<{ taskId: string; attempt: number }>(
      QUEUES.taskTimeout,
      options,
      each((data) => this.timeout(data.taskId, data.attempt)),
    );
    await this.queue.work<{ groupId: number }>(
      QUEUES.groupExpire,
      options,
      each((data) => this.expireGroup(data.groupId)),
    );
    await this.queue.work<{ deviceId: number }>(
      QUEUES.deviceDispatch,
      options,
      each((data) => this.dispatch(data.deviceId)),
    );
  }

  async stop(): Promise<void> {
    await this.queue.stop({ graceful: true, timeout: 5000 });
  }

  /**
   * A new group: its tasks are stored queued, its deadline and its start are handed to the queue
   * (so a restart right after still sends them), and the answer comes at once.
   */
  async createGroup(input: {
    request: NewTaskGroup;
    devices: readonly { id: number; companyId: number }[];
    createdBy: number;
    companyId: number;
  }): Promise<TaskGroupRow> {
    const { request } = input;
    const now = this.now();
    const expiresAt = new Date(now.getTime() + request.deadline_hours * 3_600_000);
    const companies = new Set(input.devices.map((device) => device.companyId));
    const params = request.action === 'cli' ? { command: request.command } : {};
    const summary = request.action === 'cli' ? request.command : null;
    const group = await this.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(taskGroups)
        .values({
          action: request.action,
          summary,
          params,
          companyId: companies.size === 1 ? [...companies][0] : input.companyId,
          createdBy: input.createdBy,
          createdAt: now,
          expiresAt,
          position: now.getTime(),
          total: input.devices.length,
        })
        .returning();
      if (!created) throw new Error('task group not stored');
      for (let at = 0; at < input.devices.length; at += 2000) {
        const rows = input.devices.slice(at, at + 2000).map((device) => ({
          id: randomUUID(),
          groupId: created.id,
          deviceId: device.id,
          notBefore: now,
          updatedAt: now,
        }));
        const stored = await tx.insert(tasks).values(rows).returning();
        // Each task's first log line, in one statement (a group of 10,000 is 5 statements, not 10,000).
        await tx.insert(taskLogs).values(
          stored.map((row) => ({
            taskId: row.id,
            at: now,
            state: row.state,
            progress: null,
            message: null,
          })),
        );
      }
      return created;
    });
    await this.queue.send(QUEUES.groupExpire, { groupId: group.id }, { startAfter: expiresAt });
    await this.queue.send(QUEUES.groupStart, { groupId: group.id });
    return group;
  }

  /** Sends what waits for the connected devices of a group. */
  async startGroup(groupId: number): Promise<void> {
    const rows = await this.db
      .selectDistinct({ deviceId: tasks.deviceId })
      .from(tasks)
      .innerJoin(devices, eq(devices.id, tasks.deviceId))
      .where(and(eq(tasks.groupId, groupId), eq(tasks.state, 'queued'), eq(devices.connected, true)));
    for (const row of rows) await this.dispatch(row.deviceId);
  }

  /** Sends a connected device its next task, if it has none open. */
  async dispatch(deviceId: number): Promise<void> {
    const claimed = await claimNextTask(this.db, deviceId, this.now());
    if (!claimed) return;
    const { task, group, serial } = claimed;
    await this.announce(task, group);
    await this.queue.send(
      QUEUES.taskTimeout,
      { taskId: task.id, attempt: task.attempts },
      { startAfter: ANSWER_TIMEOUT_S },
    );
    try {
      await this.sender.sendTaskCommand(serial, commandOf(task, group));
    } catch (error) {
      // Not sent (the broker is away): the timeout sends it again.
      this.log.warn({ err: error, task: task.id }, 'task command not published');
    }
  }

  /**
   * A device said hello. A restarting task it was running ends (a reboot: back online; a firmware
   * update: on the new version, or failed on the old one); a task it dropped is sent again; then
   * its next task goes.
   */
  async deviceHello(deviceId: number, firmware: string): Promise<void> {
    const now = this.now();
    for (const { task, group } of await openTasksOf(this.db, deviceId)) {
      const action = group.action as TaskAction;
      if (task.state === 'in_progress' && RESTARTING.has(action)) {
        const target = (group.params as { version?: string }).version;
        const ok = action === 'reboot' || target === undefined || firmware.endsWith(target);
        const seconds = Math.max(0, Math.round((now.getTime() - task.updatedAt.getTime()) / 1000));
        await this.finish(
          task.id,
          ok ? 'succeeded' : 'failed',
          ok
            ? action === 'reboot'
              ? `Back online after ${seconds} s.`
              : `Running ${firmware}.`
            : `The device came back on ${firmware}, not the new version.`,
        );
        continue;
      }
      // Dropped mid-task: sent again at once (the same id) when attempts are left.
      await this.retry(task, 'The connection dropped before the device answered.', false);
    }
    await this.dispatch(deviceId);
  }

  /** A device's answer (`cmd/result`); false when it is not a task's (a plain command's). */
  async result(body: unknown): Promise<boolean> {
    const parsed = commandResultSchema.safeParse(body);
    if (!parsed.success) return false;
    const result: CommandResult = parsed.data;
    const found = await taskWithGroup(this.db, result.id);
    if (!found) return false;
    const { task, group } = found;
    const action = group.action as TaskAction;
    switch (result.state) {
      case 'accepted':
      case 'progress': {
        const moved = await moveTask(
          this.db,
          task.id,
          ['sent', 'in_progress'],
          {
            state: 'in_progress',
            progress: result.progress ?? (result.state === 'accepted' ? 0 : task.progress),
            message: result.state === 'accepted' && RESTARTING.has(action) ? 'Restarting…' : task.message,
          },
          this.now(),
        );
        if (moved) {
          await this.announce(moved, group);
          await this.queue.send(
            QUEUES.taskTimeout,
            { taskId: moved.id, attempt: moved.attempts },
            { startAfter: RUNNING_TIMEOUT_S },
          );
        }
        return true;
      }
      case 'done':
        if (RESTARTING.has(action)) {
          // Sent again after the device had restarted for it: it says so from its memory.
          if (task.state === 'sent')
            await this.finish(task.id, 'succeeded', 'The device had already done this.');
          // Otherwise it is done when the device is back (its hello), not before.
          return true;
        }
        await this.finish(task.id, 'succeeded', result.output ?? null);
        return true;
      case 'failed':
        await this.finish(task.id, 'failed', result.error ?? 'The device reported a failure.');
        return true;
    }
  }

  /** Cancels the queued tasks of a group, or the chosen ones; answers how many were cancelled. */
  async cancel(where: { groupId?: number | undefined; taskIds?: readonly string[] | undefined }, by: string) {
    const now = this.now();
    const condition = where.taskIds
      ? inArray(tasks.id, [...where.taskIds])
      : eq(tasks.groupId, where.groupId ?? -1);
    const cancelled = await this.db
      .update(tasks)
      .set({ state: 'cancelled', message: `Cancelled by ${by}.`, updatedAt: now, finishedAt: now })
      .where(and(condition, eq(tasks.state, 'queued')))
      .returning();
    for (const row of cancelled) await logTask(this.db, row, now);
    const groups = new Set(cancelled.map((row) => row.groupId));
    if (where.groupId !== undefined && !where.taskIds) {
      await this.db
        .update(taskGroups)
        .set({ state: 'cancelled' })
        .where(
          and(
            eq(taskGroups.id, where.groupId),
            inArray(taskGroups.state, ['scheduled', 'running', 'paused']),
          ),
        );
      groups.add(where.groupId);
    }
    for (const groupId of groups) {
      const group = await settleGroup(this.db, groupId, now);
      const last = cancelled.filter((row) => row.groupId === groupId).at(-1);
      if (group && last) await this.announce(last, group);
    }
    return cancelled.length;
  }

  /** Ends every unfinished task of a group at its deadline. */
  async expireGroup(groupId: number): Promise<void> {
    const now = this.now();
    const expired = await this.db
      .update(tasks)
      .set({
        state: 'expired',
        message: 'The deadline passed before the device could finish.',
        updatedAt: now,
        finishedAt: now,
      })
      .where(and(eq(tasks.groupId, groupId), inArray(tasks.state, [...OPEN_STATES])))
      .returning();
    for (const row of expired) await logTask(this.db, row, now);
    const group = await settleGroup(this.db, groupId, now);
    const last = expired.at(-1);
    if (group && last) await this.announce(last, group);
  }

  /** A sent or running task heard nothing since `attempt`: sent again, or failed. */
  async timeout(taskId: string, attempt: number): Promise<void> {
    const found = await taskWithGroup(this.db, taskId);
    if (!found || found.task.attempts !== attempt) return;
    const { task } = found;
    if (task.state === 'sent') return this.retry(task, 'The device did not answer.');
    if (task.state === 'in_progress') {
      const quiet = this.now().getTime() - task.updatedAt.getTime();
      if (quiet < RUNNING_TIMEOUT_S * 1000) {
        // News came since: look again when the quiet time would be up.
        await this.queue.send(
          QUEUES.taskTimeout,
          { taskId, attempt },
          { startAfter: Math.ceil((RUNNING_TIMEOUT_S * 1000 - quiet) / 1000) },
        );
        return;
      }
      await this.retry(task, 'The device stopped reporting progress.');
    }
  }

  /**
   * Queued again, or failed when its attempts are spent. A silent device waits a backoff that
   * doubles each time; one that reconnected is sent it again at once (by the caller's dispatch).
   */
  private async retry(task: TaskRow, why: string, backoff = true): Promise<void> {
    if (task.attempts >= TASK_MAX_ATTEMPTS) {
      await this.finish(task.id, 'failed', `${why} Gave up after ${task.attempts} attempts.`);
      return;
    }
    const wait = backoff ? RETRY_BACKOFF_S * 2 ** (task.attempts - 1) : 0;
    const notBefore = new Date(this.now().getTime() + wait * 1000);
    const moved = await moveTask(
      this.db,
      task.id,
      ['sent', 'in_progress'],
      {
        state: 'queued',
        progress: null,
        message: backoff ? `${why} Trying again in ${wait} s.` : `${why} Sending it again.`,
        notBefore,
      },
      this.now(),
    );
    if (!moved) return;
    const found = await taskWithGroup(this.db, task.id);
    if (found) await this.announce(moved, found.group);
    if (backoff) {
      await this.queue.send(QUEUES.deviceDispatch, { deviceId: task.deviceId }, { startAfter: notBefore });
    }
  }

  /** Ends a task, settles its group, and sends its device the next one. */
  private async finish(taskId: string, state: TaskState, message: string | null): Promise<void> {
    const now = this.now();
    const moved = await moveTask(
      this.db,
      taskId,
      [...OPEN_STATES],
      { state, message, ...(state === 'succeeded' ? { progress: 100 } : {}) },
      now,
    );
    if (!moved) return;
    const group = await settleGroup(this.db, moved.groupId, now);
    if (group) await this.announce(moved, group);
    await this.dispatch(moved.deviceId);
  }

  /** Publishes a task's change to its company's `tasks` channel and those of the companies above. */
  private async announce(task: TaskRow, group: TaskGroupRow): Promise<void> {
    if (!this.realtime) return;
    const counts = (await countsOf(this.db, [group.id])).get(group.id);
    if (!counts) return;
    const [device] = await this.db
      .select({ path: devices.companyPath, companyId: devices.companyId })
      .from(devices)
      .where(eq(devices.id, task.deviceId));
    const event: TaskChange = {
      group_id: group.id,
      task: {
        id: task.id,
        device_id: task.deviceId,
        state: task.state,
        progress: task.progress,
        message: task.message,
      },
      counts,
      group_state: group.state,
    };
    const companies = new Set(
      [...(device?.path.split('/') ?? []), String(group.companyId ?? '')].filter(Boolean).map(Number),
    );
    for (const companyId of companies)
      this.realtime.emit(companyChannel(companyId, 'tasks'), TASK_CHANGED_EVENT, event);
  }
}

/** The protocol command a task sends: its id is the task's. */
function commandOf(task: TaskRow, group: TaskGroupRow): Command {
  const params = group.params as Record<string, string>;
  const base = { v: PROTOCOL_VERSION, id: task.id } as const;
  switch (group.action as TaskAction) {
    case 'cli':
      return { ...base, action: 'cli', command: params.command ?? '' };
    case 'firmware.update':
      return { ...base, action: 'firmware.update', version: params.version ?? '', url: params.url ?? '' };
    case 'backup.upload':
      return { ...base, action: 'backup.upload', url: params.url ?? '' };
    case 'refresh':
      return { ...base, action: 'refresh' };
    default:
      return { ...base, action: 'reboot' };
  }
}
