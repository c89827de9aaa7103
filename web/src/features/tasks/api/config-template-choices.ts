import type { ConfigTemplate } from '@fleetport/contracts/config-templates';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api.ts';

/** GET /devices/config-templates: the templates Configure devices may start from (the first 100, by name). */
export function useTemplateChoices() {
  return useQuery({
    queryKey: ['config-templates', 'choices'],
    queryFn: async ({ signal }) =>
      (
        await api.http.get<{ data: ConfigTemplate[] }>('/devices/config-templates', {
          params: { limit: 100, sort: 'name' },
          signal,
        })
      ).data.data,
    staleTime: 30_000,
  });
}
