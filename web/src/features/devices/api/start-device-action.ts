import type { DeviceAction } from '@fleetport/contracts/devices';
import type { DeviceTaskStarted } from '@fleetport/contracts/tasks';
import { api } from '../../../shared/lib/api.ts';

/** POST /devices/{id}/actions (reboot, refresh): the one-device task group it became. */
export async function startDeviceAction(deviceId: number, action: DeviceAction): Promise<DeviceTaskStarted> {
  const answer = await api.http.post<{ data: DeviceTaskStarted }>(`/devices/${deviceId}/actions`, { action });
  return answer.data.data;
}
