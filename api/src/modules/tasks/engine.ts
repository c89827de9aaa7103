import { randomUUID } from 'node:crypto';
import {
  type ConfigChanges,
  mergeChanges,
  SECRET_MASK,
  SECRET_OPTIONS,
} from '@fleetport/contracts/device-config';
import {
  type Command,
  type CommandResult,
  commandResultSchema,
  PROTOCOL_VERSION,
} from '@fleetport/contracts/device-protocol';
import { companyChannel, TASK_CHANGED_EVENT } from '@fleetport/contracts/realtime-names';
import {
  minutesOf,
  type NewTaskGroup,
  TASK_MAX_ATTEMPTS,
  type TaskAction,
  type TaskChange,
  type TaskListStepAction,
  type TaskMessageArgs,
  type TaskMessageCode,
  type TaskState,
} from '@fleetport/contracts/tasks';
import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Job } from 'pg-boss';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import { companies as companiesTable, devices, taskGroups, tasks } from '../../db/schema.ts';
import { openSecret, sealSecret } from '../auth/secrets.ts';
import type { Realtime } from '../realtime/realtime.ts';
import type { DownloadLinks } from './download-links.ts';
import type { GroupPlan, PlannedDevice, PlannedStep } from './plan.ts';
import { QUEUES, type TaskQueue } from './queue.ts';
import {
  claimNextTask,
  countsOf,
  logTasks,
  messageColumns,
  messageFields,
  moveTask,
  OPEN_STATES,
  openTasksOf,
  settleGroup,
  type TaskGroupRow,
  type TaskRow,
  taskWithGroup,
  type Words,
} from './task-queries.ts';

/** How long a sent task may go unanswered before it is sent again (or fails). */
export const ANSWER_TIMEOUT_S = 60;
/** How long a running task may go without news (progress, or the hello after a restart). */
export const RUNNING_TIMEOUT_S = 600;
/** The first retry's wait; each next one waits twice as long. */
export const RETRY_BACKOFF_S = 15;
/**
 * How often each replica looks for silent tasks (sent without an answer for ANSWER_TIMEOUT_S,
 * running without news for RUNNING_TIMEOUT_S). One query per sweep, not a queued timer per send
 * and per progress report: a wave of thousands queued as many jobs, and the inserts held the
 * devices' answers back (bench part 11).
 */
