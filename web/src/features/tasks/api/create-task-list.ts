import type { NewTaskList, TaskList } from '@fleetport/contracts/tasks';
import { api } from '../../../shared/lib/api.ts';
import { TASK_LISTS_URL } from './list-task-lists.ts';

/** POST /devices/task-lists: a new list of steps for a company (409: the name is taken there). */
export async function createTaskList(
  body: NewTaskList,
  extra: Record<string, string> = {},
): Promise<TaskList> {
  return (await api.http.post<{ data: TaskList }>(TASK_LISTS_URL, { ...body, ...extra })).data.data;
}
