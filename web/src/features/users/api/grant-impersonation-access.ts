import type { ImpersonationAccess } from '@fleetport/contracts/impersonation';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api.ts';

/** The answer of a grant: unlike a withdrawal's, its limit is always there. */
type GrantedAccess = ImpersonationAccess & { impersonation_access_limit: string };

/**
 * POST /users/confirm-impersonation-access/{token} (the e-mailed link): the signed-in user allows
 * access to their account for 24 hours; the answer says until when (UTC).
 */
export async function grantImpersonationAccess(token: string): Promise<string> {
  const answer = await api.http.post<{ data: GrantedAccess }>(
    `/users/confirm-impersonation-access/${encodeURIComponent(token)}`,
  );
  return answer.data.data.impersonation_access_limit;
}

export function useGrantImpersonationAccess(token: string) {
  return useMutation({ mutationFn: () => grantImpersonationAccess(token) });
}
