import type { ConfigTemplate } from '@fleetport/contracts/config-templates';
import { useServerList } from '../../../shared/grid/use-server-list.ts';

/** Every cached read of templates: a save, a delete or an assignment reloads them all. */
export const CONFIG_TEMPLATES_KEY = ['config-templates'] as const;
export const CONFIG_TEMPLATES_URL = '/devices/config-templates';

/**
 * GET /devices/config-templates (Saved configurations, Templates; issue 22): the templates the
 * user may use (its companies' and those of the companies above its own), by name, each with the
 * devices that follow it and how many of them drifted; the search and page in the address.
 */
export function useConfigTemplateList() {
  return useServerList<ConfigTemplate>({
    gridId: 'config-templates',
    url: CONFIG_TEMPLATES_URL,
    queryKey: [...CONFIG_TEMPLATES_KEY, 'list'],
    inAddress: true,
    initial: { sort: [{ field: 'name', sort: 'asc' }] },
  });
}
