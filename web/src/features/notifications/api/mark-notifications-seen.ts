import type { MarkNotificationsSeen, NotificationsSeen } from '@fleetport/contracts/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api.ts';
import { notificationsKey } from './list-notifications.ts';

/** PUT /notifications {id: unseen ids}: how many were unseen. */
export async function markNotificationsSeen(ids: MarkNotificationsSeen['id']): Promise<NotificationsSeen> {
  return (await api.http.put<{ data: NotificationsSeen }>('/notifications', { id: ids })).data.data;
}

/** Marks notifications seen, then the lists load again (spec §4). */
export function useMarkNotificationsSeen() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsSeen,
    onSettled: () => client.invalidateQueries({ queryKey: notificationsKey }),
  });
}
