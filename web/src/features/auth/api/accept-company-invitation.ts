import type { acceptCompanyInvitationSchema, CompanyInvitationAccepted } from '@fleetport/contracts/users';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../shared/lib/api.ts';

/** POST /account/company-invitation/accept: the new company, under the inviter's, and its first admin. */
export async function acceptCompanyInvitation(
  input: z.input<typeof acceptCompanyInvitationSchema>,
): Promise<CompanyInvitationAccepted> {
  return (
    await api.http.post<{ data: CompanyInvitationAccepted }>('/account/company-invitation/accept', input)
  ).data.data;
}

export function useAcceptCompanyInvitation() {
  return useMutation({ mutationFn: acceptCompanyInvitation });
}