export const SWEEP_INTERVAL_S = 10;

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
  /** Signs the links devices download firmware with. */
  links: DownloadLinks;
  /** Seals the secrets tasks carry (a new password) while they wait (Keys.taskSecrets). */
  secretKey: Buffer;
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
  readonly links: DownloadLinks;
  private readonly secretKey: Buffer;
  private readonly now: () => Date;
  /** Task changes gathered for the next announcement, by group. */
  private readonly pending = new Map<number, { group: TaskGroupRow; changes: Map<string, TaskRow | null> }>();
  private flushTimer: ReturnType<typeof setTimeout> | undefined;
  private sweeper: ReturnType<typeof setInterval> | undefined;
  private sweeping = false;

  constructor(options: TaskEngineOptions) {
    this.db = options.db;
    this.queue = options.queue;
    this.log = options.log;
    this.realtime = options.realtime;
    this.sender = options.sender;
    this.links = options.links;
    this.secretKey = options.secretKey;
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
    // Timers queued by an earlier version (one per send): looked at once, as the sweep would.
    await this.queue.work<{ taskId: string; attempt: number }>(
      QUEUES.taskTimeout,
      options,
      each((data) => this.timeout(data.taskId, data.attempt)),
    );
    this.sweeper = setInterval(() => void this.sweep(), SWEEP_INTERVAL_S * 1000);
    this.sweeper.unref();
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
    clearInterval(this.sweeper);
    await this.queue.stop({ graceful: true, timeout: 5000 });
    clearTimeout(this.flushTimer);
    await this.flush();
  }

  /**
   * A new group: its tasks are stored queued (each in its wave), its deadline and its start are
   * handed to the queue (so a restart right after still sends them), and the answer comes at once.
   */
  async createGroup(input: {
    request: NewTaskGroup;
    plan: GroupPlan;
    createdBy: number;
    companyId: number;
  }): Promise<TaskGroupRow> {
    const { request, plan } = input;
    const now = this.now();
    const expiresAt = new Date(now.getTime() + request.deadline_hours * 3_600_000);
    const companies = new Set(plan.devices.map((device) => device.companyId));
    const file = plan.file;
    const firmware = request.action === 'firmware.update' ? request : undefined;
    const startsAt = firmware?.starts_at ? new Date(firmware.starts_at) : undefined;
    const later = startsAt !== undefined && startsAt > now;
    const image: Record<string, string | number> = file
      ? { file_id: file.id, version: file.version ?? '', sha256: file.sha256, size: file.size }
      : {};
    const list = plan.list;
    // A configuration change's secrets (a Wi-Fi key, a password) are kept only sealed with each
    // task, never in the group's parameters; the group keeps the change with them masked, and
    // each task its device's own values (Set unique), masked too.
    const config =
      request.action === 'config.write' ? splitSecrets(plan.config?.changes ?? request.changes) : undefined;
    const commonSealed =
      config && Object.keys(config.secrets).length > 0
        ? sealSecret(this.secretKey, JSON.stringify(config.secrets))
        : undefined;
    const chosen = config
      ? plan.devices.map((device) => {
          if (!device.own) return { ...device, secret: commonSealed };
          const own = splitSecrets(device.own);
          const secrets = mergeChanges(config.secrets, own.secrets);
          return {
            ...device,
            params: own.open,
            secret:
              Object.keys(own.secrets).length > 0
                ? sealSecret(this.secretKey, JSON.stringify(secrets))
                : commonSealed,
          };
        })
      : plan.devices;
    const sealed = chosen.some((device) => 'secret' in device && device.secret !== undefined);
    const uniqueOptions =
      request.action === 'config.write'
        ? Object.entries(request.unique?.[0]?.changes ?? {}).flatMap(([section, values]) =>
            Object.keys(values ?? {}).map((option) => `${section}.${option}`),
          )
        : [];
    const params =
      request.action === 'cli'
        ? { command: request.command }
        : config
          ? {
              changes: config.open,
              rollback_s: request.action === 'config.write' ? request.rollback_s : 0,
              has_secrets: sealed,
              ...(uniqueOptions.length > 0 ? { unique: uniqueOptions } : {}),
              ...(plan.config?.template ? { template: plan.config.template } : {}),
            }
          : list
            ? { list_id: list.id, steps: list.steps.map((step) => stepParams(step, image)) }
            : image;
    const summary =
      request.action === 'cli'
        ? request.command
        : config
          ? [
              ...new Set([
                ...Object.keys(config.open),
                ...uniqueOptions.map((option) => option.replace(/\.[^.]+$/, '')),
              ]),
            ]
              .join(', ')
              .slice(0, 500)
          : list
            ? list.name
            : file
              ? `${file.version ?? ''} (${file.name})`.trim()
              : null;
    return this.insertGroup(
      {
        action: request.action,
        summary,
        params,
        state: later ? 'scheduled' : 'running',
        companyId: companies.size === 1 ? ([...companies][0] ?? input.companyId) : input.companyId,
        createdBy: input.createdBy,
        createdAt: now,
        expiresAt,
        position: now.getTime(),
        total: plan.devices.length,
        fileId: file?.id ?? null,
        startsAt: startsAt ?? null,
        windowStart: firmware?.window ? minutesOf(firmware.window.start) : null,
        windowEnd: firmware?.window ? minutesOf(firmware.window.end) : null,
        timeZone: firmware?.window ? (plan.timeZone ?? 'UTC') : null,
        canaryPercent: firmware?.canary_percent ?? null,
        waveCount: firmware?.wave_count ?? 1,
        failureThreshold: firmware ? firmware.failure_threshold : null,
      },
      chosen,
      list ? list.steps.map((step) => step.action) : [request.action],
    );
  }

  /**
   * Password manager: a new admin password for each device, one task each. The password is kept
   * sealed with its task only until the task ends (migration 0019 forgets it then); an offline
   * device gets it when it connects, before the deadline. Answers the group and each device's task.
   */
  async createPasswordGroup(input: {
    devices: readonly { id: number; companyId: number; password: string }[];
    createdBy: number;
    companyId: number;
    deadlineHours: number;
  }): Promise<{ group: TaskGroupRow; tasks: { deviceId: number; taskId: string }[] }> {
    const now = this.now();
    const companies = new Set(input.devices.map((device) => device.companyId));
    const group = await this.insertGroup(
      {
        action: 'password.set',
        summary: null,
        params: {},
        state: 'running',
        companyId: companies.size === 1 ? ([...companies][0] ?? input.companyId) : input.companyId,
        createdBy: input.createdBy,
        createdAt: now,
        expiresAt: new Date(now.getTime() + input.deadlineHours * 3_600_000),
        position: now.getTime(),
        total: input.devices.length,
      },
      input.devices.map((device) => ({
        id: device.id,
        companyId: device.companyId,
        connected: false,
        wave: 0,
        secret: sealSecret(this.secretKey, device.password),
      })),
      ['password.set'],
    );
    const rows = await this.db
      .select({ deviceId: tasks.deviceId, taskId: tasks.id })
      .from(tasks)
      .where(eq(tasks.groupId, group.id));
    return { group, tasks: rows };
  }

  /**
   * Retry failed (spec §2 Task manager): a new group, as the old one was asked, for the devices
   * whose task failed or expired, in one wave (the campaign's canary has spoken). The old group's
   * tasks keep their final states; undefined when none failed or expired.
   */
  async retryFailed(groupId: number, createdBy: number): Promise<TaskGroupRow | undefined> {
    const [old] = await this.db.select().from(taskGroups).where(eq(taskGroups.id, groupId));
    // A password (or a change's secret) is forgotten when its task ends: nothing to send again.
    if (!old || old.action === 'password.set' || hasSecrets(old)) return undefined;
    // A task list goes on from the step that failed: what succeeded before it is not done again.
    const failed = await this.db
      .select({
        id: tasks.deviceId,
        companyId: devices.companyId,
        fromStep: sql<number>`min(${tasks.step})::int`,
        params: sql<ConfigChanges | null>`(array_agg(${tasks.params}))[1]`,
      })
      .from(tasks)
      .innerJoin(devices, eq(devices.id, tasks.deviceId))
      .where(and(eq(tasks.groupId, groupId), inArray(tasks.state, ['failed', 'expired'])))
      .groupBy(tasks.deviceId, devices.companyId);
    if (failed.length === 0) return undefined;
    const steps = stepActionsOf(old);
    const now = this.now();
    const deadlineMs = old.expiresAt.getTime() - old.createdAt.getTime();
    return this.insertGroup(
      {
        action: old.action,
        summary: old.summary,
        params: old.params,
        state: 'running',
        companyId: old.companyId,
        createdBy,
        createdAt: now,
        expiresAt: new Date(now.getTime() + deadlineMs),
        position: now.getTime(),
        total: failed.length,
        fileId: old.fileId,
        windowStart: old.windowStart,
        windowEnd: old.windowEnd,
        timeZone: old.timeZone,
        failureThreshold: old.failureThreshold,
      },
      failed.map((device) => ({ ...device, fromStep: Number(device.fromStep), connected: false, wave: 0 })),
      steps,
    );
  }

  /**
   * Stores a group and its tasks queued (each in its wave), and hands its deadline and its start
   * to the queue, so a restart right after still sends them.
   */
  private async insertGroup(
    values: typeof taskGroups.$inferInsert,
    chosen: readonly (PlannedDevice & {
      secret?: string | undefined;
      fromStep?: number;
      params?: ConfigChanges | null;
    })[],
    steps: readonly TaskAction[],
  ): Promise<TaskGroupRow> {
    const now = values.createdAt ?? this.now();
    // One task per device and step (a task list's steps; one step otherwise); a step after the
    // device's first names the task before it, which must succeed first.
    const planned = chosen.flatMap((device) => {
      let before: string | null = null;
      return steps.flatMap((action, step) => {
        if (step < (device.fromStep ?? 0)) return [];
        const id = randomUUID();
        const task = { id, device, action, step, afterTask: before };
        before = id;
        return [task];
      });
    });
    const group = await this.db.transaction(async (tx) => {
      const [created] = await tx.insert(taskGroups).values(values).returning();
      if (!created) throw new Error('task group not stored');
      for (let at = 0; at < planned.length; at += 2000) {
        const rows = planned.slice(at, at + 2000).map(({ id, device, action, step, afterTask }) => ({
          id,
          groupId: created.id,
          deviceId: device.id,
          action,
          step,
          afterTask,
          wave: device.wave,
          notBefore: now,
          updatedAt: now,
          secret: device.secret ?? null,
          params: device.params ?? null,
        }));
        const stored = await tx.insert(tasks).values(rows).returning();
        await logTasks(tx as unknown as Db, stored, now);
      }
      return created;
    });
    await this.queue.send(QUEUES.groupExpire, { groupId: group.id }, { startAfter: group.expiresAt });
    const later = group.state === 'scheduled' && group.startsAt !== null;
    await this.queue.send(
      QUEUES.groupStart,
      { groupId: group.id },
      later && group.startsAt ? { startAfter: group.startsAt } : {},
    );
    return group;
  }

  /**
   * Sends what waits for the connected devices of a group's current wave: a scheduled group
   * starts; outside its maintenance window it waits for the window to open (a job at that time).
   */
  async startGroup(groupId: number): Promise<void> {
    const now = this.now();
    await this.db
      .update(taskGroups)
      .set({ state: 'running' })
      .where(and(eq(taskGroups.id, groupId), eq(taskGroups.state, 'scheduled')));
    const [group] = await this.db.select().from(taskGroups).where(eq(taskGroups.id, groupId));
    if (group?.state !== 'running') return;
    const opensIn = minutesUntilOpen(group, now);
    if (opensIn > 0) {
      await this.queue.send(
        QUEUES.groupStart,
        { groupId },
        { startAfter: new Date(now.getTime() + opensIn * 60_000) },
      );
      return;
    }
    const rows = await this.db
      .selectDistinct({ deviceId: tasks.deviceId })
      .from(tasks)
      .innerJoin(devices, eq(devices.id, tasks.deviceId))
      .where(
        and(
          eq(tasks.groupId, groupId),
          eq(tasks.state, 'queued'),
          sql`${tasks.wave} <= ${group.currentWave}`,
          eq(devices.connected, true),
        ),
      );
    // Several at a time: each dispatch is a few round trips to the store and one publish, and a
    // wave of thousands sent one by one took minutes (bench part 11: 14 tasks/s at half a core).
    await eachLimited(
      rows.map((row) => row.deviceId),
      DISPATCH_CONCURRENCY,
      (deviceId) => this.dispatch(deviceId),
    );
    // A wave whose devices are all offline is over at once: the next one starts.
    await this.checkWave(groupId);
  }

  /**
   * A campaign's health gate: once every task of the current wave has ended (or waits for a
   * device that is offline), its failure rate is held against the threshold. Above it the group
   * pauses with the reason in words; otherwise the next wave starts. Each step is a conditional
   * update, so of two replicas only one moves the group.
   */
  async checkWave(groupId: number): Promise<void> {
    const [group] = await this.db.select().from(taskGroups).where(eq(taskGroups.id, groupId));
    if (group?.state !== 'running') return;
    const wave = group.currentWave;
    const [tally] = await this.db
      .select({
        busy: sql<number>`count(*) filter (where ${tasks.state} in ('sent', 'in_progress') or (${tasks.state} = 'queued' and ${devices.connected}))::int`,
        failed: sql<number>`count(*) filter (where ${tasks.state} = 'failed')::int`,
        succeeded: sql<number>`count(*) filter (where ${tasks.state} = 'succeeded')::int`,
      })
      .from(tasks)
      .innerJoin(devices, eq(devices.id, tasks.deviceId))
      .where(and(eq(tasks.groupId, groupId), eq(tasks.wave, wave)));
    const [last] = await this.db
      .select({ wave: sql<number>`coalesce(max(${tasks.wave}), 0)::int` })
      .from(tasks)
      .where(eq(tasks.groupId, groupId));
    if (!tally || Number(tally.busy) > 0) return;
    const failed = Number(tally.failed);
    const ended = failed + Number(tally.succeeded);
    const threshold = group.failureThreshold;
    if (threshold !== null && ended > 0 && failed * 100 > threshold * ended) {
      const name =
        group.canaryPercent !== null && wave === 0
          ? 'The canary'
          : `Wave ${wave + (group.canaryPercent !== null ? 0 : 1)}`;
      const reason = `${name}: ${failed} of ${ended} devices failed (${Math.round((failed * 100) / ended)} %), above the ${threshold} % threshold.`;
      const canary = group.canaryPercent !== null;
      const args = { wave: wave + (canary ? 0 : 1), canary: canary && wave === 0, failed, ended, threshold };
      const [paused] = await this.db
        .update(taskGroups)
        .set({ state: 'paused', pausedReason: reason, pausedArgs: args })
        .where(
          and(eq(taskGroups.id, groupId), eq(taskGroups.state, 'running'), eq(taskGroups.currentWave, wave)),
        )
        .returning();
      if (paused) {
        this.log.warn({ group: groupId, wave, failed, ended }, 'campaign paused by its health gate');
        await this.announceGroup(paused);
      }
      return;
    }
    if (wave >= Number(last?.wave ?? 0)) return;
    const [next] = await this.db
      .update(taskGroups)
      .set({ currentWave: wave + 1 })
      .where(
        and(eq(taskGroups.id, groupId), eq(taskGroups.state, 'running'), eq(taskGroups.currentWave, wave)),
      )
      .returning();
    if (!next) return;
    await this.announceGroup(next);
    await this.startGroup(groupId);
  }

  /**
   * Task ordering: moves an unfinished group before (or after) every other unfinished group, so
   * its waiting tasks are the next (or the last) each device gets. Undefined when it has ended.
   */
  async reorder(groupId: number, to: 'first' | 'last'): Promise<TaskGroupRow | undefined> {
    const open = inArray(taskGroups.state, ['scheduled', 'running', 'paused']);
    const [edge] = await this.db
      .select({
        value:
          to === 'first'
            ? sql<number>`min(${taskGroups.position})`
            : sql<number>`max(${taskGroups.position})`,
      })
      .from(taskGroups)
      .where(open);
    const position = Number(edge?.value ?? this.now().getTime()) + (to === 'first' ? -1 : 1);
    const [moved] = await this.db
      .update(taskGroups)
      .set({ position })
      .where(and(eq(taskGroups.id, groupId), open))
      .returning();
    return moved;
  }

  /** A user pauses a running (or scheduled) group: nothing more is sent; what runs ends. */
  async pause(groupId: number): Promise<TaskGroupRow | undefined> {
    const [paused] = await this.db
      .update(taskGroups)
      .set({ state: 'paused', pausedReason: null, pausedArgs: null })
      .where(and(eq(taskGroups.id, groupId), inArray(taskGroups.state, ['running', 'scheduled'])))
      .returning();
    if (paused) await this.announceGroup(paused);
    return paused;
  }

  /**
   * A user resumes a paused group. Past a health gate that means "go on anyway": the wave that
   * tripped it is over, so the next one starts.
   */
  async resume(groupId: number): Promise<TaskGroupRow | undefined> {
    const [before] = await this.db.select().from(taskGroups).where(eq(taskGroups.id, groupId));
    if (before?.state !== 'paused') return undefined;
    const gated = before.pausedReason !== null;
    const [last] = await this.db
      .select({ wave: sql<number>`coalesce(max(${tasks.wave}), 0)::int` })
      .from(tasks)
      .where(eq(tasks.groupId, groupId));
    const [resumed] = await this.db
      .update(taskGroups)
      .set({
        state: 'running',
        pausedReason: null,
        pausedArgs: null,
        ...(gated && before.currentWave < Number(last?.wave ?? 0)
          ? { currentWave: before.currentWave + 1 }
          : {}),
      })
      .where(and(eq(taskGroups.id, groupId), eq(taskGroups.state, 'paused')))
      .returning();
    if (!resumed) return undefined;
    await this.announceGroup(resumed);
    await this.queue.send(QUEUES.groupStart, { groupId });
    return resumed;
  }

  /** Sends a connected device its next task, if it has none open. */
  async dispatch(deviceId: number): Promise<void> {
    const now = this.now();
    const claimed = await claimNextTask(
      this.db,
      deviceId,
      now,
      (group) => minutesUntilOpen(group, now) === 0,
    );
    if (!claimed) return;
    const { task, group, serial } = claimed;
    await this.announce(task, group);
    const secret = task.secret === null ? undefined : openSecret(this.secretKey, task.secret);
    if ((task.action === 'password.set' || hasSecrets(group)) && secret === undefined) {
      // Sealed under another secret (SESSION_SECRET changed): it cannot be sent.
      await this.finish(task.id, 'failed', words('password_unreadable'));
      return;
    }
    try {
      await this.sender.sendTaskCommand(serial, commandOf(task, group, this.links, now, secret));
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
      const action = task.action as TaskAction;
      if (task.state === 'in_progress' && RESTARTING.has(action)) {
        const target = (paramsOf(task, group) as { version?: string }).version;
        const ok = action === 'reboot' || target === undefined || firmware.endsWith(target);
        const seconds = Math.max(0, Math.round((now.getTime() - task.updatedAt.getTime()) / 1000));
        await this.finish(
          task.id,
          ok ? 'succeeded' : 'failed',
          ok
            ? action === 'reboot'
              ? words('back_online', { seconds })
              : words('running_firmware', { firmware })
            : words('came_back_on', { firmware }),
        );
        continue;
      }
      // Dropped mid-task: sent again at once (the same id) when attempts are left.
      await this.retry(task, 'dropped', false);
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
    const action = task.action as TaskAction;
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
            ...(result.state === 'accepted' && RESTARTING.has(action) ? { words: words('restarting') } : {}),
          },
          this.now(),
        );
        if (moved) await this.announce(moved, group);
        return true;
      }
      case 'done':
        if (RESTARTING.has(action)) {
          // Sent again after the device had restarted for it: it says so from its memory.
          if (task.state === 'sent') await this.finish(task.id, 'succeeded', words('already_done'));
          // Otherwise it is done when the device is back (its hello), not before.
          return true;
        }
        await this.finish(
          task.id,
          'succeeded',
          action === 'config.write' && result.revision !== undefined
            ? words('config_applied', { revision: result.revision })
            : { text: result.output ?? null },
        );
        return true;
      case 'failed':
        await this.finish(task.id, 'failed', result.error ? { text: result.error } : words('device_failure'));
        return true;
    }
  }

  /** Cancels the queued tasks of a group, or the chosen ones; answers how many were cancelled. */
  async cancel(where: { groupId?: number | undefined; taskIds?: readonly string[] | undefined }, by: string) {
    const now = this.now();
    const condition = where.taskIds
      ? inArray(tasks.id, [...where.taskIds])
      : eq(tasks.groupId, where.groupId ?? -1);
    const cancelled = await this.db.transaction(async (tx) => {
      const rows = await tx
        .update(tasks)
        .set({
          state: 'cancelled',
          ...messageColumns(words('cancelled_by', { by })),
          updatedAt: now,
          finishedAt: now,
        })
        .where(and(condition, eq(tasks.state, 'queued')))
        .returning();
      await logTasks(tx as unknown as Db, rows, now);
      return rows;
    });
    // A task list's step that will not run leaves the device's later steps not run either.
    if (where.taskIds) {
      const skipped: TaskRow[] = [];
      for (const row of cancelled) skipped.push(...(await this.skipLaterSteps(row)));
      cancelled.push(...skipped);
    }
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
      else if (group) await this.announceGroup(group);
      if (group && isCampaign(group)) await this.checkWave(groupId);
    }
    return cancelled.length;
  }

  /** Ends every unfinished task of a group at its deadline. */
  async expireGroup(groupId: number): Promise<void> {
    const now = this.now();
    const expired = await this.db.transaction(async (tx) => {
      const rows = await tx
        .update(tasks)
        .set({
          state: 'expired',
          ...messageColumns(words('deadline_passed')),
          updatedAt: now,
          finishedAt: now,
        })
        .where(and(eq(tasks.groupId, groupId), inArray(tasks.state, [...OPEN_STATES])))
        .returning();
      await logTasks(tx as unknown as Db, rows, now);
      return rows;
    });
    const group = await settleGroup(this.db, groupId, now);
    const last = expired.at(-1);
    if (group && last) await this.announce(last, group);
  }

  /**
   * The silent tasks: sent and unanswered for ANSWER_TIMEOUT_S, or running without news for
   * RUNNING_TIMEOUT_S, are sent again after a backoff, or fail when their attempts are spent.
   * Every replica sweeps; each task is moved by one of them (the move is conditional on the task
   * being as the sweep read it). Answers how many it moved.
   */
  async sweep(): Promise<number> {
    if (this.sweeping) return 0;
    this.sweeping = true;
    try {
      const now = this.now().getTime();
      const silent = await this.db
        .select()
        .from(tasks)
        .where(
          or(
            and(eq(tasks.state, 'sent'), lt(tasks.updatedAt, new Date(now - ANSWER_TIMEOUT_S * 1000))),
            and(
              eq(tasks.state, 'in_progress'),
              lt(tasks.updatedAt, new Date(now - RUNNING_TIMEOUT_S * 1000)),
            ),
          ),
        )
        .orderBy(tasks.updatedAt)
        .limit(SWEEP_BATCH);
      for (const task of silent) {
        await this.retry(task, task.state === 'sent' ? 'no_answer' : 'no_progress', true, task.updatedAt);
      }
      return silent.length;
    } catch (error) {
      this.log.warn({ err: error }, 'silent tasks not swept');
      return 0;
    } finally {
      this.sweeping = false;
    }
  }

  /** A timer of an earlier version: the task is looked at as the sweep would, if it was not sent since. */
  async timeout(taskId: string, attempt: number): Promise<void> {
    const found = await taskWithGroup(this.db, taskId);
    if (!found || found.task.attempts !== attempt) return;
    const limit = found.task.state === 'sent' ? ANSWER_TIMEOUT_S : RUNNING_TIMEOUT_S;
    if (this.now().getTime() - found.task.updatedAt.getTime() < limit * 1000) return;
    if (found.task.state === 'sent') return this.retry(found.task, 'no_answer', true, found.task.updatedAt);
    if (found.task.state === 'in_progress') {
      return this.retry(found.task, 'no_progress', true, found.task.updatedAt);
    }
  }

  /**
   * Queued again, or failed when its attempts are spent. A silent device waits a backoff that
   * doubles each time; one that reconnected is sent it again at once (by the caller's dispatch).
   */
  private async retry(
    task: TaskRow,
    why: 'dropped' | 'no_answer' | 'no_progress',
    backoff = true,
    /** Moved only if the task has not changed since then (a sweep's read). */
    unchangedSince?: Date,
  ): Promise<void> {
    if (task.attempts >= TASK_MAX_ATTEMPTS) {
      await this.finish(
        task.id,
        'failed',
        words(`${why}_gave_up`, { attempts: task.attempts }),
        unchangedSince,
      );
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
        words: why === 'dropped' ? words('dropped_resend') : words(`${why}_retry`, { seconds: wait }),
        notBefore,
      },
      this.now(),
      unchangedSince,
    );
    if (!moved) return;
    const found = await taskWithGroup(this.db, task.id);
    if (found) await this.announce(moved, found.group);
    // Only a task of the wave being sent can end it (an earlier wave's waits for its device).
    if (found && isCampaign(found.group) && moved.wave === found.group.currentWave) {
      await this.checkWave(found.group.id);
    }
    if (backoff) {
      await this.queue.send(QUEUES.deviceDispatch, { deviceId: task.deviceId }, { startAfter: notBefore });
    }
  }

  /** Ends a task, settles its group, and sends its device the next one. */
  private async finish(
    taskId: string,
    state: TaskState,
    message: Words,
    unchangedSince?: Date,
  ): Promise<void> {
    const now = this.now();
    const moved = await moveTask(
      this.db,
      taskId,
      [...OPEN_STATES],
      { state, words: message, ...(state === 'succeeded' ? { progress: 100 } : {}) },
      now,
      unchangedSince,
    );
    if (!moved) return;
    const skipped = state === 'succeeded' ? [] : await this.skipLaterSteps(moved);
    const group = await settleGroup(this.db, moved.groupId, now);
    if (group) {
      for (const row of skipped) await this.announce(row, group);
      await this.announce(moved, group);
    }
    await this.dispatch(moved.deviceId);
    if (group && isCampaign(group) && moved.wave === group.currentWave) await this.checkWave(group.id);
  }

  /**
   * A task list's step that ended without succeeding: the device's later steps are not run
   * (cancelled, saying which step did not succeed). Answers the tasks it ended.
   */
  private async skipLaterSteps(task: TaskRow): Promise<TaskRow[]> {
    const later = await this.db
      .select({ id: tasks.id })
      .from(tasks)
      .where(
        and(
          eq(tasks.groupId, task.groupId),
          eq(tasks.deviceId, task.deviceId),
          sql`${tasks.step} > ${task.step}`,
          eq(tasks.state, 'queued'),
        ),
      )
      .limit(1);
    if (later.length === 0) return [];
    const now = this.now();
    const why = words('step_not_run', { step: task.step + 1, action: task.action });
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .update(tasks)
        .set({ state: 'cancelled', ...messageColumns(why), updatedAt: now, finishedAt: now })
        .where(
          and(
            eq(tasks.groupId, task.groupId),
            eq(tasks.deviceId, task.deviceId),
            sql`${tasks.step} > ${task.step}`,
            eq(tasks.state, 'queued'),
          ),
        )
        .returning();
      await logTasks(tx as unknown as Db, rows, now);
      return rows;
    });
  }

  /**
   * Publishes a task's change to its company's `tasks` channel and those of the companies above.
   * Changes are gathered for ANNOUNCE_GATHER_MS and published together: one count of each group's
   * tasks and one look-up of the devices' companies per batch, not per change (bench part 11: a
   * `GROUP BY` over a campaign's 10,000 tasks for each change held every answer back).
   */
  private async announce(task: TaskRow, group: TaskGroupRow): Promise<void> {
    this.gather(group, task);
  }

  /** Publishes a change of the group alone (paused, resumed, its next wave). */
  private async announceGroup(group: TaskGroupRow): Promise<void> {
    this.gather(group, null);
  }

  private gather(group: TaskGroupRow, task: TaskRow | null): void {
    if (!this.realtime) return;
    const batch = this.pending.get(group.id) ?? { group, changes: new Map<string, TaskRow | null>() };
    // The group as it is now; a task's latest change replaces an earlier one of the same batch.
    batch.group = group;
    batch.changes.set(task?.id ?? 'group', task);
    this.pending.set(group.id, batch);
    this.flushTimer ??= setTimeout(() => void this.flush(), ANNOUNCE_GATHER_MS);
  }

  /** Publishes what was gathered: each change with its group's counts as they are now. */
  private async flush(): Promise<void> {
    this.flushTimer = undefined;
    const realtime = this.realtime;
    const batches = [...this.pending.values()];
    this.pending.clear();
    if (!realtime || batches.length === 0) return;
    try {
      const counts = await countsOf(
        this.db,
        batches.map((batch) => batch.group.id),
      );
      const deviceIds = batches.flatMap((batch) =>
        [...batch.changes.values()].flatMap((task) => (task ? [task.deviceId] : [])),
      );
      const paths = new Map<number, string>();
      for (let at = 0; at < deviceIds.length; at += 5000) {
        const rows = await this.db
          .select({ id: devices.id, path: devices.companyPath })
          .from(devices)
          .where(inArray(devices.id, deviceIds.slice(at, at + 5000)));
        for (const row of rows) paths.set(row.id, row.path);
      }
      for (const { group, changes } of batches) {
        const groupCounts = counts.get(group.id);
        if (!groupCounts) continue;
        for (const task of changes.values()) {
          const event: TaskChange = {
            group_id: group.id,
            task: task && {
              id: task.id,
              device_id: task.deviceId,
              action: task.action as TaskAction,
              step: task.step,
              state: task.state,
              progress: task.progress,
              ...messageFields(task),
              attempts: task.attempts,
              updated_at: task.updatedAt.toISOString(),
            },
            counts: groupCounts,
            group_state: group.state,
            current_wave: group.currentWave,
            paused_reason: group.pausedReason,
            paused_args: group.pausedArgs ?? null,
          };
          // The device's company and those above it, and the group's (a group-only change: its own).
          const path = task ? (paths.get(task.deviceId)?.split('/') ?? []) : [];
          const companies = new Set([...path, String(group.companyId ?? '')].filter(Boolean).map(Number));
          if (!task && group.companyId !== null) {
            const [company] = await this.db
              .select({ path: companiesTable.path })
              .from(companiesTable)
              .where(eq(companiesTable.id, group.companyId));
            for (const id of company?.path.split('/') ?? []) companies.add(Number(id));
          }
          for (const companyId of companies)
            realtime.emit(companyChannel(companyId, 'tasks'), TASK_CHANGED_EVENT, event);
        }
      }
    } catch (error) {
      // A store that went away (a stop): the consoles ask again on their next visit.
      this.log.warn({ err: error }, 'task changes not announced');
    }
  }
}

