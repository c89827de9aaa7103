import {
  type DeviceTask,
  type FileDevices,
  TASK_STATES,
  type Task,
  type TaskAction,
  type TaskCounts,
  type TaskGroup,
  type TaskGroupState,
  type TaskLog,
  type TaskMessageArgs,
  type TaskMessageCode,
  type TaskState,
  timeOfDay,
} from '@fleetport/contracts/tasks';
import { type AnyColumn, and, asc, count, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, devices, taskGroups, taskLogs, tasks, users } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { contains, type SortKey } from '../../http/list-query.ts';
import type { AuthContext } from '../auth/context.ts';
import { canSeeCompany, visibleCompanies, visibleDevices } from '../companies/scope.ts';

/**
 * The task engine's rows (migrations/0017_task_engine.sql). Every change of a task's state is
 * one conditional UPDATE (`WHERE state IN (what it may change from)`): of two replicas racing
 * for the same task, one changes it and the other changes nothing, so nothing is sent twice and a
 * final state is never left.
 */

export type TaskRow = typeof tasks.$inferSelect;
export type TaskGroupRow = typeof taskGroups.$inferSelect;

/**
 * A task's message: the device's words (no code), or the engine's, with the code and values the
 * console says them with in the user's language.
 */
export interface Words {
  text: string | null;
  code?: TaskMessageCode | undefined;
  args?: TaskMessageArgs | undefined;
}

/** The message columns of a task (or its log line) for words. */
export const messageColumns = (words: Words) => ({
  message: words.text?.slice(0, 2000) ?? null,
  messageCode: words.code ?? null,
  messageArgs: words.args ?? null,
});

/** The message fields of a task as the API answers them. */
export const messageFields = (row: {
  message: string | null;
  messageCode: string | null;
  messageArgs: TaskMessageArgs | null;
}) => ({
  message: row.message,
  message_code: row.messageCode as TaskMessageCode | null,
  message_args: row.messageArgs,
});

/** The states a task may still leave. */
export const OPEN_STATES = ['queued', 'sent', 'in_progress'] as const satisfies readonly TaskState[];

/** Changes a task from one of `from` to `to`; answers the changed row, or undefined when it was not in `from`. */
export async function moveTask(
  db: Db,
  id: string,
  from: readonly TaskState[],
  to: {
    state: TaskState;
    progress?: number | null;
    words?: Words;
    attempts?: number;
    notBefore?: Date;
  },
  now: Date,
  /** Moved only if the task has not changed since then (a sweep's read of it). */
  unchangedSince?: Date,
): Promise<TaskRow | undefined> {
  const final = !(OPEN_STATES as readonly TaskState[]).includes(to.state);
  // The change and its log line together: a process killed between them loses neither alone.
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(tasks)
      .set({
        state: to.state,
        ...(to.progress !== undefined ? { progress: to.progress } : {}),
        ...(to.words !== undefined ? messageColumns(to.words) : {}),
        ...(to.attempts !== undefined ? { attempts: to.attempts } : {}),
        ...(to.notBefore ? { notBefore: to.notBefore } : {}),
        updatedAt: now,
        ...(final ? { finishedAt: now } : {}),
      })
      .where(
        and(
          eq(tasks.id, id),
          inArray(tasks.state, [...from]),
          unchangedSince ? eq(tasks.updatedAt, unchangedSince) : undefined,
        ),
      )
      .returning();
    if (row) await logTask(tx as unknown as Db, row, now);
    return row;
  });
}

/** Each task's log line, a slice of rows per statement (a group of 10,000 is 5 statements, not 10,000). */
export async function logTasks(db: Db, rows: readonly TaskRow[], now: Date): Promise<void> {
  for (let at = 0; at < rows.length; at += 2000) {
    await db.insert(taskLogs).values(
      rows.slice(at, at + 2000).map((row) => ({
        taskId: row.id,
        at: now,
        state: row.state,
        progress: row.progress,
        message: row.message,
        messageCode: row.messageCode,
        messageArgs: row.messageArgs,
      })),
    );
  }
}

/** A line of the task's log: its state as it is now. */
export async function logTask(db: Db, row: TaskRow, now: Date): Promise<void> {
  await db.insert(taskLogs).values({
    taskId: row.id,
    at: now,
    state: row.state,
    progress: row.progress,
    message: row.message,
    messageCode: row.messageCode,
    messageArgs: row.messageArgs,
  });
}

