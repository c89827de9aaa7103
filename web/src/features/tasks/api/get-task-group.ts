import type { TaskGroup } from '@fleetport/contracts/tasks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api.ts';
import { TASK_GROUPS_URL, TASKS_KEY } from './list-task-groups.ts';

export const taskGroupKey = (id: number) => [...TASKS_KEY, 'group', id] as const;

/** GET /devices/tasks/groups/{id}: one group with its counts by state. */
export async function getTaskGroup(id: number, signal: AbortSignal): Promise<TaskGroup> {
  return (await api.http.get<{ data: TaskGroup }>(`${TASK_GROUPS_URL}/${id}`, { signal })).data.data;
}

export const taskGroupQuery = (id: number) =>
  queryOptions({
    queryKey: taskGroupKey(id),
    // Live data: shown from the cache, asked again on every visit (and kept current by TaskChanged).
    staleTime: 0,
    queryFn: ({ signal }) => getTaskGroup(id, signal),
  });

/** The group; nothing is asked for an id that is not one (`enabled`). */
export function useTaskGroup(id: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...taskGroupQuery(id), enabled });
}
