import type { TaskGroupPreview } from '@fleetport/contracts/tasks';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api.ts';

/**
 * POST /devices/tasks/groups/preview: the dry run of a task list on chosen devices (how many it
 * reaches, how many wait offline, which are left out and why); nothing is made. Asked again when
 * the list or the devices change; a refusal (422) is the query's error.
 */
export function useTaskListPreview(taskListId: number | undefined, deviceIds: readonly number[]) {
  return useQuery({
    queryKey: ['task-lists', 'preview', taskListId, deviceIds],
    enabled: taskListId !== undefined,
    staleTime: 0,
    retry: false,
    queryFn: async ({ signal }) =>
      (
        await api.http.post<{ data: TaskGroupPreview }>(
          '/devices/tasks/groups/preview',
          { action: 'task_list', task_list_id: taskListId, device_ids: deviceIds },
          { signal },
        )
      ).data.data,
  });
}
