import type { InvitationPreview } from '@fleetport/contracts/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api.ts';

const LOOKUP = '/account/invitation';

/** POST /account/invitation {token}: what an invitation link invites to. */
export async function fetchInvitation(token: string): Promise<InvitationPreview> {
  return (await api.http.post<{ data: InvitationPreview }>(LOOKUP, { token })).data.data;
}

/** Asked once: a refused link (expired, used) stays refused. */
export const invitationQuery = (token: string) =>
  queryOptions({
    queryKey: ['invitation', LOOKUP, token],
    queryFn: () => fetchInvitation(token),
    enabled: token !== '',
    retry: false,
  });

export function useInvitation(token: string) {
  return useQuery(invitationQuery(token));
}
