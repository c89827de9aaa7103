import type { CreditCode } from '@fleetport/contracts/credits';
import { useServerList } from '../../../shared/grid/use-server-list.ts';
import { CREDITS_KEY } from './credit-keys.ts';

/** GET /credits/codes: the codes issued from one company, or from every company the user sees. */
export const CREDIT_CODES_URL = '/credits/codes';

export const creditCodesKey = (companyId?: number) => [...CREDITS_KEY, 'codes', companyId ?? 'all'] as const;

/** The credit codes as a server-side list (its grid's page, sort and search). */
export function useCreditCodes(companyId?: number) {
  return useServerList<CreditCode>({
    gridId: 'credit-codes',
    url: CREDIT_CODES_URL,
    queryKey: creditCodesKey(companyId),
    inAddress: true,
    fixed: companyId ? { company_id: companyId } : undefined,
  });
}