/**
 * Claims the next task a connected device should get, if it has none open: queued, its backoff
 * over, its group running, the lowest group position first. The device's row is locked for the
 * claim, so two replicas dispatching one device take turns, and a device runs one task at a time.
 */
export async function claimNextTask(
  db: Db,
  deviceId: number,
  now: Date,
  sendable: (group: TaskGroupRow) => boolean = () => true,
): Promise<{ task: TaskRow; group: TaskGroupRow; serial: string } | undefined> {
  return db.transaction(async (tx) => {
    const [device] = await tx
      .select({ id: devices.id, serial: devices.serial, connected: devices.connected })
      .from(devices)
      .where(eq(devices.id, deviceId))
      .for('update');
    if (!device?.connected) return undefined;
    const [open] = await tx
      .select({ id: tasks.id })
      .from(tasks)
      .where(and(eq(tasks.deviceId, deviceId), inArray(tasks.state, ['sent', 'in_progress'])))
      .limit(1);
    if (open) return undefined;
    // The first few candidates: a group outside its maintenance window lets the next one go.
    const candidates = await tx
      .select({ task: tasks, group: taskGroups })
      .from(tasks)
      .innerJoin(taskGroups, eq(taskGroups.id, tasks.groupId))
      .where(
        and(
          eq(tasks.deviceId, deviceId),
          eq(tasks.state, 'queued'),
          sql`${tasks.notBefore} <= ${now}`,
          eq(taskGroups.state, 'running'),
          sql`${tasks.wave} <= ${taskGroups.currentWave}`,
          // A task list's step waits until the device's step before it has succeeded.
          sql`(${tasks.afterTask} IS NULL OR EXISTS (SELECT 1 FROM tasks AS earlier WHERE earlier.id = ${tasks.afterTask} AND earlier.state = 'succeeded'))`,
        ),
      )
      .orderBy(taskGroups.position, tasks.groupId, tasks.step)
      .limit(5);
    const next = candidates.find((candidate) => sendable(candidate.group));
    if (!next) return undefined;
    const [task] = await tx
      .update(tasks)
      .set({ state: 'sent', attempts: next.task.attempts + 1, progress: null, updatedAt: now })
      .where(and(eq(tasks.id, next.task.id), eq(tasks.state, 'queued')))
      .returning();
    if (!task) return undefined;
    await logTask(tx as unknown as Db, task, now);
    return { task, group: next.group, serial: device.serial };
  });
}

/** A device's open tasks (what a hello decides about). */
export function openTasksOf(db: Db, deviceId: number) {
  return db
    .select({ task: tasks, group: taskGroups })
    .from(tasks)
    .innerJoin(taskGroups, eq(taskGroups.id, tasks.groupId))
    .where(and(eq(tasks.deviceId, deviceId), inArray(tasks.state, ['sent', 'in_progress'])));
}

/** A task with its group, by id (a device's answer names it). */
export async function taskWithGroup(db: Db, id: string) {
  const [row] = await db
    .select({ task: tasks, group: taskGroups })
    .from(tasks)
    .innerJoin(taskGroups, eq(taskGroups.id, tasks.groupId))
    .where(eq(tasks.id, id));
  return row;
}

/** The counts of a group's tasks by state. */
export async function countsOf(db: Db, groupIds: readonly number[]): Promise<Map<number, TaskCounts>> {
  const counts = new Map<number, TaskCounts>();
  if (groupIds.length === 0) return counts;
  const rows = await db
    .select({ groupId: tasks.groupId, state: tasks.state, n: sql<number>`count(*)::int` })
    .from(tasks)
    .where(inArray(tasks.groupId, [...groupIds]))
    .groupBy(tasks.groupId, tasks.state);
  for (const id of groupIds) {
    counts.set(id, Object.fromEntries(TASK_STATES.map((state) => [state, 0])) as TaskCounts);
  }
  for (const row of rows) {
    const entry = counts.get(row.groupId);
    if (entry) entry[row.state] = Number(row.n);
  }
  return counts;
}

/** A group whose tasks have all ended is finished (or stays cancelled); answers its state. */
export async function settleGroup(db: Db, groupId: number, now: Date): Promise<TaskGroupRow | undefined> {
  const [open] = await db
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(eq(tasks.groupId, groupId), inArray(tasks.state, [...OPEN_STATES])))
    .limit(1);
  if (!open) {
    await db
      .update(taskGroups)
      .set({
        state: sql`CASE WHEN ${taskGroups.state} = 'cancelled' THEN 'cancelled' ELSE 'finished' END`,
        finishedAt: now,
      })
      .where(and(eq(taskGroups.id, groupId), sql`${taskGroups.finishedAt} IS NULL`));
  }
  const [group] = await db.select().from(taskGroups).where(eq(taskGroups.id, groupId));
  return group;
}

