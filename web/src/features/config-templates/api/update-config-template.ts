import type { ConfigTemplate, NewConfigTemplate } from '@fleetport/contracts/config-templates';
import { api } from '../../../shared/lib/api.ts';
import { CONFIG_TEMPLATES_URL } from './list-config-templates.ts';

/**
 * PUT /devices/config-templates/{id}: a template's new name, description, family and settings;
 * the devices that follow it are held against them at once (409: the name is taken, or the
 * template belongs to a company above the user's).
 */
export async function updateConfigTemplate(
  id: number,
  body: NewConfigTemplate,
  extra: Record<string, string> = {},
): Promise<ConfigTemplate> {
  return (
    await api.http.put<{ data: ConfigTemplate }>(`${CONFIG_TEMPLATES_URL}/${id}`, { ...body, ...extra })
  ).data.data;
}
