import { z } from 'zod';
import {
  CONFIG_ROLLBACK_S,
  type ConfigChanges,
  type ConfigUniqueRow,
  configSectionsSchema,
  configUniqueRowSchema,
  configValueSchema,
  SECRET_OPTIONS,
} from './device-config.ts';
import { deviceFilterSchema } from './device-schemas.ts';
import { idSchema, integerSchema, textSchema } from './fields.ts';

/**
 * The task engine (spec §2 Task manager, Task group table, Task logs, Task group logs, Cancel
 * updates; §7 `/devices/tasks/groups`, `/devices/updates/cancel`): a task is one operation for
 * one device; a task group is one user action over many devices. One definition for the API,
 * the console and the realtime events.
 */

/** What a task does on its device (the device protocol's commands). */
export const TASK_ACTIONS = [
  'reboot',
  'refresh',
  'cli',
  'firmware.update',
  'backup.upload',
  'password.set',
  'task_list',
  'config.write',
] as const;
export type TaskAction = (typeof TASK_ACTIONS)[number];

/**
 * Execute task list (spec §2): a saved list of steps a company runs on a selection, one task per
 * device and step. A device's next step is sent only once its previous one succeeded; a step
 * that fails, expires or is cancelled leaves the device's later steps not run (cancelled, saying
 * why). A list holds one firmware step at most (one image per run).
 */
export const TASK_LIST_STEP_ACTIONS = [
  'reboot',
  'refresh',
  'cli',
  'firmware.update',
  'backup.upload',
] as const;
export type TaskListStepAction = (typeof TASK_LIST_STEP_ACTIONS)[number];
export const TASK_LIST_LIMITS = { steps: { min: 1, max: 10 }, nameMax: 100 } as const;

/**
 * The engine's own words on a task (a message the device did not write), as a code and its
 * values, so the console says them in the user's language; `message` keeps them in English for
 * logs and API clients. A device's own words have no code.
 */
export const TASK_MESSAGE_CODES = [
  'restarting',
  'back_online',
  'running_firmware',
  'came_back_on',
  'already_done',
  'device_failure',
  'cancelled_by',
  'deadline_passed',
  'dropped_resend',
  'dropped_gave_up',
  'no_answer_retry',
  'no_answer_gave_up',
  'no_progress_retry',
  'no_progress_gave_up',
  'password_unreadable',
  'step_not_run',
  'config_applied',
] as const;
export type TaskMessageCode = (typeof TASK_MESSAGE_CODES)[number];
/** The values a message's words take (seconds, a firmware name, who cancelled, a step). */
export const taskMessageArgsSchema = z.record(z.string(), z.union([z.string(), z.number()]));
export type TaskMessageArgs = z.infer<typeof taskMessageArgsSchema>;
const messageCode = z.enum(TASK_MESSAGE_CODES).nullable();

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

/**
 * A firmware campaign's waves (issue 21 §4): a canary share of the devices first, then the rest
 * in `wave_count` waves. After each wave the share of its devices that failed is held against
 * the threshold; above it the campaign pauses by itself until a user resumes or aborts it.
 */
export const CAMPAIGN_LIMITS = {
  canaryPercent: { min: 1, max: 50 },
  waveCount: { min: 1, max: 20, default: 1 },
  failureThreshold: { min: 1, max: 100, default: 20 },
} as const;

/** A time of day, 00:00–23:59 (a maintenance window's ends). */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;
export const minutesOf = (time: string): number => {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
};
export const timeOfDay = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

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
  /** The devices it is for (a task list has a task per device and step: its counts add up to more). */
  total: z.number().int(),
  counts: taskCountsSchema,
  finished_at: z.string().nullable(),
  /** A firmware campaign's image (a file), or null. */
  file_id: z.number().nullable(),
  /** Not started before then (a scheduled group). */
  starts_at: z.string().nullable(),
  /** A daily maintenance window ('HH:MM', both ends) in `time_zone`: tasks are sent only inside it. */
  window_start: z.string().nullable(),
  window_end: z.string().nullable(),
  time_zone: z.string().nullable(),
  /** Waves: the canary's share of the devices (null: no canary), the waves after it, the gate. */
  canary_percent: z.number().int().nullable(),
  wave_count: z.number().int(),
  failure_threshold: z.number().int().nullable(),
  /** The wave being sent now (0 is the canary, or the only wave). */
  current_wave: z.number().int(),
  /** Why the group paused itself (a health gate), in words; null when it runs or a user paused it. */
  paused_reason: z.string().nullable(),
  /** The same reason as values, for the console to say in the user's language. */
  paused_args: z
    .object({
      wave: z.number().int(),
      canary: z.boolean(),
      failed: z.number().int(),
      ended: z.number().int(),
      threshold: z.number().int(),
    })
    .nullable(),
  /** A task list's steps as the group runs them (its command, its image's version); null for other groups. */
  steps: z
    .array(
      z.object({
        action: z.enum(TASK_ACTIONS),
        command: z.string().nullable(),
        version: z.string().nullable(),
      }),
    )
    .nullable(),
  /** Each wave's size and counts by state (only in GET /devices/tasks/groups/{id}). */
  waves: z
    .array(z.object({ wave: z.number().int(), total: z.number().int(), counts: taskCountsSchema }))
    .optional(),
});
export type TaskGroup = z.infer<typeof taskGroupSchema>;

