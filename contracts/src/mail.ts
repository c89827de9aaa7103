import { z } from 'zod';
import { integerSchema, textSchema } from './fields.ts';
import { EMAIL_MAX_LENGTH } from './user-limits.ts';

/**
 * The e-mail outbox: where the messages go while no SMTP server is set (the demo, development).
 * The platform admin reads them under System services → E-mail outbox; tests follow their
 * links through GET /testing/outbox.
 */

/** GET /mail/outbox (and the local GET /testing/outbox): a recipient filter and a page size. */
export const outboxQuerySchema = z.object({
  to: textSchema()
    .toLowerCase()
    .max(EMAIL_MAX_LENGTH, `must be at most ${EMAIL_MAX_LENGTH} characters`)
    .optional(),
  limit: integerSchema({ min: 1, max: 100 }).default(20),
});

/** One captured message. */
export const outboxMailSchema = z.object({
  id: z.number(),
  to: z.string(),
  from: z.string(),
  kind: z.string().describe('invitation, password_reset, mfa_code, …'),
  locale: z.string(),
  brand_id: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  link: z.string().nullable().describe('the link the message carries, if any'),
  created_at: z.string(),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;

/** GET /mail/outbox: whether e-mail is captured here at all, and the newest messages. */
export const outboxAnswerSchema = z.object({
  captured: z.boolean().describe('false when e-mail is sent through SMTP or in production'),
  mails: z.array(outboxMailSchema),
});
export type OutboxAnswer = z.infer<typeof outboxAnswerSchema>;
