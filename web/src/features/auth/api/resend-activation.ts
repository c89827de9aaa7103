import type { ActivationSent } from '@fleetport/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api.ts';

/** POST /account/user/activation/resend: a new verification e-mail (the 'e-mail not verified' notice). */
export async function resendActivation(): Promise<ActivationSent> {
  return (await api.http.post<{ data: ActivationSent }>('/account/user/activation/resend')).data.data;
}

export function useResendActivation() {
  return useMutation({ mutationFn: resendActivation });
}
