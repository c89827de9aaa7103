import { api } from '../../../shared/lib/api.ts';
import { CONFIG_TEMPLATES_URL } from './list-config-templates.ts';

/** DELETE /devices/config-templates/{id}: its devices no longer follow one; their settings stay (409: a template from above). */
export async function deleteConfigTemplate(id: number): Promise<void> {
  await api.http.delete(`${CONFIG_TEMPLATES_URL}/${id}`);
}
