import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api.ts';

export interface DevicePassword {
  id: number;
  password: string;
}

/** POST /devices/passwords/set: each device's new password; their progress comes on the returned channel. */
export async function setDevicePasswords(devices: readonly DevicePassword[]): Promise<string | undefined> {
  const answer = await api.http.post<{ meta?: { channel?: string } }>('/devices/passwords/set', { devices });
  return answer.data.meta?.channel;
}

export function useSetDevicePasswords() {
  return useMutation({ mutationFn: setDevicePasswords });
}