/** How long task changes are gathered before they are published together (ms). */
export const ANNOUNCE_GATHER_MS = 250;

/** How many devices a group's start dispatches at once (the PostgreSQL pool has 10 connections). */
export const DISPATCH_CONCURRENCY = 8;
/** The most silent tasks one sweep moves (the next sweep takes the rest). */
const SWEEP_BATCH = 500;

/** Runs `work` on every item, at most `limit` at a time; the first failure is thrown after all settle. */
async function eachLimited<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const failures: unknown[] = [];
  const lane = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item).catch((error: unknown) => failures.push(error));
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  if (failures.length > 0) throw failures[0];
}

/** A group sent in waves (a firmware campaign), whose health is checked after each. */
const isCampaign = (group: TaskGroupRow): boolean => group.action === 'firmware.update';

/**
 * Minutes until a group's daily maintenance window opens in its time zone: 0 when it is open
 * (or the group has none). A window may wrap past midnight (22:00–04:00).
 */
export function minutesUntilOpen(
  group: Pick<TaskGroupRow, 'windowStart' | 'windowEnd' | 'timeZone'>,
  now: Date,
): number {
  const { windowStart: start, windowEnd: end } = group;
  if (start === null || end === null) return 0;
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: group.timeZone ?? 'UTC',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: string) => Number(parts.find((entry) => entry.type === type)?.value ?? 0);
  const local = part('hour') * 60 + part('minute');
  const open = start < end ? local >= start && local < end : local >= start || local < end;
  return open ? 0 : (start - local + 1440) % 1440;
}

