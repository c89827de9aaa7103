import type { MfaState, MfaSubmission } from '@fleetport/contracts/mfa';
import { useMutation } from '@tanstack/react-query';
import { withStepUp } from '../../../shared/api/step-up.ts';
import { api } from '../../../shared/lib/api.ts';
import { stepUpPrompts } from '../../../shared/ui/step-up-prompts.tsx';

/** DELETE /account/mfa: the account signs in with its password alone. */
export async function disableMfa(stepUp: MfaSubmission = {}): Promise<MfaState> {
  return (await api.http.delete<{ data: MfaState }>('/account/mfa', { data: stepUp })).data.data;
}

/** Through the re-confirmations (spec §4): a 423 asks for the password, MFA_REQUIRED for a code. */
export function useDisableMfa() {
  return useMutation({ mutationFn: () => withStepUp((extra) => disableMfa(extra), stepUpPrompts) });
}
