import type { CompanyTreeNode } from '@fleetport/contracts/companies';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api.ts';
import { COMPANIES_KEY } from './list-companies.ts';

export const COMPANY_TREE_KEY = [...COMPANIES_KEY, 'tree'] as const;

/** GET /companies/tree: the companies the user sees, in tree order (a parent before its subsidiaries). */
export async function getCompanyTree(signal: AbortSignal): Promise<CompanyTreeNode[]> {
  return (await api.http.get<{ data: CompanyTreeNode[] }>('/companies/tree', { signal })).data.data;
}

export const companyTreeQuery = () =>
  queryOptions({
    queryKey: COMPANY_TREE_KEY,
    // Live data: shown from the cache, asked again on every visit.
    staleTime: 0,
    queryFn: ({ signal }) => getCompanyTree(signal),
  });

export function useCompanyTree() {
  return useQuery(companyTreeQuery());
}
