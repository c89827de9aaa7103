import { z } from 'zod';
import { idSchema, integerSchema, textSchema } from './fields.ts';
import { TIME_OF_DAY } from './tasks.ts';

/**
 * Periodic backup rules (issue 22 "Backups"): a company's rule takes a backup of a device, of a
 * tag's devices or of a company's devices daily, weekly or monthly at a time of day in the
 * company's time zone, and keeps the last N backups it made of each device. The task engine's
 * scheduler runs them (docs/adr/0003-task-engine.md); each run is a `backup.upload` task group.
 *
 * A company target is that company's own devices, not its subsidiaries' (as the devices list's
 * company filter): each company's backups spend its own credits, and a subsidiary is covered by
 * a rule of its own, or a tag.
 */

export const BACKUP_RULE_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type BackupRuleFrequency = (typeof BACKUP_RULE_FREQUENCIES)[number];

/** What a rule backs up: one device, a tag's devices, or a company's own devices. */
export const BACKUP_RULE_TARGET_KINDS = ['device', 'tag', 'company'] as const;
export type BackupRuleTargetKind = (typeof BACKUP_RULE_TARGET_KINDS)[number];

export const BACKUP_RULE_LIMITS = {
  nameMax: 100,
  /** The backups a rule keeps of each device (its own; others' are never touched). */
  keep: { min: 1, max: 100, default: 7 },
  /** Weekdays as cron counts them: 0 is Sunday, 6 Saturday. */
  weekday: { min: 0, max: 6 },
  /** Up to the 28th, so that every month has the day. */
  dayOfMonth: { min: 1, max: 28 },
} as const;

/** The time of day a rule runs, HH:MM in its company's time zone. */
const timeField = z.string().max(5).regex(TIME_OF_DAY, 'Enter a time as HH:MM (00:00–23:59).');

/** A request's target: exactly one of a device, a tag or a company (the rule's or one below it). */
export const backupRuleTargetSchema = z
  .strictObject({
    device_id: idSchema.optional(),
    tag_id: idSchema.optional(),
    company_id: idSchema.optional(),
  })
  .refine(
    (target) => Object.values(target).filter((id) => id !== undefined).length === 1,
    'Choose one device, one tag or one company.',
  );

/** POST /devices/backup-rules and PUT /devices/backup-rules/{id}. */
export const newBackupRuleSchema = z
  .object({
    name: textSchema()
      .trim()
      .min(1, 'Enter a name.')
      .max(BACKUP_RULE_LIMITS.nameMax, `At most ${BACKUP_RULE_LIMITS.nameMax} characters.`),
    /** The company the rule belongs to; absent: the caller's. A rule stays in its company. */
    company_id: idSchema.optional(),
    target: backupRuleTargetSchema,
    frequency: z.enum(BACKUP_RULE_FREQUENCIES, 'Choose daily, weekly or monthly.'),
    /** Weekly: the weekday (0 Sunday … 6 Saturday). */
    weekday: integerSchema(BACKUP_RULE_LIMITS.weekday).optional(),
    /** Monthly: the day of the month, 1–28. */
    day_of_month: integerSchema(BACKUP_RULE_LIMITS.dayOfMonth).optional(),
    time: timeField,
    keep: integerSchema(BACKUP_RULE_LIMITS.keep).default(BACKUP_RULE_LIMITS.keep.default),
    enabled: z.boolean().default(true),
  })
  .superRefine((rule, context) => {
    if (rule.frequency === 'weekly' && rule.weekday === undefined) {
      context.addIssue({ code: 'custom', path: ['weekday'], message: 'Choose a weekday.' });
    }
    if (rule.frequency === 'monthly' && rule.day_of_month === undefined) {
      context.addIssue({ code: 'custom', path: ['day_of_month'], message: 'Choose a day of the month.' });
    }
  });
export type NewBackupRule = z.output<typeof newBackupRuleSchema>;
export type NewBackupRuleInput = z.input<typeof newBackupRuleSchema>;

/** A rule as the API answers it. */
export const backupRuleSchema = z.object({
  id: z.number(),
  name: z.string(),
  company_id: z.number(),
  company_name: z.string(),
  /** The company's time zone (IANA): the rule's time of day is in it. */
  time_zone: z.string(),
  target: z.union([
    z.object({ device_id: z.number() }),
    z.object({ tag_id: z.number() }),
    z.object({ company_id: z.number() }),
  ]),
  /** The device's, the tag's or the company's name; null once it has been deleted. */
  target_name: z.string().nullable(),
  frequency: z.enum(BACKUP_RULE_FREQUENCIES),
  weekday: z.number().int().nullable(),
  day_of_month: z.number().int().nullable(),
  time: z.string(),
  keep: z.number().int(),
  enabled: z.boolean(),
  /** When it runs next (ISO, UTC); null while it is disabled. */
  next_run_at: z.string().nullable(),
  last_run_at: z.string().nullable(),
  /** The task group its last run started; null when it found no device (or that group is gone). */
  last_group_id: z.number().nullable(),
  /** How many devices its last run asked for a backup. */
  last_run_devices: z.number().int().nullable(),
  /** Who made it: its runs are started in their name. Null once that user is deleted. */
  created_by_email: z.string().nullable(),
  updated_at: z.string(),
});
export type BackupRule = z.infer<typeof backupRuleSchema>;
export type BackupRuleTarget = BackupRule['target'];

/** The kind of a rule's target and its id. */
export function targetOf(target: BackupRuleTarget | z.output<typeof backupRuleTargetSchema>): {
  kind: BackupRuleTargetKind;
  id: number;
} {
  if ('device_id' in target && target.device_id !== undefined)
    return { kind: 'device', id: target.device_id };
  if ('tag_id' in target && target.tag_id !== undefined) return { kind: 'tag', id: target.tag_id };
  return { kind: 'company', id: (target as { company_id: number }).company_id };
}

/**
 * The cron expression of a rule (minute hour day-of-month month weekday), built from its fields,
 * for pg-boss's scheduler to evaluate in the company's time zone.
 */
export function cronOf(rule: {
  frequency: BackupRuleFrequency;
  time: string;
  weekday?: number | null | undefined;
  day_of_month?: number | null | undefined;
}): string {
  const [hours = 0, minutes = 0] = rule.time.split(':').map(Number);
  const dayOfMonth = rule.frequency === 'monthly' ? String(rule.day_of_month ?? 1) : '*';
  const weekday = rule.frequency === 'weekly' ? String(rule.weekday ?? 0) : '*';
  return `${minutes} ${hours} ${dayOfMonth} * ${weekday}`;
}

/** How long a run's group waits for offline devices: until shortly before the next run, a week at most. */
export function runDeadlineHours(frequency: BackupRuleFrequency): number {
  return frequency === 'daily' ? 23 : 24 * 7 - 1;
}
