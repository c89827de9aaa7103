import type { CreditHistoryEntry } from '@fleetport/contracts/credits';
import { useServerList } from '../../../shared/grid/use-server-list.ts';
import { CREDITS_KEY } from './credit-keys.ts';

export const creditHistoryKey = [...CREDITS_KEY, 'history'] as const;

/** GET /credits/history: every balance change, newest first, as a server-side list. */
export function useCreditHistory() {
  return useServerList<CreditHistoryEntry>({
    gridId: 'credit-history',
    url: '/credits/history',
    queryKey: creditHistoryKey,
    inAddress: true,
  });
}
