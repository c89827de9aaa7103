import { api } from '../../../shared/lib/api.ts';

/** POST /devices/config-templates/unassign: the devices chosen follow no template (no longer checked for drift). */
export async function unassignTemplate(deviceIds: readonly number[]): Promise<number> {
  const answer = await api.http.post<{ data: { assigned: number } }>('/devices/config-templates/unassign', {
    device_ids: deviceIds,
  });
  return answer.data.data.assigned;
}
