import type { UserInvitation } from '@fleetport/contracts/users';
import { useServerList } from '../../../shared/grid/use-server-list.ts';
import { USERS_KEY } from './list-users.ts';

export const INVITATIONS_KEY = [...USERS_KEY, 'invitations'] as const;

/** GET /users/invitations for a grid: the open invitations, or one company's (its Invitations tab). */
export function useInvitationList({ companyId }: { companyId?: number | undefined }) {
  return useServerList<UserInvitation>({
    gridId: 'invitations',
    url: '/users/invitations',
    queryKey: [...INVITATIONS_KEY, companyId ?? 'all'],
    inAddress: true,
    fixed: companyId ? { company_id: companyId } : undefined,
    initial: { sort: [{ field: 'sent_at', sort: 'desc' }] },
  });
}
