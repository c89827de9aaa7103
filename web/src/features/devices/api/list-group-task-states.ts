import type { Task } from '@fleetport/contracts/tasks';
import { api } from '../../../shared/lib/api.ts';

/** How many of a group's tasks a device page's action follows (Password manager: a selection). */
const FOLLOWED = 100;

/** GET /devices/tasks/groups/{id}/tasks: the states of a group's tasks now (a device page's action). */
export async function listGroupTaskStates(groupId: number): Promise<Task[]> {
  const answer = await api.http.get<{ data: Task[] }>(`/devices/tasks/groups/${groupId}/tasks`, {
    params: { limit: FOLLOWED },
  });
  return answer.data.data;
}
