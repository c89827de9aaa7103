import { z } from 'zod';
import { idSchema, integerSchema, textSchema } from './fields.ts';

/**
 * The task engine (spec §2 Task manager, Task group table, Task logs, Task group logs, Cancel
 * updates; §7 `/devices/tasks/groups`, `/devices/updates/cancel`): a task is one operation for
 * one device; a task group is one user action over many devices. One definition for the API,
 * the console and the realtime events.
 */

/** What a task does on its device (the device protocol's commands). */
export const TASK_ACTIONS = ['reboot', 'refresh', 'cli', 'firmware.update', 'backup.upload'] as const;
export type TaskAction = (typeof TASK_ACTIONS)[number];

/**
 * A task's states: it waits (queued: for its time, its device or its turn), is sent, runs (the
 * device reports progress), and ends one way: succeeded, failed (with the device's reason),
 * cancelled (by a user) or expired (its deadline passed before it could end).
 */
export const TASK_STATES = [
  'queued',
  'sent',
  'in_progress',
  'succeeded',
  'failed',
  'cancelled',
  'expired',
] as const;
export type TaskState = (typeof TASK_STATES)[number];

/** The states a task ends in; a task in one never changes again. */
export const FINAL_TASK_STATES: ReadonlySet<TaskState> = new Set([
  'succeeded',
  'failed',
  'cancelled',
  'expired',
]);
export const isFinalTaskState = (state: TaskState): boolean => FINAL_TASK_STATES.has(state);

/** A group's state, from its tasks': waiting, running, paused (by a health gate or a user), done. */
export const TASK_GROUP_STATES = ['scheduled', 'running', 'paused', 'finished', 'cancelled'] as const;
export type TaskGroupState = (typeof TASK_GROUP_STATES)[number];

/** How long a group's tasks may wait for their devices, in hours (a setting per group). */
export const TASK_DEADLINE_HOURS = { min: 1, max: 24 * 30, default: 24 * 7 } as const;
/** How often a task is tried again after a transient failure (the device dropped mid-task). */
export const TASK_MAX_ATTEMPTS = 3;
/** Devices in one task group: the bulk limit of the devices list's selection. */
export const TASK_GROUP_MAX_DEVICES = 10_000;

/** The counts of a group's tasks by state (the Task manager's progress bar). */
export const taskCountsSchema = z.object(
  Object.fromEntries(TASK_STATES.map((state) => [state, z.number().int()])) as Record<TaskState, z.ZodNumber>,
);
export type TaskCounts = z.infer<typeof taskCountsSchema>;

/** A task group as the API answers it: GET /devices/tasks/groups (rows) and /{id}. */
export const taskGroupSchema = z.object({
  id: z.number(),
  action: z.enum(TASK_ACTIONS),
  /** What the user asked for, in the words of its action ("uptime", "RUT9_R_00.07.09"). */
  summary: z.string().nullable(),
  state: z.enum(TASK_GROUP_STATES),
  company_id: z.number().nullable(),
  company_name: z.string().nullable(),
  created_by: z.number().nullable(),
  created_by_email: z.string().nullable(),
  created_at: z.string(),
  /** Tasks not ended by then expire. */
  expires_at: z.string(),
  /** Queued groups run in this order (Task ordering): lower first. */
  position: z.number(),
  total: z.number().int(),
  counts: taskCountsSchema,
  finished_at: z.string().nullable(),
});
export type TaskGroup = z.infer<typeof taskGroupSchema>;

/** One task as the API answers it: a group's devices (Task group table). */
export const taskSchema = z.object({
  id: z.uuid(),
  group_id: z.number(),
  device_id: z.number(),
  device_name: z.string(),
  serial: z.string(),
  state: z.enum(TASK_STATES),
  /** 0–100 while in progress. */
  progress: z.number().int().nullable(),
  /** The device's words on how it ended (failed), or the engine's (expired, cancelled). */
  message: z.string().nullable(),
  attempts: z.number().int(),
  updated_at: z.string(),
  finished_at: z.string().nullable(),
});
export type Task = z.infer<typeof taskSchema>;

/** A line of a task's log (Task logs): every change of its state, with the device's words. */
export const taskLogSchema = z.object({
  at: z.string(),
  state: z.enum(TASK_STATES),
  progress: z.number().int().nullable(),
  message: z.string().nullable(),
});
export type TaskLog = z.infer<typeof taskLogSchema>;

/** The realtime event of a task's change, on its company's `tasks` topic and the group's channel. */
export const taskChangeSchema = z.object({
  group_id: z.number(),
  task: taskSchema.pick({ id: true, device_id: true, state: true, progress: true, message: true }),
  counts: taskCountsSchema,
  group_state: z.enum(TASK_GROUP_STATES),
});
export type TaskChange = z.infer<typeof taskChangeSchema>;

/** Which devices a group is for: chosen ones (ids), never more than a group holds. */
const deviceIds = z
  .array(idSchema)
  .min(1, 'Choose at least one device.')
  .max(TASK_GROUP_MAX_DEVICES, `At most ${TASK_GROUP_MAX_DEVICES} devices in one task.`)
  .refine((ids) => new Set(ids).size === ids.length, 'A device is named twice.');

const deadline = integerSchema({ min: TASK_DEADLINE_HOURS.min, max: TASK_DEADLINE_HOURS.max }).default(
  TASK_DEADLINE_HOURS.default,
);

/** POST /devices/tasks/groups: one action for many devices. */
export const newTaskGroupSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('reboot'), device_ids: deviceIds, deadline_hours: deadline }),
  z.object({ action: z.literal('refresh'), device_ids: deviceIds, deadline_hours: deadline }),
  z.object({
    action: z.literal('cli'),
    device_ids: deviceIds,
    deadline_hours: deadline,
    command: textSchema().min(1, 'Enter a command.').max(1000),
  }),
]);
export type NewTaskGroup = z.output<typeof newTaskGroupSchema>;

/** POST /devices/updates/cancel (spec §2 Cancel updates): a group's unfinished tasks, or chosen ones. */
export const cancelTasksSchema = z
  .object({
    group_id: idSchema.optional(),
    task_ids: z.array(z.uuid()).min(1).max(TASK_GROUP_MAX_DEVICES).optional(),
  })
  .refine(
    (body) => body.group_id !== undefined || body.task_ids !== undefined,
    'Choose a task group or tasks.',
  );
export type CancelTasks = z.output<typeof cancelTasksSchema>;