/** The protocol command a task sends: its id is the task's. */
function commandOf(
  task: TaskRow,
  group: TaskGroupRow,
  links: DownloadLinks,
  now: Date,
  secret: string | undefined,
): Command {
  const params = paramsOf(task, group);
  const base = { v: PROTOCOL_VERSION, id: task.id } as const;
  switch (task.action as TaskAction) {
    case 'cli':
      return { ...base, action: 'cli', command: String(params.command ?? '') };
    case 'firmware.update':
      // A link of its own for each send: the device downloads with it while the task runs.
      return {
        ...base,
        action: 'firmware.update',
        version: String(params.version ?? ''),
        url: links.urlFor(task.id, now),
        sha256: String(params.sha256 ?? ''),
        size: Number(params.size ?? 0),
      };
    case 'backup.upload':
      return { ...base, action: 'backup.upload', url: links.urlFor(task.id, now) };
    case 'refresh':
      return { ...base, action: 'refresh' };
    case 'password.set':
      return { ...base, action: 'config.write', section: 'users.admin', values: { password: secret ?? '' } };
    case 'config.write':
      return {
        ...base,
        action: 'config.write',
        changes: withSecrets(
          mergeChanges((group.params as { changes: ConfigChanges }).changes, task.params),
          secret === undefined ? {} : (JSON.parse(secret) as ConfigChanges),
        ),
        ...(Number(params.rollback_s) > 0 ? { rollback_s: Number(params.rollback_s) } : {}),
      };
    default:
      return { ...base, action: 'reboot' };
  }
}

