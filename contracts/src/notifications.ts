import { z } from 'zod';
import { bigIdSchema } from './fields.ts';

/**
 * The notification bell (spec §2, §7 GET/PUT /notifications): a notification as the API answers
 * it, and as the realtime event `WebNotificationCreated` carries it (contracts/src/realtime.ts).
 */

/** The kinds the API creates. */
export const NOTIFICATION_TYPES = ['creditAmountTooLow', 'deviceAlert', 'announcement'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const notificationSchema = z.object({
  id: z.number(),
  type: z.string().describe('creditAmountTooLow, deviceAlert, announcement, …'),
  summary: z.string(),
  data: z.record(z.string(), z.unknown()),
  created_at: z.string().describe('UTC'),
  seen_at: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** PUT /notifications: the ids to mark as seen. */
export const markNotificationsSeenSchema = z.object({ id: z.array(bigIdSchema).max(1000) });
export type MarkNotificationsSeen = z.output<typeof markNotificationsSeenSchema>;

/** PUT /notifications: how many were unseen and are seen now. */
export const notificationsSeenSchema = z.object({ updated: z.number() });
export type NotificationsSeen = z.infer<typeof notificationsSeenSchema>;
