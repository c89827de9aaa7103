import type { UserListItem } from '@fleetport/contracts/users';
import type { FilterParam } from '../../../shared/grid/grid-query.ts';
import { useServerList } from '../../../shared/grid/use-server-list.ts';

/** Every user and invitation query starts with this key: a user write reloads them all. */
export const USERS_KEY = ['users'] as const;
export const USER_LIST_KEY = [...USERS_KEY, 'list'] as const;
export const USERS_URL = '/users';

/** GET /users for a grid (spec §2 /users): every user the caller sees, or one company's (its Users tab). */
export function useUserList({
  companyId,
  filterable,
}: {
  companyId?: number | undefined;
  filterable: Readonly<Record<string, FilterParam>>;
}) {
  return useServerList<UserListItem>({
    gridId: 'users',
    url: USERS_URL,
    queryKey: [...USER_LIST_KEY, companyId ?? 'all'],
    inAddress: true,
    filterable,
    fixed: companyId ? { company_id: companyId } : undefined,
    initial: { sort: [{ field: 'email', sort: 'asc' }] },
  });
}
