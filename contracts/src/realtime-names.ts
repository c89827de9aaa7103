/**
 * The realtime channel's names (socket.io at {@link REALTIME_PATH}, spec §7): the path, what a
 * client emits, the channels a console subscribes to and the events the API emits on them. No
 * zod here: the console needs the names in its first load, where every byte counts. The payload
 * of each event is in realtime.ts, which re-exports these names.
 */

/** Spec §7: the realtime path, behind the edge. */
export const REALTIME_PATH = '/status/socket.io';

/** What a client emits to follow a channel, and to stop (each with an acknowledgement). */
export const SUBSCRIBE = 'subscribe';
export const UNSUBSCRIBE = 'unsubscribe';

/** The public channel every signed-in socket may follow (no data of any company on it). */
export const APP_CHANNEL = 'public-app';
/** Every device event the caller may see, whatever their scope (the devices grid, the map). */
export const DEVICES_CHANNEL = 'private-devices';
/** A user's own notifications; the user's account changes come on it too. */
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
/** A console build is being served (spec §4 "Update prompt"; app-version.ts: the versions). */
export const APP_VERSION_RELEASED = 'AppVersionReleased';
/** The progress of an action's items, on the action's channel (action-status.ts: its payload). */
export const ACTION_STATUS_EVENT = 'ActionStatusUpdated';

/** A task changed state or progress, on its company's `tasks` channel (tasks.ts: its payload). */
export const TASK_CHANGED_EVENT = 'TaskChanged';

/** The event names, by what they tell. */
export const REALTIME_EVENTS = {
  notificationCreated: NOTIFICATION_CREATED_EVENT,
  userChanged: USER_CHANGED_EVENT,
  appVersionReleased: APP_VERSION_RELEASED,
  actionStatusUpdated: ACTION_STATUS_EVENT,
  deviceStatusChanged: DEVICE_STATUS_EVENT,
  taskChanged: TASK_CHANGED_EVENT,
} as const;
export type RealtimeEvent = (typeof REALTIME_EVENTS)[keyof typeof REALTIME_EVENTS];
