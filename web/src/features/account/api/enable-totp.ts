import type { enableTotpSchema, MfaState } from '@fleetport/contracts/mfa';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { withStepUp } from '../../../shared/api/step-up.ts';
import { api } from '../../../shared/lib/api.ts';
import { stepUpPrompts } from '../../../shared/ui/step-up-prompts.tsx';

/** POST /account/mfa/totp/enable: the authenticator app's first code turns it on. */
export async function enableTotp(input: z.input<typeof enableTotpSchema>): Promise<MfaState> {
  return (await api.http.post<{ data: MfaState }>('/account/mfa/totp/enable', input)).data.data;
}

/** Through the re-confirmations (spec §4): a 423 asks for the password, MFA_REQUIRED for a code. */
export function useEnableTotp() {
  return useMutation({
    mutationFn: ({ code }: { code: string }) =>
      withStepUp((extra) => enableTotp({ code, ...extra }), stepUpPrompts),
  });
}
