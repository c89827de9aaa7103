import {
  type InfiniteData,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../../shared/lib/api.ts';
import { realtime } from '../../../shared/realtime/socket.ts';

/** Spec §3 "Notification". */
export interface Notification {
  id: number;
  type: string;
  summary: string;
  data: Record<string, unknown>;
  created_at: string;
  seen_at: string | null;
}

export interface NotificationList {
  items: Notification[];
  unseen: number;
  total: number;
}

/** Spec §7: the channel and event of a user's new notifications. */
export const notificationChannel = (userId: number) => `private-notifications.${userId}`;
export const NOTIFICATION_CREATED = 'WebNotificationCreated';
export const DROPDOWN_SIZE = 10;

export const notificationsKey = ['notifications'] as const;

/** Spec §4: a trailing Z in created_at of a live notification is removed. */
export function withoutTrailingZ(notification: Notification): Notification {
  return { ...notification, created_at: notification.created_at.replace(/Z$/, '') };
}

export async function fetchNotifications(limit: number, offset = 0): Promise<NotificationList> {
  const response = await api.http.get<{ data: Notification[]; meta: { unseen: number; total: number } }>(
    '/notifications',
    { params: { limit, offset } },
  );
  return { items: response.data.data, unseen: response.data.meta.unseen, total: response.data.meta.total };
}

export const latestNotificationsQuery = () =>
  queryOptions({
    queryKey: [...notificationsKey, 'latest'],
    queryFn: () => fetchNotifications(DROPDOWN_SIZE),
  });

export function useLatestNotifications() {
  return useQuery(latestNotificationsQuery());
}

/** PUT /notifications {id: unseen ids}, then the lists load again (spec §4). */
export function useMarkSeen() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => api.http.put('/notifications', { id: ids }),
    onSettled: () => client.invalidateQueries({ queryKey: notificationsKey }),
  });
}

/** Prepends a live notification to the cached lists (spec §4). */
export function prependNotification(client: QueryClient, notification: Notification): void {
  client.setQueryData<NotificationList>([...notificationsKey, 'latest'], (list) =>
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
  client.setQueryData<InfiniteData<NotificationList>>([...notificationsKey, 'all'], (data) =>
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

/** Subscribes the user's notification channel for as long as the component lives. */
export function useLiveNotifications(userId: number, onNew?: (notification: Notification) => void) {
  const client = useQueryClient();
  useEffect(
    () =>
      realtime.listen<Notification>(notificationChannel(userId), NOTIFICATION_CREATED, (payload) => {
        const notification = withoutTrailingZ(payload);
        prependNotification(client, notification);
        onNew?.(notification);
      }),
    [client, userId, onNew],
  );
}
