import { api } from '../../../shared/lib/api.ts';

/**
 * POST /devices/config-templates/{id}/assign (Assign template…): the devices chosen follow the
 * template from now on, checked for drift (422 at `device_ids`: one of another model family,
 * named by its serial; nothing is assigned). Answers how many.
 */
export async function assignTemplate(templateId: number, deviceIds: readonly number[]): Promise<number> {
  const answer = await api.http.post<{ data: { assigned: number } }>(
    `/devices/config-templates/${templateId}/assign`,
    { device_ids: deviceIds },
  );
  return answer.data.data.assigned;
}
