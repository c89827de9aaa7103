import type { MfaState, MfaSubmission } from '@fleetport/contracts/mfa';
import { useMutation } from '@tanstack/react-query';
import { withStepUp } from '../../../shared/api/step-up.ts';
import { api } from '../../../shared/lib/api.ts';
import { stepUpPrompts } from '../../../shared/ui/step-up-prompts.tsx';

/** POST /account/mfa/email/enable: codes by e-mail become the second factor. */
export async function enableEmailMfa(stepUp: MfaSubmission = {}): Promise<MfaState> {
  return (await api.http.post<{ data: MfaState }>('/account/mfa/email/enable', stepUp)).data.data;
}

/** Through the re-confirmations (spec §4): a 423 asks for the password, MFA_REQUIRED for a code. */
export function useEnableEmailMfa() {
  return useMutation({ mutationFn: () => withStepUp((extra) => enableEmailMfa(extra), stepUpPrompts) });
}