/** One task as the API answers it: a group's devices (Task group table). */
export const taskSchema = z.object({
  id: z.uuid(),
  group_id: z.number(),
  device_id: z.number(),
  device_name: z.string(),
  serial: z.string(),
  /** What the task does: its group's action, or its step's in a task list. */
  action: z.enum(TASK_ACTIONS),
  /** Its step in a task list (0 is the first); 0 otherwise. */
  step: z.number().int(),
  state: z.enum(TASK_STATES),
  /** 0–100 while in progress. */
  progress: z.number().int().nullable(),
  /** The device's words on how it ended (failed), or the engine's (expired, cancelled). */
  message: z.string().nullable(),
  /** The engine's words as a code and values (null: the device's own words, or none). */
  message_code: messageCode,
  message_args: taskMessageArgsSchema.nullable(),
  attempts: z.number().int(),
  /** The campaign wave the task belongs to (0: the canary, or the only wave). */
  wave: z.number().int(),
  updated_at: z.string(),
  finished_at: z.string().nullable(),
});
export type Task = z.infer<typeof taskSchema>;

/** Actions list on a device (GET /devices/{id}/tasks): its tasks, newest first, with their group's action. */
export const deviceTaskSchema = taskSchema
  .pick({
    id: true,
    group_id: true,
    action: true,
    step: true,
    state: true,
    progress: true,
    message: true,
    message_code: true,
    message_args: true,
    updated_at: true,
  })
  .extend({
    /** Its group's action: 'task_list' for a step of a task list (whose name is the summary). */
    group_action: z.enum(TASK_ACTIONS),
    summary: z.string().nullable(),
    created_at: z.string(),
  });
export type DeviceTask = z.infer<typeof deviceTaskSchema>;

/** A line of a task's log (Task logs): every change of its state, with the device's words. */
export const taskLogSchema = z.object({
  at: z.string(),
  state: z.enum(TASK_STATES),
  progress: z.number().int().nullable(),
  message: z.string().nullable(),
  message_code: messageCode,
  message_args: taskMessageArgsSchema.nullable(),
});
export type TaskLog = z.infer<typeof taskLogSchema>;

