import type { CustomBox } from '@fleetport/contracts/device-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api.ts';
import { deviceKey } from './list-devices.ts';

/** PUT /devices/{id}/custom: the device custom box (spec §2), or none (`null` clears it). */
export async function updateCustomBox(deviceId: number, custom: CustomBox | null): Promise<void> {
  await api.http.put(`/devices/${deviceId}/custom`, { custom });
}

/** Saves the box, then the device loads again before the promise settles. */
export function useUpdateCustomBox(deviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (custom: CustomBox | null) => updateCustomBox(deviceId, custom),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKey(deviceId) }),
  });
}
