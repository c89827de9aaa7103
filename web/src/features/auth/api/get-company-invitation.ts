import type { CompanyInvitationPreview } from '@fleetport/contracts/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api.ts';

const LOOKUP = '/account/company-invitation';

/** POST /account/company-invitation {token}: what a company invitation link invites to. */
export async function fetchCompanyInvitation(token: string): Promise<CompanyInvitationPreview> {
  return (await api.http.post<{ data: CompanyInvitationPreview }>(LOOKUP, { token })).data.data;
}

/** Asked once: a refused link (expired, used) stays refused. */
export const companyInvitationQuery = (token: string) =>
  queryOptions({
    queryKey: ['invitation', LOOKUP, token],
    queryFn: () => fetchCompanyInvitation(token),
    enabled: token !== '',
    retry: false,
  });

export function useCompanyInvitation(token: string) {
  return useQuery(companyInvitationQuery(token));
}
