import type { Announcement } from '@fleetport/contracts/announcements';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api.ts';

export const announcementsKey = ['announcements', 'list'] as const;

/** GET /announcements: what was sent, newest first (the first 100). */
export async function fetchAnnouncements(): Promise<Announcement[]> {
  return (await api.http.get<{ data: Announcement[] }>('/announcements', { params: { limit: 100 } })).data
    .data;
}

export const announcementsQuery = () =>
  queryOptions({ queryKey: announcementsKey, queryFn: fetchAnnouncements });

export function useAnnouncements() {
  return useQuery(announcementsQuery());
}
