import type { CompanyListItem } from '@fleetport/contracts/companies';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api.ts';
import { COMPANIES_KEY } from './list-companies.ts';

export const companyKey = (id: number) => [...COMPANIES_KEY, 'one', id] as const;

/** GET /companies/{id}: 403 for a company the user may not see. */
export async function getCompany(id: number, signal: AbortSignal): Promise<CompanyListItem> {
  return (await api.http.get<{ data: CompanyListItem }>(`/companies/${id}`, { signal })).data.data;
}

export const companyQuery = (id: number) =>
  queryOptions({
    queryKey: companyKey(id),
    // Live data: shown from the cache, asked again on every visit.
    staleTime: 0,
    queryFn: ({ signal }) => getCompany(id, signal),
  });

/** The company; nothing is asked for an id that is not one (`enabled`). */
export function useCompany(id: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...companyQuery(id), enabled });
}
