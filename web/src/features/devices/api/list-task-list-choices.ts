import { OPTION_LIST_LIMIT } from '@fleetport/contracts/limits';
import type { TaskList } from '@fleetport/contracts/tasks';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api.ts';

/** GET /devices/task-lists for 'Run a task list': the lists the user may run, by name (the first 100). */
export function useTaskListChoices() {
  return useQuery({
    queryKey: ['task-lists', 'choices'],
    // Lists change in the Task manager: asked again each time the dialog opens.
    staleTime: 0,
    queryFn: async ({ signal }) =>
      (
        await api.http.get<{ data: TaskList[] }>('/devices/task-lists', {
          params: { limit: OPTION_LIST_LIMIT },
          signal,
        })
      ).data.data,
  });
}
