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
  /** Started on or after, on or before (days, YYYY-MM-DD). */
  from?: string | undefined;
  to?: string | undefined;
}

/** The grid's column filters, each one parameter of the API (the company's name, the starter's e-mail). */
const FILTERABLE = {
  company_name: { param: 'company', operator: 'contains' },
  created_by_email: { param: 'created_by_email', operator: 'contains' },
} as const;

/**
 * GET /devices/tasks/groups (spec §2 Task manager): the task groups of the companies the user
 * sees, newest first, with their counts by state; the search, sort and page in the address.
 */
export function useTaskGroupList({ state, action, from, to }: TaskGroupFilters) {
  const fixed = useMemo(() => {
    const chosen = {
      ...(state ? { state } : {}),
      ...(action ? { action } : {}),
      ...(from ? { created_from: from } : {}),
      ...(to ? { created_to: to } : {}),
    };
    return Object.keys(chosen).length > 0 ? chosen : undefined;
  }, [state, action, from, to]);
  return useServerList<TaskGroup>({
    gridId: 'task-groups',
    url: TASK_GROUPS_URL,
    queryKey: TASK_GROUP_LIST_KEY,
    inAddress: true,
    filterable: FILTERABLE,
    fixed,
    initial: { sort: [{ field: 'created_at', sort: 'desc' }] },
  });
}
