import { z } from 'zod';
import { AUDIT_EVENTS, MAX_EVENT_FILTER } from './audit-events.ts';
import { deviceActivitySchema } from './device-schemas.ts';

/**
 * The audit log (GET /audit-log): every successful write, with both identities while
 * impersonating, and its event type (audit-events.ts) for reading it.
 */

/**
 * How a command sent to a device ended (a reboot, a refresh, a CLI command): reported by the
 * device after the entry was written, so kept beside the log, not in its hash chain. `running`
 * until the device answers (or for good, when the API restarted before it did).
 */
export const commandOutcomeSchema = z.object({
  state: z.enum(['running', 'succeeded', 'failed']),
  /** Why it failed, as the device or the API said it (untrusted text). */
  message: z.string().nullable(),
  started_at: z.string(),
  /** When it ended: for a reboot, when the device was back online. */
  finished_at: z.string().nullable(),
});
export type CommandOutcome = z.infer<typeof commandOutcomeSchema>;

/** What an entry says for reading it, in the log and in a device's activity. */
const readableEntry = {
  event: z
    .string()
    .nullable()
    .describe('the event type (audit-events.ts); null on entries written before event types'),
  /** Who acted, by name (null once the user is gone), and the admin while impersonating. */
  user_name: z.string().nullable(),
  actor_name: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  outcome: commandOutcomeSchema.nullable().describe('how a command sent to a device ended'),
};

/** An entry of GET /audit-log. */
export const auditLogEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  actor_user_id: z.number().nullable().describe('the admin, while impersonating'),
  user_id: z.number().nullable(),
  company_id: z.number().nullable(),
  action: z
    .string()
    .describe('the method and route that wrote it (for machines; never shown in the console)'),
  entity: z.string(),
  entity_id: z.string().nullable(),
  hash: z.string(),
  /** Who acted and where, for reading the log (null once the user or company is gone). */
  user_email: z.string().nullable(),
  company_name: z.string().nullable(),
  /** The device an entry is about, by its name now (null for other entries or a removed device). */
  subject_name: z.string().nullable(),
  ...readableEntry,
});
export type AuditLogEntry = z.infer<typeof auditLogEntrySchema>;

/** `event=device.reboot,device.refresh`: entries of these event types only. */
export const auditEventFilterSchema = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.enum(AUDIT_EVENTS)).min(1).max(MAX_EVENT_FILTER));

/** GET /audit-log's own filters, beside the list conventions. */
export const auditLogFilterShape = { event: auditEventFilterSchema.optional() };

/**
 * An event of a device's activity (GET /devices/{id}/activity): a connection, an action (an audit
 * entry about the device, or a bulk action that included it) or a note.
 */
export const deviceActivityEntrySchema = deviceActivitySchema.omit({ action: true }).extend({
  actor_user_id: z.number().nullable().optional(),
  ...z.object(readableEntry).partial().shape,
});
export type DeviceActivityEntry = z.infer<typeof deviceActivityEntrySchema>;