/** The realtime event of a task's change, on its company's `tasks` topic and the group's channel. */
export const taskChangeSchema = z.object({
  group_id: z.number(),
  /** The task that changed; null when only the group did (paused, resumed, a new wave). */
  task: taskSchema
    .pick({
      id: true,
      device_id: true,
      action: true,
      step: true,
      state: true,
      progress: true,
      message: true,
      message_code: true,
      message_args: true,
      attempts: true,
      updated_at: true,
    })
    .nullable(),
  counts: taskCountsSchema,
  group_state: z.enum(TASK_GROUP_STATES),
  current_wave: z.number().int(),
  paused_reason: z.string().nullable(),
  paused_args: taskGroupSchema.shape.paused_args,
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

/** The devices: chosen ones (`device_ids`), or every device matching a filter of the devices list (a tag, a model…). */
const target = {
  device_ids: deviceIds.optional(),
  filter: deviceFilterSchema.optional(),
  deadline_hours: deadline,
};

/** An IANA time zone this runtime knows ("Europe/Vilnius"). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return name.length > 0 && name.length <= 64;
  } catch {
    return false;
  }
}

const timeOfDayField = z.string().regex(TIME_OF_DAY, 'Enter a time as HH:MM (00:00–23:59).');

/** A firmware update: the image, when, and the campaign's waves. */
const firmwareUpdate = z.object({
  action: z.literal('firmware.update'),
  ...target,
  file_id: idSchema,
  /** Not before then; absent: now. */
  starts_at: z.iso.datetime({ offset: true, message: 'Enter a date and time.' }).max(40).optional(),
  /** A daily maintenance window in the company's time zone; absent: any time. */
  window: z
    .object({
      start: timeOfDayField,
      end: timeOfDayField,
      /** IANA name; absent: the company's time zone. */
      time_zone: z.string().max(64).refine(isTimeZone, 'Choose a time zone from the list.').optional(),
    })
    .refine((window) => window.start !== window.end, {
      message: 'The window must not start and end at the same time.',
      path: ['end'],
    })
    .optional(),
  canary_percent: integerSchema(CAMPAIGN_LIMITS.canaryPercent).optional(),
  wave_count: integerSchema(CAMPAIGN_LIMITS.waveCount).default(CAMPAIGN_LIMITS.waveCount.default),
  failure_threshold: integerSchema(CAMPAIGN_LIMITS.failureThreshold).default(
    CAMPAIGN_LIMITS.failureThreshold.default,
  ),
});

/** POST /devices/tasks/groups (and …/preview): one action for many devices. */
export const newTaskGroupSchema = z
  .discriminatedUnion('action', [
    z.object({ action: z.literal('reboot'), ...target }),
    z.object({ action: z.literal('refresh'), ...target }),
    /** Take a backup (issue 22): each device uploads its configuration archive through a signed link. */
    z.object({ action: z.literal('backup.upload'), ...target }),
    z.object({
      action: z.literal('cli'),
      ...target,
      command: textSchema().min(1, 'Enter a command.').max(1000),
    }),
    firmwareUpdate,
    /** Execute task list: a saved list's steps, in order, on each device. */
    z.object({ action: z.literal('task_list'), ...target, task_list_id: idSchema }),
    /**
     * A configuration change (issue 22): sections and their options, applied by each device all
     * at once; null removes a repeated section. With `rollback_s`, a device the change cuts off
     * from the console puts its previous configuration back after that long.
     */
    z.object({
      action: z.literal('config.write'),
      ...target,
      /** What every device gets (may be empty when each device's values come from `unique`). */
      changes: configSectionsSchema,
      /** A saved template's settings under `changes` (which win); refused for devices of another family. */
      template_id: idSchema.optional(),
      rollback_s: integerSchema(CONFIG_ROLLBACK_S).default(CONFIG_ROLLBACK_S.default),
      /**
       * Set unique (spec §2 Multi-config): the values that differ per device (a host name, a LAN
       * address), one row per chosen device by serial, each row naming the same options. A value
       * given twice, a serial that is not among the chosen devices, or a chosen device without a
       * row is refused, naming the row (`unique.<n>`).
       */
      unique: z.array(configUniqueRowSchema).max(TASK_GROUP_MAX_DEVICES).optional(),
    }),
  ])
  .superRefine((value, context) => {
    if (value.action === 'config.write')
      uniqueProblems(value.changes, value.unique, context, value.template_id !== undefined);
    if ((value.device_ids === undefined) === (value.filter === undefined))
      context.addIssue({
        code: 'custom',
        path: ['device_ids'],
        message: 'Choose devices or a filter, not both.',
      });
  });
export type NewTaskGroup = z.output<typeof newTaskGroupSchema>;

/** Why a device is left out of a firmware update (or a task list's firmware step): its model is unknown, does not fit, or it already runs the version. */
export const FIRMWARE_SKIP_CODES = ['model_unknown', 'model_unfit', 'same_version'] as const;
export type FirmwareSkipCode = (typeof FIRMWARE_SKIP_CODES)[number];
/**
 * Why a device is left out of a configuration change: its configuration is not known yet (it
 * has never reported one), it has no such section (`section`: a model without Wi-Fi), or it
 * already has every value (nothing to change).
 */
export const CONFIG_SKIP_CODES = ['config_unknown', 'config_no_section', 'config_same'] as const;
export type ConfigSkipCode = (typeof CONFIG_SKIP_CODES)[number];
export type TaskSkipCode = FirmwareSkipCode | ConfigSkipCode;

/** The most devices a configuration preview shows the diff of, one by one (the rest are counted). */
export const PREVIEW_DIFFS_MAX = 50;
/** The most companies a preview names with their device counts. */
export const PREVIEW_COMPANIES_MAX = 20;

/** One setting a configuration change changes on a device: what it reads now, what it will read (null: none). */
export const configDiffEntrySchema = z.object({
  section: z.string(),
  option: z.string(),
  from: configValueSchema.nullable(),
  to: configValueSchema.nullable(),
});
export type ConfigDiffEntry = z.infer<typeof configDiffEntrySchema>;

/** The error code of a firmware update whose image fits none of the chosen devices (422 on `file_id`). */
export const FIRMWARE_FITS_NONE = 'FIRMWARE_FITS_NONE';
/** The error code of a configuration change that fits none of the chosen devices (422 on `changes`). */
export const CONFIG_FITS_NONE = 'CONFIG_FITS_NONE';

/**
 * The dry run of a new group (POST /devices/tasks/groups/preview): how many devices it reaches,
 * in how many companies, how many wait offline, which are skipped and why, and the wave sizes.
 */
export const taskGroupPreviewSchema = z.object({
  devices: z.number().int(),
  companies: z.number().int(),
  offline: z.number().int(),
  skipped: z.array(
    z.object({
      device_id: z.number(),
      device_name: z.string(),
      /** Why, for the console to say in the user's language; `reason` says it in English. */
      code: z.enum([...FIRMWARE_SKIP_CODES, ...CONFIG_SKIP_CODES]),
      model: z.string().nullable(),
      firmware: z.string().nullable(),
      /** The section a device lacks (config_no_section). */
      section: z.string().optional(),
      reason: z.string(),
    }),
  ),
  skipped_total: z.number().int(),
  /** Skipped devices counted by reason (all of them, not only those named). */
  skipped_by_code: z.record(z.string(), z.number().int()).optional(),
  waves: z.array(z.number().int()),
  /** The companies reached, most devices first (at most PREVIEW_COMPANIES_MAX). */
  by_company: z
    .array(z.object({ company_id: z.number(), company_name: z.string(), devices: z.number().int() }))
    .optional(),
  /** A configuration change: how many distinct settings it changes over all devices. */
  settings: z.number().int().optional(),
  /** A configuration change: what changes on each device (the first PREVIEW_DIFFS_MAX). */
  diffs: z
    .array(
      z.object({
        device_id: z.number(),
        device_name: z.string(),
        serial: z.string(),
        connected: z.boolean(),
        changes: z.array(configDiffEntrySchema),
      }),
    )
    .optional(),
});
export type TaskGroupPreview = z.infer<typeof taskGroupPreviewSchema>;

/**
 * Task ordering (spec §2): a device runs one task at a time, its groups' tasks by position. A
 * group moved first is sent before every other group's waiting tasks; moved last, after them.
 */
export const taskGroupOrderSchema = z.object({ to: z.enum(['first', 'last']) });
export type TaskGroupOrder = z.infer<typeof taskGroupOrderSchema>;

/** A user's hand on a running group: pause it, resume it (past a health gate), or retry its failed devices. */
export const TASK_GROUP_CONTROLS = ['pause', 'resume'] as const;
export type TaskGroupControl = (typeof TASK_GROUP_CONTROLS)[number];

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

/**
 * How long a device page's action waits for an offline device, in hours: a reboot or a new
 * password for a day, a refresh or a CLI command (asked for now) for an hour.
 */
export const DEVICE_ACTION_DEADLINE_HOURS = {
  reboot: 24,
  refresh: 1,
  cli: 1,
  password: 24,
  config: 24,
} as const;

/** POST /devices/{id}/actions and …/cli: the one-device task group the action became, and its task. */
export const deviceTaskStartedSchema = z.object({
  id: z.number().describe('the device'),
  group_id: z.number(),
  task_id: z.uuid(),
  state: z.enum(TASK_STATES),
});
export type DeviceTaskStarted = z.infer<typeof deviceTaskStartedSchema>;

/** How many devices of a file's view are listed (the newest tasks first). */
export const FILE_DEVICES_SHOWN = 20;

/** Device file view (GET /files/{id}/devices): a device a file was sent to, as its task stands. */
export const fileDeviceSchema = z.object({
  task_id: z.uuid(),
  group_id: z.number(),
  action: z.enum(TASK_ACTIONS),
  device_id: z.number(),
  device_name: z.string(),
  state: z.enum(TASK_STATES),
  message: z.string().nullable(),
  message_code: messageCode,
  message_args: taskMessageArgsSchema.nullable(),
  updated_at: z.string(),
});
export type FileDevice = z.infer<typeof fileDeviceSchema>;

/** The devices (of the caller's) a file was sent to: every task's state counted, the newest listed. */
export const fileDevicesSchema = z.object({
  counts: taskCountsSchema,
  devices: z.array(fileDeviceSchema),
});
export type FileDevices = z.infer<typeof fileDevicesSchema>;

/** One step of a task list: an action and what it needs (a command, a firmware image). */
export const taskListStepSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('reboot') }),
  z.object({ action: z.literal('refresh') }),
  z.object({ action: z.literal('cli'), command: textSchema().min(1, 'Enter a command.').max(1000) }),
  z.object({ action: z.literal('firmware.update'), file_id: idSchema }),
  /** Take a backup: the device uploads its configuration archive (one credit of type 101 each). */
  z.object({ action: z.literal('backup.upload') }),
]);
export type TaskListStep = z.infer<typeof taskListStepSchema>;

