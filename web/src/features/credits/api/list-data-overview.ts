import type { CompanyListItem } from '@fleetport/contracts/companies';
import { useServerList } from '../../../shared/grid/use-server-list.ts';

export const dataOverviewKey = ['companies', 'data-overview'] as const;

/** GET /companies by remaining data, most first: every company's data and credits left. */
export function useDataOverview() {
  return useServerList<CompanyListItem>({
    gridId: 'data-overview',
    url: '/companies',
    queryKey: dataOverviewKey,
    inAddress: true,
    initial: { sort: [{ field: 'remaining_data', sort: 'desc' }] },
  });
}
