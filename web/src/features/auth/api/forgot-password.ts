import type { ForgotPasswordAccepted } from '@fleetport/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api.ts';

/** POST /account/password/forgot: the same answer whether or not the address has an account. */
export async function forgotPassword(email: string): Promise<ForgotPasswordAccepted> {
  return (await api.http.post<{ data: ForgotPasswordAccepted }>('/account/password/forgot', { email })).data
    .data;
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
