import type { CompanyListItem } from '@fleetport/contracts/companies';
import type { FilterParam } from '../../../shared/grid/grid-query.ts';
import { useServerList } from '../../../shared/grid/use-server-list.ts';

/** Every company query starts with this key: a company write reloads them all. */
export const COMPANIES_KEY = ['companies'] as const;
export const COMPANY_LIST_KEY = [...COMPANIES_KEY, 'list'] as const;
export const COMPANIES_URL = '/companies';
/** The company pickers of every form (option-source.ts keys): a company write reloads them too. */
export const COMPANY_OPTIONS_KEY = ['form-options', COMPANIES_URL] as const;

/** GET /companies for a grid (spec §2 /companies): the companies the user may see. */
export function useCompanyList({ filterable }: { filterable: Readonly<Record<string, FilterParam>> }) {
  return useServerList<CompanyListItem>({
    gridId: 'companies',
    url: COMPANIES_URL,
    queryKey: COMPANY_LIST_KEY,
    inAddress: true,
    filterable,
    initial: { sort: [{ field: 'name', sort: 'asc' }] },
  });
}
