import type { Task } from '@fleetport/contracts/tasks';
import { useMemo } from 'react';
import { useServerList } from '../../../shared/grid/use-server-list.ts';
import { TASK_GROUPS_URL, TASKS_KEY } from './list-task-groups.ts';

/** The cached pages of one group's tasks. */
export const groupTasksKey = (groupId: number) => [...TASKS_KEY, 'group-tasks', groupId] as const;
export const groupTasksUrl = (groupId: number) => `${TASK_GROUPS_URL}/${groupId}/tasks`;

/**
 * GET /devices/tasks/groups/{id}/tasks (spec §2 Task group table): the group's devices, each with
 * its task's state; `?state=` keeps one state, the search looks in device names and serials.
 */
export function useGroupTaskList(groupId: number, state: string) {
  const fixed = useMemo(() => (state ? { state } : undefined), [state]);
  return useServerList<Task>({
    gridId: 'task-group-tasks',
    url: groupTasksUrl(groupId),
    queryKey: groupTasksKey(groupId),
    inAddress: true,
    fixed,
    initial: { sort: [{ field: 'device_name', sort: 'asc' }] },
  });
}