/** POST /devices/task-lists and PUT /devices/task-lists/{id}: a saved list of steps. */
export const newTaskListSchema = z.object({
  name: textSchema()
    .trim()
    .min(1, 'Enter a name.')
    .max(TASK_LIST_LIMITS.nameMax, `At most ${TASK_LIST_LIMITS.nameMax} characters.`),
  /** The company the list belongs to (its users and those below it may run it); absent: the caller's. */
  company_id: idSchema.optional(),
  steps: z
    .array(taskListStepSchema)
    .min(TASK_LIST_LIMITS.steps.min, 'Add at least one step.')
    .max(TASK_LIST_LIMITS.steps.max, `At most ${TASK_LIST_LIMITS.steps.max} steps.`)
    .refine(
      (steps) => steps.filter((step) => step.action === 'firmware.update').length <= 1,
      'A list updates the firmware once at most.',
    ),
});
export type NewTaskList = z.output<typeof newTaskListSchema>;

/** A saved task list as the API answers it; a firmware step names its image (null: deleted). */
export const taskListSchema = z.object({
  id: z.number(),
  name: z.string(),
  company_id: z.number(),
  company_name: z.string(),
  steps: z.array(
    z.discriminatedUnion('action', [
      z.object({ action: z.literal('reboot') }),
      z.object({ action: z.literal('refresh') }),
      z.object({ action: z.literal('backup.upload') }),
      z.object({ action: z.literal('cli'), command: z.string() }),
      z.object({
        action: z.literal('firmware.update'),
        file_id: z.number(),
        file_name: z.string().nullable(),
        version: z.string().nullable(),
      }),
    ]),
  ),
  created_by_email: z.string().nullable(),
  updated_at: z.string(),
  /** The caller may change or delete it (it belongs to a company the caller manages). */
  editable: z.boolean(),
});
export type TaskList = z.infer<typeof taskListSchema>;

