import { z } from 'zod';

/** The audit log (GET /audit-log): every successful write, with both identities while impersonating. */

/** An entry of GET /audit-log. */
export const auditLogEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  actor_user_id: z.number().nullable().describe('the admin, while impersonating'),
  user_id: z.number().nullable(),
  company_id: z.number().nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  hash: z.string(),
  /** Who acted and where, for reading the log (null once the user or company is gone). */
  user_email: z.string().nullable(),
  company_name: z.string().nullable(),
});
export type AuditLogEntry = z.infer<typeof auditLogEntrySchema>;
