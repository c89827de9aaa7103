import type { DevicePasswordsSent } from '@fleetport/contracts/device-schemas';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api.ts';

export interface DevicePassword {
  id: number;
  password: string;
}

/** POST /devices/passwords/set: each device's new password, as one task group (each device's task in it). */
export async function setDevicePasswords(devices: readonly DevicePassword[]): Promise<DevicePasswordsSent> {
  const answer = await api.http.post<{ data: DevicePasswordsSent }>('/devices/passwords/set', { devices });
  return answer.data.data;
}

export function useSetDevicePasswords() {
  return useMutation({ mutationFn: setDevicePasswords });
}