/** A task's parameters: its step's in a task list, its group's otherwise. */
function paramsOf(task: TaskRow, group: TaskGroupRow): Record<string, string | number> {
  const steps = (group.params as { steps?: Record<string, string | number>[] }).steps;
  return (steps ? steps[task.step] : group.params) as Record<string, string | number>;
}

/** The action of each step of a group: a task list's steps, or its one action. */
function stepActionsOf(group: TaskGroupRow): TaskAction[] {
  const steps = (group.params as { steps?: { action: TaskAction }[] }).steps;
  return steps ? steps.map((step) => step.action) : [group.action as TaskAction];
}

/** A task list's step as its group keeps it: the command, or the image's version, digest and size. */
function stepParams(
  step: PlannedStep,
  image: Record<string, string | number>,
): Record<string, string | number> {
  if (step.action === 'cli') return { action: step.action, command: step.command };
  if (step.action === 'firmware.update') return { action: step.action, ...image };
  return { action: step.action };
}

/** A step's action in English (the `message` column's words). */
const STEP_NAMES: Record<TaskListStepAction, string> = {
  reboot: 'Reboot',
  refresh: 'Refresh',
  cli: 'CLI command',
  'firmware.update': 'Firmware update',
  'backup.upload': 'Backup',
};

/** The engine's words: the English text kept in `message`, with the code and values the console translates. */
export function words(code: TaskMessageCode, args?: TaskMessageArgs): Words {
  return { text: englishOf(code, args ?? {}), code, ...(args ? { args } : {}) };
}

