import type { IdentityImport } from '@fleetport/contracts/device-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../../shared/lib/api.ts';
import { APPROVED_KEY } from './list-approved-devices.ts';

/** POST /auth-devices: a manufacturer's CSV (serial, mac, secret); a bad file saves nothing. */
export async function importApprovedDevices(csv: string): Promise<IdentityImport> {
  return (await api.http.post<{ data: IdentityImport }>('/auth-devices', { csv })).data.data;
}

export function useImportApprovedDevices() {
  return useMutation({ mutationFn: importApprovedDevices });
}

/** Loads the approved devices again (after an import has been told). */
export function useReloadApprovedDevices(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: APPROVED_KEY }), [queryClient]);
}
