import type { DeviceTaskStarted } from '@fleetport/contracts/tasks';
import { api } from '../../../shared/lib/api.ts';

/** POST /devices/{id}/cli: a command for the device's shell, as a one-device task (its output is the task's message). */
export async function runCliCommand(deviceId: number, command: string): Promise<DeviceTaskStarted> {
  const answer = await api.http.post<{ data: DeviceTaskStarted }>(`/devices/${deviceId}/cli`, { command });
  return answer.data.data;
}
