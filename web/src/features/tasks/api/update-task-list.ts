import type { NewTaskList, TaskList } from '@fleetport/contracts/tasks';
import { api } from '../../../shared/lib/api.ts';
import { TASK_LISTS_URL } from './list-task-lists.ts';

/**
 * PUT /devices/task-lists/{id}: a list's new name and steps (409: the name is taken, or the list
 * belongs to a company above the user's).
 */
export async function updateTaskList(
  id: number,
  body: NewTaskList,
  extra: Record<string, string> = {},
): Promise<TaskList> {
  return (await api.http.put<{ data: TaskList }>(`${TASK_LISTS_URL}/${id}`, { ...body, ...extra })).data.data;
}