export const TASK_GROUP_FIELDS = [
  'id',
  'action',
  'summary',
  'state',
  'company_id',
  'company_name',
  'created_by',
  'created_by_email',
  'created_at',
  'expires_at',
  'position',
  'total',
  'counts',
  'finished_at',
  'file_id',
  'starts_at',
  'window_start',
  'window_end',
  'time_zone',
  'canary_percent',
  'wave_count',
  'failure_threshold',
  'current_wave',
  'paused_reason',
  'paused_args',
  'steps',
] as const;

const selectGroups = (db: Db, where: SQL | undefined) =>
  db
    .select({
      group: taskGroups,
      companyName: companies.name,
      companyPath: companies.path,
      email: users.email,
    })
    .from(taskGroups)
    .innerJoin(companies, eq(companies.id, taskGroups.companyId))
    .leftJoin(users, eq(users.id, taskGroups.createdBy))
    .where(where)
    .$dynamic();
type GroupListRow = Awaited<ReturnType<typeof selectGroups>>[number];

/** Groups as the API answers them, with their counts. */
async function toGroups(db: Db, rows: readonly GroupListRow[]): Promise<TaskGroup[]> {
  const counts = await countsOf(
    db,
    rows.map((row) => row.group.id),
  );
  return rows.map((row) => ({
    id: row.group.id,
    action: row.group.action as TaskAction,
    summary: row.group.summary,
    state: row.group.state,
    company_id: row.group.companyId,
    company_name: row.companyName,
    created_by: row.group.createdBy,
    created_by_email: row.email,
    created_at: row.group.createdAt.toISOString(),
    expires_at: row.group.expiresAt.toISOString(),
    position: row.group.position,
    total: row.group.total,
    counts: counts.get(row.group.id) as TaskCounts,
    finished_at: row.group.finishedAt?.toISOString() ?? null,
    file_id: row.group.fileId,
    starts_at: row.group.startsAt?.toISOString() ?? null,
    window_start: row.group.windowStart === null ? null : timeOfDay(row.group.windowStart),
    window_end: row.group.windowEnd === null ? null : timeOfDay(row.group.windowEnd),
    time_zone: row.group.timeZone,
    canary_percent: row.group.canaryPercent,
    wave_count: row.group.waveCount,
    failure_threshold: row.group.failureThreshold,
    current_wave: row.group.currentWave,
    paused_reason: row.group.pausedReason,
    paused_args: row.group.pausedArgs ?? null,
    steps: stepsOf(row.group),
  }));
}

/** A task list group's steps as it runs them (kept in its parameters when it was made). */
function stepsOf(group: TaskGroupRow): TaskGroup['steps'] {
  const steps = (group.params as { steps?: Record<string, string | number>[] }).steps;
  if (group.action !== 'task_list' || !steps) return null;
  return steps.map((step) => ({
    action: String(step.action) as TaskAction,
    command: typeof step.command === 'string' ? step.command : null,
    version: typeof step.version === 'string' && step.version !== '' ? step.version : null,
  }));
}

