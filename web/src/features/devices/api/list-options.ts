import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api.ts';

/** A company or tag to choose. */
export interface Option {
  id: number;
  name: string;
}

/** GET /companies or /tags as options (spec §9 option lists): the first 100 by name, matching `term`. */
export async function fetchOptions(url: string, term = '', signal?: AbortSignal): Promise<Option[]> {
  return (
    await api.http.get<{ data: Option[] }>(url, {
      params: { limit: 100, fields: 'id,name', sort: 'name', ...(term ? { q: term } : {}) },
      signal,
    })
  ).data.data;
}

/** The options matching what is typed; the previous answer stays while the next loads. */
export const optionSearchQuery = (url: string, term: string) =>
  queryOptions({
    queryKey: ['options', url, term],
    queryFn: ({ signal }) => fetchOptions(url, term, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export function useOptionSearch(url: string, term: string) {
  return useQuery(optionSearchQuery(url, term));
}

/** The companies a device may be added to. */
export const companyOptionsQuery = () =>
  queryOptions({ queryKey: ['options', '/companies'], queryFn: () => fetchOptions('/companies') });

export function useCompanyOptions() {
  return useQuery(companyOptionsQuery());
}
