import type { acceptInvitationSchema, InvitationAccepted } from '@fleetport/contracts/users';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../shared/lib/api.ts';

export type InvitationAcceptance = z.input<typeof acceptInvitationSchema>;

/** POST /account/invitation/accept: the account is created with its address verified. */
export async function acceptInvitation(input: InvitationAcceptance): Promise<InvitationAccepted> {
  return (await api.http.post<{ data: InvitationAccepted }>('/account/invitation/accept', input)).data.data;
}

export function useAcceptInvitation() {
  return useMutation({ mutationFn: acceptInvitation });
}
