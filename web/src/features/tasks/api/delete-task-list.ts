import { api } from '../../../shared/lib/api.ts';
import { TASK_LISTS_URL } from './list-task-lists.ts';

/** DELETE /devices/task-lists/{id}: groups it has run keep their steps (409: a list from above). */
export async function deleteTaskList(id: number): Promise<void> {
  await api.http.delete(`${TASK_LISTS_URL}/${id}`);
}
