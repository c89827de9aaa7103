import type { DataHistoryEntry } from '@fleetport/contracts/credits';
import { useServerList } from '../../../shared/grid/use-server-list.ts';
import { CREDITS_KEY } from './credit-keys.ts';

export const dataHistoryKey = [...CREDITS_KEY, 'data-history'] as const;

/** GET /companies/data/history: every data purchase, newest first, as a server-side list. */
export function useDataHistory() {
  return useServerList<DataHistoryEntry>({
    gridId: 'data-history',
    url: '/companies/data/history',
    queryKey: dataHistoryKey,
    inAddress: true,
  });
}
