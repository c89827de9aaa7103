import type { DeviceBatchResult } from '@fleetport/contracts/device-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../../shared/lib/api.ts';
import type { ImportedDevice } from '../device-import.ts';
import { DEVICES_KEY } from './list-devices.ts';

/** POST /devices/batch (spec §2 "Add device" from a file or a list): every row answered on its own. */
export async function addDevices(
  companyId: number,
  devices: readonly ImportedDevice[],
): Promise<DeviceBatchResult> {
  return (
    await api.http.post<{ data: DeviceBatchResult }>('/devices/batch', { company_id: companyId, devices })
  ).data.data;
}

/** Adds the devices; the caller reloads the lists (`useReloadDevices`) once it has shown the answer. */
export function useAddDevices() {
  return useMutation({
    mutationFn: ({ companyId, devices }: { companyId: number; devices: readonly ImportedDevice[] }) =>
      addDevices(companyId, devices),
  });
}

/** Loads every cached read about devices again (once devices were added). */
export function useReloadDevices(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: DEVICES_KEY }), [queryClient]);
}
