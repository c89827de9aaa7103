import type { Role } from '@fleetport/contracts/roles';
import { useServerList } from '../../../shared/grid/use-server-list.ts';

export const ROLES_KEY = ['roles'] as const;
export const ROLES_URL = '/roles';

/** GET /roles for a grid (spec §2 /users/roles): the built-in roles and the custom roles the user sees. */
export function useRoleList() {
  return useServerList<Role>({ gridId: 'roles', url: ROLES_URL, queryKey: ROLES_KEY, inAddress: true });
}