function englishOf(code: TaskMessageCode, args: TaskMessageArgs): string {
  const dropped = 'The connection dropped before the device answered.';
  const silent = 'The device did not answer.';
  const stalled = 'The device stopped reporting progress.';
  const gaveUp = `Gave up after ${args.attempts} attempts.`;
  const again = `Trying again in ${args.seconds} s.`;
  switch (code) {
    case 'restarting':
      return 'Restarting…';
    case 'back_online':
      return `Back online after ${args.seconds} s.`;
    case 'running_firmware':
      return `Running ${args.firmware}.`;
    case 'came_back_on':
      return `The device came back on ${args.firmware}, not the new version.`;
    case 'already_done':
      return 'The device had already done this.';
    case 'device_failure':
      return 'The device reported a failure.';
    case 'cancelled_by':
      return `Cancelled by ${args.by}.`;
    case 'deadline_passed':
      return 'The deadline passed before the device could finish.';
    case 'dropped_resend':
      return `${dropped} Sending it again.`;
    case 'dropped_gave_up':
      return `${dropped} ${gaveUp}`;
    case 'no_answer_retry':
      return `${silent} ${again}`;
    case 'no_answer_gave_up':
      return `${silent} ${gaveUp}`;
    case 'no_progress_retry':
      return `${stalled} ${again}`;
    case 'no_progress_gave_up':
      return `${stalled} ${gaveUp}`;
    case 'password_unreadable':
      return 'The new password could not be read: set it again.';
    case 'config_applied':
      return `Applied: the configuration is at revision ${args.revision}.`;
    case 'step_not_run':
      return `Not run: step ${args.step} (${STEP_NAMES[args.action as TaskListStepAction] ?? args.action}) did not succeed.`;
  }
}

