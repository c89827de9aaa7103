import { z } from 'zod';
import { actionStatusEventSchema } from './action-status.ts';
import { DEVICE_STATUSES } from './devices.ts';
import { notificationSchema } from './notifications.ts';
import {
  ACTION_STATUS_EVENT,
  APP_CHANNEL,
  APP_VERSION_RELEASED,
  DEVICE_STATUS_EVENT,
  NOTIFICATION_CREATED_EVENT,
  type RealtimeEvent,
  TASK_CHANGED_EVENT,
  USER_CHANGED_EVENT,
} from './realtime-names.ts';
import { taskChangeSchema } from './tasks.ts';

/**
 * The realtime channel (socket.io, spec §7): the payload of each event the API emits, one
 * definition for the API (which emits through {@link RealtimePayload}) and the console. The
 * names (path, channels, events) are in realtime-names.ts, which has no zod, and are
 * re-exported here.
 */

export * from './realtime-names.ts';

/** `subscribe {channel}` / `unsubscribe {channel}`: a channel name (a bare string is taken too). */
export const subscriptionSchema = z.object({ channel: z.string().max(200) });

/** The acknowledgement of `subscribe` and `unsubscribe`. */
export const subscriptionAnswerSchema = z.object({
  success: z.boolean(),
  channel: z.string().optional(),
  errors: z.array(z.object({ code: z.string(), message: z.string() })).optional(),
});
export type SubscriptionAnswer = z.infer<typeof subscriptionAnswerSchema>;

/** WebNotificationCreated: the notification as GET /notifications lists it, not seen yet. */
export const notificationCreatedSchema = notificationSchema.extend({ seen_at: z.null() });
export type NotificationCreated = z.infer<typeof notificationCreatedSchema>;

/**
 * UserChanged: `{user_id}` when the user's role or account changed (their sockets are ended
 * next), `{session_ended: true}` when the session ended (logout, password change, …).
 */
export const userChangedSchema = z.union([
  z.object({ user_id: z.number() }),
  z.object({ session_ended: z.literal(true) }),
]);
export type UserChanged = z.infer<typeof userChangedSchema>;

/** AppVersionReleased on `public-app`: the console build being served (spec §4 "Update prompt"). */
export const appVersionReleasedSchema = z.object({
  version: z.string(),
  released_at: z.string().describe('ISO 8601, UTC'),
  channel: z.literal(APP_CHANNEL),
});
export type AppVersionReleased = z.infer<typeof appVersionReleasedSchema>;

/** DeviceStatusChanged: a device's status and when it was last heard from. */
export const deviceStatusChangedSchema = z.object({
  id: z.number(),
  status: z.enum(DEVICE_STATUSES),
  last_seen_at: z.string().nullable(),
});
export type DeviceStatusChanged = z.infer<typeof deviceStatusChangedSchema>;

/** The payload schema of each event. */
export const realtimePayloadSchemas = {
  [NOTIFICATION_CREATED_EVENT]: notificationCreatedSchema,
  [USER_CHANGED_EVENT]: userChangedSchema,
  [APP_VERSION_RELEASED]: appVersionReleasedSchema,
  [ACTION_STATUS_EVENT]: actionStatusEventSchema,
  [DEVICE_STATUS_EVENT]: deviceStatusChangedSchema,
  [TASK_CHANGED_EVENT]: taskChangeSchema,
} as const satisfies Record<RealtimeEvent, z.ZodType>;

/** What an event carries. */
export type RealtimePayload<E extends RealtimeEvent> = z.infer<(typeof realtimePayloadSchemas)[E]>;
