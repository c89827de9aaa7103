import { z } from 'zod';
import { idSchema, textSchema } from './fields.ts';

/**
 * Announcements: a super admin's notice to every user of a company (or of its whole subtree),
 * delivered as notifications of type `announcement`.
 */

/** What one announcement may say: a notification summary, so short enough for the bell. */
export const ANNOUNCEMENT_MAX_LENGTH = 500;

/** POST /announcements. */
export const newAnnouncementSchema = z.object({
  company_id: idSchema,
  summary: textSchema({ multiline: true })
    .min(1, 'is required')
    .max(ANNOUNCEMENT_MAX_LENGTH, `must be at most ${ANNOUNCEMENT_MAX_LENGTH} characters`),
  include_subsidiaries: z.boolean().default(true),
});
export type NewAnnouncement = z.output<typeof newAnnouncementSchema>;

/** An announcement sent: GET /announcements rows, and POST's answer. */
export const announcementSchema = z.object({
  id: z.number(),
  company_id: z.number(),
  company_name: z.string(),
  summary: z.string(),
  include_subsidiaries: z.boolean(),
  recipients: z.number().describe('users notified'),
  sent_by: z.number().nullable().describe('user id; null once that user is deleted'),
  created_at: z.string(),
});
export type Announcement = z.infer<typeof announcementSchema>;
