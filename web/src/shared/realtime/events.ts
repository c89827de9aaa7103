import type * as contract from '@fleetport/contracts/realtime';

/*
 * The realtime names of `contracts/src/realtime.ts` as values for the console. That module also
 * holds the payloads' zod schemas, which must stay out of the first load (the 250 KB budget), so
 * only its types are imported: each name here is typed as the contract's, and the compiler
 * refuses any that drifts from it.
 */

/** Spec §7: the realtime path, behind the edge. */
export const REALTIME_PATH: typeof contract.REALTIME_PATH = '/status/socket.io';

/** What a client emits to follow a channel, and to stop. */
export const SUBSCRIBE: typeof contract.SUBSCRIBE = 'subscribe';
export const UNSUBSCRIBE: typeof contract.UNSUBSCRIBE = 'unsubscribe';

/** A user's own notifications; the user's account changes come on it too. */
export const notificationsChannel: typeof contract.notificationsChannel = (userId) =>
  `private-notifications.${userId}`;

/** A new notification, on the user's notifications channel (the bell). */
export const NOTIFICATION_CREATED_EVENT: typeof contract.NOTIFICATION_CREATED_EVENT =
  'WebNotificationCreated';
/** The user's account or rights changed, or the session ended: the console reloads GET /user. */
export const USER_CHANGED_EVENT: typeof contract.USER_CHANGED_EVENT = 'UserChanged';