/**
 * Set unique's rules: every row names the same options (none of them also in the common change),
 * each serial once, and no value given to two devices; with no common change, rows are required.
 */
function uniqueProblems(
  changes: ConfigChanges,
  rows: readonly ConfigUniqueRow[] | undefined,
  context: z.RefinementCtx,
  fromTemplate: boolean,
): void {
  if (!rows || rows.length === 0) {
    if (Object.keys(changes).length === 0 && !fromTemplate)
      context.addIssue({ code: 'custom', path: ['changes'], message: 'Change at least one setting.' });
    return;
  }
  const optionsOf = (row: ConfigUniqueRow) =>
    Object.entries(row.changes).flatMap(([section, values]) =>
      Object.keys(values ?? {}).map((option) => `${section}.${option}`),
    );
  const first = optionsOf(rows[0] as ConfigUniqueRow).sort();
  const serials = new Map<string, number>();
  const seen = new Map<string, number>();
  rows.forEach((row, index) => {
    const options = optionsOf(row).sort();
    if (options.join() !== first.join()) {
      context.addIssue({
        code: 'custom',
        path: ['unique', index, 'changes'],
        message: `Give the same settings for every device: ${first.join(', ')}.`,
      });
      return;
    }
    const key = row.serial.toLowerCase();
    const before = serials.get(key);
    if (before !== undefined) {
      context.addIssue({
        code: 'custom',
        path: ['unique', index, 'serial'],
        message: `Device ${row.serial} is given twice (also in row ${before + 1}).`,
      });
    }
    serials.set(key, index);
    for (const [section, values] of Object.entries(row.changes)) {
      if (
        changes[section] &&
        Object.keys(values ?? {}).some((option) => option in (changes[section] ?? {}))
      ) {
        context.addIssue({
          code: 'custom',
          path: ['unique', index, 'changes', section],
          message: `A setting of "${section}" is both common and unique: choose one.`,
        });
      }
      // Texts only (a host name, an address, an SSID): a yes/no or a number may repeat, and a
      // secret is never said back.
      for (const [option, value] of Object.entries(values ?? {})) {
        if (typeof value !== 'string' || SECRET_OPTIONS.has(option)) continue;
        const valueKey = `${section}.${option}=${String(value)}`;
        const twice = seen.get(valueKey);
        if (twice !== undefined) {
          context.addIssue({
            code: 'custom',
            path: ['unique', index, 'changes', section, option],
            message: `"${String(value)}" is also given in row ${twice + 1}: each device needs its own ${section}.${option}.`,
          });
        } else seen.set(valueKey, index);
      }
    }
  });
}
