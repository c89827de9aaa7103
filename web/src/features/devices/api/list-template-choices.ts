import type { ConfigTemplate } from '@fleetport/contracts/config-templates';
import { OPTION_LIST_LIMIT } from '@fleetport/contracts/limits';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api.ts';

/** GET /devices/config-templates for 'Assign template…': the templates the user may use, by name (the first 100). */
export function useTemplateChoices() {
  return useQuery({
    queryKey: ['config-templates', 'choices'],
    // Templates change on the Device configuration page: asked again each time the dialog opens.
    staleTime: 0,
    queryFn: async ({ signal }) =>
      (
        await api.http.get<{ data: ConfigTemplate[] }>('/devices/config-templates', {
          params: { limit: OPTION_LIST_LIMIT, sort: 'name' },
          signal,
        })
      ).data.data,
  });
}
