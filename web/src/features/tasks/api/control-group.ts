import type { TaskGroup, TaskGroupControl } from '@fleetport/contracts/tasks';
import { api } from '../../../shared/lib/api.ts';
import { TASK_GROUPS_URL } from './list-task-groups.ts';

/** POST /devices/tasks/groups/{id}/pause|resume: answers the group as it is now (409 when it cannot). */
/** POST /devices/tasks/groups/{id}/retry: the new group for the failed and expired devices (409: none). */
export async function retryFailed(id: number): Promise<TaskGroup> {
  return (await api.http.post<{ data: TaskGroup }>(`${TASK_GROUPS_URL}/${id}/retry`, {})).data.data;
}

/** PUT /devices/tasks/groups/{id}/order (Task ordering): its waiting tasks go first, or last. */
export async function orderGroup(id: number, to: 'first' | 'last'): Promise<TaskGroup> {
  return (await api.http.put<{ data: TaskGroup }>(`${TASK_GROUPS_URL}/${id}/order`, { to })).data.data;
}

export async function controlGroup(id: number, control: TaskGroupControl): Promise<TaskGroup> {
  return (await api.http.post<{ data: TaskGroup }>(`${TASK_GROUPS_URL}/${id}/${control}`, {})).data.data;
}
