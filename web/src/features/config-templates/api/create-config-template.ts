import type { ConfigTemplate, NewConfigTemplate } from '@fleetport/contracts/config-templates';
import { api } from '../../../shared/lib/api.ts';
import { CONFIG_TEMPLATES_URL } from './list-config-templates.ts';

/** POST /devices/config-templates: a hand-made template of a company (409: the name is taken there). */
export async function createConfigTemplate(
  body: NewConfigTemplate,
  extra: Record<string, string> = {},
): Promise<ConfigTemplate> {
  return (await api.http.post<{ data: ConfigTemplate }>(CONFIG_TEMPLATES_URL, { ...body, ...extra })).data
    .data;
}
