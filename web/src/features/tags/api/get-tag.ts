import type { Tag } from '@fleetport/contracts/tags';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api.ts';
import { TAGS_KEY } from './list-tags.ts';

export const tagKey = (id: number) => [...TAGS_KEY, 'one', id] as const;

/** GET /tags/{id} (spec §2 /tag/{id}). */
export async function getTag(id: number, signal: AbortSignal): Promise<Tag> {
  return (await api.http.get<{ data: Tag }>(`/tags/${id}`, { signal })).data.data;
}

export const tagQuery = (id: number) =>
  queryOptions({
    queryKey: tagKey(id),
    // Live data: shown from the cache, asked again on every visit.
    staleTime: 0,
    queryFn: ({ signal }) => getTag(id, signal),
  });

/** The tag; nothing is asked for an id that is not one (`enabled`). */
export function useTag(id: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...tagQuery(id), enabled });
}
