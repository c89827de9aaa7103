import type { TaskList } from '@fleetport/contracts/tasks';
import { useServerList } from '../../../shared/grid/use-server-list.ts';

/** Every cached read of task lists: a save or a delete reloads them all. */
export const TASK_LISTS_KEY = ['task-lists'] as const;
export const TASK_LISTS_URL = '/devices/task-lists';

/**
 * GET /devices/task-lists (Execute task list): the lists the user may run, by name (its
 * companies' and those of the companies above its own); the search and page in the address.
 */
export function useTaskListList() {
  return useServerList<TaskList>({
    gridId: 'task-lists',
    url: TASK_LISTS_URL,
    queryKey: [...TASK_LISTS_KEY, 'list'],
    inAddress: true,
    initial: { sort: [{ field: 'name', sort: 'asc' }] },
  });
}
