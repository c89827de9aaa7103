import type { DeviceAction } from '@fleetport/contracts/devices';
import { api } from '../../../shared/lib/api.ts';

/** POST /devices/{id}/actions (reboot, refresh): the realtime channel its progress comes on. */
export async function startDeviceAction(deviceId: number, action: DeviceAction): Promise<string | undefined> {
  const answer = await api.http.post<{ meta?: { channel?: string } }>(`/devices/${deviceId}/actions`, {
    action,
  });
  return answer.data.meta?.channel;
}
