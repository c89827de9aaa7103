import type { ImpersonationCancelled } from '@fleetport/contracts/impersonation';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api.ts';

/**
 * POST /account/impersonation/cancel, then a token refresh: the session is the admin's own again
 * (spec §2 'Cancel impersonation').
 */
export async function cancelImpersonation(): Promise<ImpersonationCancelled> {
  const response = await api.http.post<{ data: ImpersonationCancelled }>('/account/impersonation/cancel');
  await api.session.refresh();
  return response.data.data;
}

export function useCancelImpersonation() {
  return useMutation({ mutationFn: cancelImpersonation });
}