/** Whether a group's tasks carry a sealed secret of their change (a Wi-Fi key, a password). */
const hasSecrets = (group: TaskGroupRow): boolean =>
  (group.params as { has_secrets?: boolean }).has_secrets === true;

/**
 * A configuration change split in two: what may be kept in the open (secrets masked) and the
 * secrets alone. A secret written as the mask or left empty keeps the device's: it is not one.
 */
function splitSecrets(changes: ConfigChanges): { open: ConfigChanges; secrets: ConfigChanges } {
  const open: ConfigChanges = {};
  const secrets: ConfigChanges = {};
  for (const [section, values] of Object.entries(changes)) {
    if (values === null) {
      open[section] = null;
      continue;
    }
    const kept: Record<string, string | number | boolean> = {};
    for (const [option, value] of Object.entries(values)) {
      if (SECRET_OPTIONS.has(option) && value !== '' && value !== SECRET_MASK) {
        kept[option] = SECRET_MASK;
        secrets[section] = { ...(secrets[section] ?? {}), [option]: value };
      } else kept[option] = value;
    }
    open[section] = kept;
  }
  return { open, secrets };
}

/** The change as it is sent: the open part with the sealed secrets put back. */
function withSecrets(open: ConfigChanges, secrets: ConfigChanges): ConfigChanges {
  const sent: ConfigChanges = {};
  for (const [section, values] of Object.entries(open)) {
    sent[section] = values === null ? null : { ...values, ...(secrets[section] ?? {}) };
  }
  return sent;
}
