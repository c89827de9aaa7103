import type { TaskGroup } from '@fleetport/contracts/tasks';
import { api } from '../../../shared/lib/api.ts';

/**
 * POST /devices/tasks/groups with `backup.upload` (Take a backup of many): a task group in which
 * each device uploads its configuration archive, offline ones when they connect.
 */
export async function startBackups(deviceIds: readonly number[]): Promise<TaskGroup> {
  const answer = await api.http.post<{ data: TaskGroup }>('/devices/tasks/groups', {
    action: 'backup.upload',
    device_ids: deviceIds,
  });
  return answer.data.data;
}
