import type { Notification } from '@fleetport/contracts/notifications';
import type { NotificationCreated } from '@fleetport/contracts/realtime';
import { NOTIFICATION_CREATED_EVENT, notificationsChannel } from '@fleetport/contracts/realtime-names';
import {
  type InfiniteData,
  type QueryClient,
  queryOptions,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../../shared/lib/api.ts';
import { listenLater } from '../../../shared/realtime/listen-later.ts';

/*
 * GET /notifications and its live feed (spec §4, §7): WebNotificationCreated on the user's
 * channel joins the cached lists. The page's infinite list is in list-notification-pages.ts.
 */

/** GET /notifications: a page of the user's notifications, newest first, with the counts. */
export interface NotificationList {
  items: Notification[];
  unseen: number;
  total: number;
}

/** The bell's dropdown shows the latest ten (spec §2 "Header"). */
export const DROPDOWN_SIZE = 10;

/** Every notification query: marking them seen reloads them all. */
export const notificationsKey = ['notifications'] as const;
export const latestNotificationsKey = [...notificationsKey, 'latest'] as const;
export const allNotificationsKey = [...notificationsKey, 'all'] as const;

export async function fetchNotifications(limit: number, offset = 0): Promise<NotificationList> {
  const response = await api.http.get<{ data: Notification[]; meta: { unseen: number; total: number } }>(
    '/notifications',
    { params: { limit, offset } },
  );
  return { items: response.data.data, unseen: response.data.meta.unseen, total: response.data.meta.total };
}

export const latestNotificationsQuery = () =>
  queryOptions({
    queryKey: latestNotificationsKey,
    queryFn: () => fetchNotifications(DROPDOWN_SIZE),
  });

/** The bell's latest notifications and the unseen count. */
export function useLatestNotifications() {
  return useQuery(latestNotificationsQuery());
}

/** Spec §4: a trailing Z in created_at of a live notification is removed. */
export function withoutTrailingZ(notification: Notification): Notification {
  return { ...notification, created_at: notification.created_at.replace(/Z$/, '') };
}

/** Prepends a live notification to the cached lists (spec §4). */
export function prependNotification(client: QueryClient, notification: Notification): void {
  client.setQueryData<NotificationList>(latestNotificationsKey, (list) =>
    list
      ? {
          items: [notification, ...list.items.filter((item) => item.id !== notification.id)].slice(
            0,
            DROPDOWN_SIZE,
          ),
          unseen: list.unseen + 1,
          total: list.total + 1,
        }
      : list,
  );
  client.setQueryData<InfiniteData<NotificationList>>(allNotificationsKey, (data) =>
    data?.pages[0]
      ? {
          ...data,
          pages: [
            { ...data.pages[0], items: [notification, ...data.pages[0].items] },
            ...data.pages.slice(1),
          ],
        }
      : data,
  );
}

/**
 * Follows WebNotificationCreated on the user's notification channel (spec §7) for as long as the
 * component lives: each new one joins the cached lists.
 */
export function useLiveNotifications(userId: number, onNew?: (notification: Notification) => void) {
  const client = useQueryClient();
  useEffect(
    () =>
      listenLater<NotificationCreated>(
        notificationsChannel(userId),
        NOTIFICATION_CREATED_EVENT,
        (payload) => {
          const notification = withoutTrailingZ(payload);
          prependNotification(client, notification);
          onNew?.(notification);
        },
      ),
    [client, userId, onNew],
  );
}
