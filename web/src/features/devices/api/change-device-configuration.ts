import type { deviceConfigChangeSchema } from '@fleetport/contracts/device-config';
import type { DeviceTaskStarted } from '@fleetport/contracts/tasks';
import type { z } from 'zod';
import { api } from '../../../shared/lib/api.ts';

/** The request as the console sends it: the changed options by section (null removes one), the rollback. */
export type DeviceConfigChangeRequest = z.input<typeof deviceConfigChangeSchema>;

/**
 * POST /devices/{id}/configuration (issue 22): a configuration change as a one-device task
 * (`config.write`); the device applies it all at once or refuses it. 422 names a bad value at
 * `changes.<section>`.
 */
export async function changeDeviceConfiguration(
  deviceId: number,
  request: DeviceConfigChangeRequest,
): Promise<DeviceTaskStarted> {
  const answer = await api.http.post<{ data: DeviceTaskStarted }>(
    `/devices/${deviceId}/configuration`,
    request,
  );
  return answer.data.data;
}
