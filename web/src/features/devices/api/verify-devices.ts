import type { DeviceRowResult } from '@fleetport/contracts/device-schemas';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api.ts';
import type { ImportedDevice } from '../device-import.ts';

/** POST /devices/verify (spec §2 "Verify devices"): each row checked, nothing added. */
export async function verifyDevices(devices: readonly ImportedDevice[]): Promise<DeviceRowResult[]> {
  return (await api.http.post<{ data: DeviceRowResult[] }>('/devices/verify', { devices })).data.data;
}

export function useVerifyDevices() {
  return useMutation({ mutationFn: verifyDevices });
}
