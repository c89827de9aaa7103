import type { TaskGroup, TaskGroupControl } from '@fleetport/contracts/tasks';
import { api } from '../../../shared/lib/api.ts';
import { TASK_GROUPS_URL } from './list-task-groups.ts';

/** POST /devices/tasks/groups/{id}/pause|resume: answers the group as it is now (409 when it cannot). */
/** POST /devices/tasks/groups/{id}/retry: the new group for the failed and expired devices (409: none). */
export async function retryFailed(id: number): Promise<TaskGroup> {
  return (await api.http.post<{ data: TaskGroup }>(`${TASK_GROUPS_URL}/${id}/retry`, {})).data.data;
}

export async function controlGroup(id: number, control: TaskGroupControl): Promise<TaskGroup> {
  return (await api.http.post<{ data: TaskGroup }>(`${TASK_GROUPS_URL}/${id}/${control}`, {})).data.data;
}
