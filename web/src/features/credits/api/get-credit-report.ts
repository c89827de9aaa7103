import type { CreditBalance } from '@fleetport/contracts/credits';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api.ts';
import { CREDITS_KEY } from './credit-keys.ts';

/** GET /credits?company_id=: a company's balance of each credit type (the credit report). */
export async function fetchCreditReport(companyId: number): Promise<CreditBalance[]> {
  const response = await api.http.get<{ data: CreditBalance[] }>('/credits', {
    params: { company_id: companyId, limit: 100 },
  });
  return response.data.data;
}

/** Always asked again when the report opens: balances move with every credit write. */
export const creditReportQuery = (companyId: number) =>
  queryOptions({
    queryKey: [...CREDITS_KEY, 'report', companyId],
    staleTime: 0,
    queryFn: () => fetchCreditReport(companyId),
  });

export function useCreditReport(companyId: number) {
  return useQuery(creditReportQuery(companyId));
}
