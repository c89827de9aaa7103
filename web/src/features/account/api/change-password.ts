import type { changePasswordSchema, PasswordChanged } from '@fleetport/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { withStepUp } from '../../../shared/api/step-up.ts';
import { api } from '../../../shared/lib/api.ts';
import { stepUpPrompts } from '../../../shared/ui/step-up-prompts.tsx';

/** The current password and the new one, with the step-up fields once asked for them. */
type PasswordChange = z.input<typeof changePasswordSchema>;

/** PUT /account/password: the current password and the new one. */
export async function changePassword(input: PasswordChange): Promise<PasswordChanged> {
  return (await api.http.put<{ data: PasswordChanged }>('/account/password', input)).data.data;
}

/** Through the re-confirmations (spec §4): a 423 asks for the password, MFA_REQUIRED for a code. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: Pick<PasswordChange, 'current_password' | 'password'>) =>
      withStepUp((extra) => changePassword({ ...input, ...extra }), stepUpPrompts),
  });
}
