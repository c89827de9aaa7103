import type { TaskGroup } from '@fleetport/contracts/tasks';
import { api } from '../../../shared/lib/api.ts';

/**
 * POST /devices/tasks/groups with `config.write` and `template_id` (Apply the template; issue
 * 22): the device is given its template's settings as one change, a task of a group of one
 * (422 at `template_id`: another model family; when nothing differs, no device is left).
 */
export async function applyTemplate(deviceId: number, templateId: number): Promise<TaskGroup> {
  const answer = await api.http.post<{ data: TaskGroup }>('/devices/tasks/groups', {
    action: 'config.write',
    device_ids: [deviceId],
    changes: {},
    template_id: templateId,
  });
  return answer.data.data;
}
