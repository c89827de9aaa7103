import { z } from 'zod';
import { ACTION_STATUS_EVENT, actionStatusEventSchema } from './action-status.ts';
import { APP_CHANNEL, APP_VERSION_RELEASED } from './app-version.ts';
import { DEVICE_STATUSES } from './devices.ts';
import { notificationSchema } from './notifications.ts';

/**
 * The realtime channel (socket.io at {@link REALTIME_PATH}, spec §7): the channels a console
 * subscribes to, the events the API emits on them and the payload of each, one definition for
 * the API (which emits through {@link RealtimePayload}) and the console.
 */

export { ACTION_STATUS_EVENT, APP_CHANNEL, APP_VERSION_RELEASED };

/** Spec §7: the realtime path, behind the edge. */
export const REALTIME_PATH = '/status/socket.io';

/** What a client emits to follow a channel, and to stop (each with an acknowledgement). */
export const SUBSCRIBE = 'subscribe';
export const UNSUBSCRIBE = 'unsubscribe';

/** `subscribe {channel}` / `unsubscribe {channel}`: a channel name (a bare string is taken too). */
export const subscriptionSchema = z.object({ channel: z.string().max(200) });

/** The acknowledgement of `subscribe` and `unsubscribe`. */
export const subscriptionAnswerSchema = z.object({
  success: z.boolean(),
  channel: z.string().optional(),
  errors: z.array(z.object({ code: z.string(), message: z.string() })).optional(),
});
export type SubscriptionAnswer = z.infer<typeof subscriptionAnswerSchema>;

/** Every device event the caller may see, whatever their scope (the devices grid, the map). */
export const DEVICES_CHANNEL = 'private-devices';
/** A user's own notifications. */
export const notificationsChannel = (userId: number) => `private-notifications.${userId}`;
/** The progress of one action (its id comes in the write's `meta.channel`), for its starter only. */
export const actionStatusChannel = (actionId: string) => `private-status.${actionId}`;
/** A company's topics: its devices, those of its whole subtree, its tasks. */
export const COMPANY_TOPICS = ['devices', 'subtree-devices', 'tasks'] as const;
export type CompanyTopic = (typeof COMPANY_TOPICS)[number];
export const companyChannel = (companyId: number, topic: CompanyTopic) =>
  `private-company.${companyId}.${topic}`;

/** A new notification, on the user's notifications channel (the bell). */
export const NOTIFICATION_CREATED_EVENT = 'WebNotificationCreated';
/** The user's account or rights changed, or the session ended: the console reloads GET /user. */
export const USER_CHANGED_EVENT = 'UserChanged';
/** A device's status changed, on the device channels. */
export const DEVICE_STATUS_EVENT = 'DeviceStatusChanged';

/** The event names, by what they tell. */
export const REALTIME_EVENTS = {
  notificationCreated: NOTIFICATION_CREATED_EVENT,
  userChanged: USER_CHANGED_EVENT,
  appVersionReleased: APP_VERSION_RELEASED,
  actionStatusUpdated: ACTION_STATUS_EVENT,
  deviceStatusChanged: DEVICE_STATUS_EVENT,
} as const;
export type RealtimeEvent = (typeof REALTIME_EVENTS)[keyof typeof REALTIME_EVENTS];

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
} as const satisfies Record<RealtimeEvent, z.ZodType>;

/** What an event carries. */
export type RealtimePayload<E extends RealtimeEvent> = z.infer<(typeof realtimePayloadSchemas)[E]>;