/** A page of the groups of the companies the caller sees, newest first unless sorted otherwise. */
export async function listTaskGroups(
  db: Db,
  auth: AuthContext,
  query: {
    q?: string | undefined;
    state?: TaskGroupState | undefined;
    action?: TaskAction | undefined;
    company_id?: number | undefined;
    created_by?: number | undefined;
    company?: string | undefined;
    created_by_email?: string | undefined;
    created_from?: string | undefined;
    created_to?: string | undefined;
    sort: SortKey<(typeof TASK_GROUP_FIELDS)[number]>[];
    limit: number;
    offset: number;
  },
): Promise<{ rows: TaskGroup[]; total: number }> {
  const sortable: Partial<Record<(typeof TASK_GROUP_FIELDS)[number], AnyColumn>> = {
    id: taskGroups.id,
    action: taskGroups.action,
    state: taskGroups.state,
    company_name: companies.name,
    created_at: taskGroups.createdAt,
    expires_at: taskGroups.expiresAt,
    position: taskGroups.position,
    total: taskGroups.total,
  };
  const conditions: SQL[] = [visibleCompanies(auth)];
  if (query.q) {
    conditions.push(
      sql`(${ilike(taskGroups.summary, contains(query.q))} OR ${ilike(companies.name, contains(query.q))} OR ${ilike(users.email, contains(query.q))})`,
    );
  }
  if (query.state) conditions.push(eq(taskGroups.state, query.state));
  if (query.action) conditions.push(eq(taskGroups.action, query.action));
  if (query.company_id !== undefined) conditions.push(eq(taskGroups.companyId, query.company_id));
  if (query.created_by !== undefined) conditions.push(eq(taskGroups.createdBy, query.created_by));
  if (query.company) conditions.push(ilike(companies.name, contains(query.company)));
  if (query.created_by_email) conditions.push(ilike(users.email, contains(query.created_by_email)));
  if (query.created_from)
    conditions.push(sql`${taskGroups.createdAt} >= ${`${query.created_from}T00:00:00Z`}::timestamptz`);
  if (query.created_to) {
    conditions.push(
      sql`${taskGroups.createdAt} < (${`${query.created_to}T00:00:00Z`}::timestamptz + interval '1 day')`,
    );
  }
  const where = and(...conditions);
  const order = query.sort.flatMap((key) => {
    const column = sortable[key.field];
    return column ? [key.descending ? desc(column) : asc(column)] : [];
  });
  const [rows, [total]] = await Promise.all([
    selectGroups(db, where)
      .orderBy(...(order.length ? order : [desc(taskGroups.createdAt)]), desc(taskGroups.id))
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({ value: count() })
      .from(taskGroups)
      .innerJoin(companies, eq(companies.id, taskGroups.companyId))
      .leftJoin(users, eq(users.id, taskGroups.createdBy))
      .where(where),
  ]);
  return { rows: await toGroups(db, rows), total: total?.value ?? 0 };
}

/** A group the caller sees; 404 alike for another tenant's and a missing one. */
export async function taskGroupFor(db: Db, auth: AuthContext, id: number): Promise<TaskGroup> {
  const [row] = await selectGroups(db, eq(taskGroups.id, id));
  if (!row || !canSeeCompany(auth, { id: row.group.companyId ?? 0, path: row.companyPath })) {
    throw notFound(
      'This task group was not found among yours: it does not exist, or it belongs to a company you cannot see.',
    );
  }
  const [group] = await toGroups(db, [row]);
  const waves = await db
    .select({ wave: tasks.wave, state: tasks.state, n: sql<number>`count(*)::int` })
    .from(tasks)
    .where(eq(tasks.groupId, id))
    .groupBy(tasks.wave, tasks.state)
    .orderBy(tasks.wave);
  const byWave = new Map<number, { wave: number; total: number; counts: TaskCounts }>();
  for (const entry of waves) {
    const wave = byWave.get(entry.wave) ?? {
      wave: entry.wave,
      total: 0,
      counts: Object.fromEntries(TASK_STATES.map((state) => [state, 0])) as TaskCounts,
    };
    wave.counts[entry.state] = Number(entry.n);
    wave.total += Number(entry.n);
    byWave.set(entry.wave, wave);
  }
  return { ...(group as TaskGroup), waves: [...byWave.values()] };
}

export const TASK_FIELDS = [
  'id',
  'device_id',
  'device_name',
  'serial',
  'action',
  'step',
  'state',
  'progress',
  'message',
  'message_code',
  'message_args',
  'attempts',
  'wave',
  'updated_at',
  'finished_at',
] as const;

/** A page of a group's tasks (Task group table), with each device's name. */
export async function listGroupTasks(
  db: Db,
  groupId: number,
  query: {
    q?: string | undefined;
    state?: TaskState | undefined;
    limit: number;
    offset: number;
    sort: SortKey<(typeof TASK_FIELDS)[number]>[];
  },
): Promise<{ rows: Task[]; total: number }> {
  const conditions: SQL[] = [eq(tasks.groupId, groupId)];
  if (query.state) conditions.push(eq(tasks.state, query.state));
  if (query.q)
    conditions.push(
      sql`(${ilike(devices.name, contains(query.q))} OR ${ilike(devices.serial, contains(query.q))})`,
    );
  const where = and(...conditions);
  const sortable: Partial<Record<(typeof TASK_FIELDS)[number], AnyColumn>> = {
    device_name: devices.name,
    serial: devices.serial,
    step: tasks.step,
    state: tasks.state,
    progress: tasks.progress,
    attempts: tasks.attempts,
    wave: tasks.wave,
    updated_at: tasks.updatedAt,
    finished_at: tasks.finishedAt,
  };
  const order = query.sort.flatMap((key) => {
    const column = sortable[key.field];
    return column ? [key.descending ? desc(column) : asc(column)] : [];
  });
  const [rows, [total]] = await Promise.all([
    db
      .select({ task: tasks, name: devices.name, serial: devices.serial })
      .from(tasks)
      .innerJoin(devices, eq(devices.id, tasks.deviceId))
      .where(where)
      .orderBy(...order, asc(devices.name), asc(tasks.deviceId), asc(tasks.step), asc(tasks.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ value: count() }).from(tasks).innerJoin(devices, eq(devices.id, tasks.deviceId)).where(where),
  ]);
  return {
    rows: rows.map((row) => ({
      id: row.task.id,
      group_id: row.task.groupId,
      device_id: row.task.deviceId,
      device_name: row.name,
      serial: row.serial,
      action: row.task.action as TaskAction,
      step: row.task.step,
      state: row.task.state,
      progress: row.task.progress,
      ...messageFields(row.task),
      attempts: row.task.attempts,
      wave: row.task.wave,
      updated_at: row.task.updatedAt.toISOString(),
      finished_at: row.task.finishedAt?.toISOString() ?? null,
    })),
    total: total?.value ?? 0,
  };
}

