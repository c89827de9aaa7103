import type { RestoreBackupRequest } from '@fleetport/contracts/device-backups';
import type { DeviceTaskStarted } from '@fleetport/contracts/tasks';
import { api } from '../../lib/api.ts';

/**
 * POST /devices/{id}/restore (issue 22 Restore, Upload to device): the backup's configuration as
 * a one-device config.write task; 422 at `file_id` when the backup cannot go to this device.
 */
export async function restoreBackup(
  deviceId: number,
  request: RestoreBackupRequest,
): Promise<DeviceTaskStarted> {
  const answer = await api.http.post<{ data: DeviceTaskStarted }>(`/devices/${deviceId}/restore`, request);
  return answer.data.data;
}
