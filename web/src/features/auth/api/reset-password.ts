import type { PasswordReset, resetPasswordSchema } from '@fleetport/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../shared/lib/api.ts';

/** POST /account/password/reset: the e-mailed link's token and the new password. */
export async function resetPassword(input: z.input<typeof resetPasswordSchema>): Promise<PasswordReset> {
  return (await api.http.post<{ data: PasswordReset }>('/account/password/reset', input)).data.data;
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