/** Actions list on a device: its tasks, newest first, with their group's action and words. */
export async function tasksOfDevice(
  db: Db,
  deviceId: number,
  page: { limit: number; offset: number },
): Promise<{ rows: DeviceTask[]; total: number }> {
  const where = eq(tasks.deviceId, deviceId);
  const [rows, [total]] = await Promise.all([
    db
      .select({ task: tasks, group: taskGroups })
      .from(tasks)
      .innerJoin(taskGroups, eq(taskGroups.id, tasks.groupId))
      .where(where)
      .orderBy(desc(taskGroups.createdAt), desc(taskGroups.id), desc(tasks.step))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(tasks).where(where),
  ]);
  return {
    rows: rows.map(({ task, group }) => ({
      id: task.id,
      group_id: group.id,
      action: task.action as TaskAction,
      step: task.step,
      group_action: group.action as TaskAction,
      summary: group.summary,
      state: task.state,
      progress: task.progress,
      ...messageFields(task),
      created_at: group.createdAt.toISOString(),
      updated_at: task.updatedAt.toISOString(),
    })),
    total: total?.value ?? 0,
  };
}

/** A task's log, oldest first (Task logs). */
export async function logsOf(db: Db, taskId: string): Promise<TaskLog[]> {
  const rows = await db.select().from(taskLogs).where(eq(taskLogs.taskId, taskId)).orderBy(asc(taskLogs.id));
  return rows.map((row) => ({
    at: row.at.toISOString(),
    state: row.state as TaskState,
    progress: row.progress,
    ...messageFields(row),
  }));
}

/**
 * Device file view: the tasks that sent a file to the caller's devices (its firmware updates),
 * every state counted and the newest `limit` listed. Devices the caller does not see stay out of
 * both (a global image is sent to many companies' devices).
 */
export async function fileDevices(
  db: Db,
  auth: AuthContext,
  fileId: number,
  limit: number,
): Promise<FileDevices> {
  // A task list's other steps send no file: only its firmware step counts.
  const where = and(eq(taskGroups.fileId, fileId), eq(tasks.action, 'firmware.update'), visibleDevices(auth));
  const [byState, rows] = await Promise.all([
    db
      .select({ state: tasks.state, value: count() })
      .from(tasks)
      .innerJoin(taskGroups, eq(taskGroups.id, tasks.groupId))
      .innerJoin(devices, eq(devices.id, tasks.deviceId))
      .where(where)
      .groupBy(tasks.state),
    db
      .select({ task: tasks, action: tasks.action, name: devices.name })
      .from(tasks)
      .innerJoin(taskGroups, eq(taskGroups.id, tasks.groupId))
      .innerJoin(devices, eq(devices.id, tasks.deviceId))
      .where(where)
      .orderBy(desc(tasks.updatedAt), asc(tasks.id))
      .limit(limit),
  ]);
  const counts = Object.fromEntries(TASK_STATES.map((state) => [state, 0])) as TaskCounts;
  for (const row of byState) counts[row.state] = Number(row.value);
  return {
    counts,
    devices: rows.map(({ task, action, name }) => ({
      task_id: task.id,
      group_id: task.groupId,
      action: action as TaskAction,
      device_id: task.deviceId,
      device_name: name,
      state: task.state,
      ...messageFields(task),
      updated_at: task.updatedAt.toISOString(),
    })),
  };
}
