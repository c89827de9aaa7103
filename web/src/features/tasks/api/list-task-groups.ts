import type { TaskGroup } from '@fleetport/contracts/tasks';
import { useMemo } from 'react';
import { useServerList } from '../../../shared/grid/use-server-list.ts';

/** Every cached read about tasks: a cancel reloads them all. */
export const TASKS_KEY = ['tasks'] as const;
/** The cached pages of the task groups list. */
export const TASK_GROUP_LIST_KEY = [...TASKS_KEY, 'groups'] as const;
export const TASK_GROUPS_URL = '/devices/tasks/groups';

/** The list's own filters (Task manager): a group state and an action, each one parameter of the API. */
export interface TaskGroupFilters {
  state?: string | undefined;
  action?: string | undefined;
}

/**
 * GET /devices/tasks/groups (spec §2 Task manager): the task groups of the companies the user
 * sees, newest first, with their counts by state; the search, sort and page in the address.
 */
export function useTaskGroupList({ state, action }: TaskGroupFilters) {
  const fixed = useMemo(
    () => (state || action ? { ...(state ? { state } : {}), ...(action ? { action } : {}) } : undefined),
    [state, action],
  );
  return useServerList<TaskGroup>({
    gridId: 'task-groups',
    url: TASK_GROUPS_URL,
    queryKey: TASK_GROUP_LIST_KEY,
    inAddress: true,
    fixed,
    initial: { sort: [{ field: 'created_at', sort: 'desc' }] },
  });
}
