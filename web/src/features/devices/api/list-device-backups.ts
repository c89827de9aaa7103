import type { DeviceBackup } from '@fleetport/contracts/device-backups';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api.ts';
import { deviceKey } from './list-devices.ts';

/** How many of a device's backups its Configuration tab lists (the newest). */
export const BACKUPS_SHOWN = 25;

/** GET /devices/{id}/backups: the device's backups, newest first, and how many it has. */
export async function listDeviceBackups(
  deviceId: number,
  signal?: AbortSignal,
): Promise<{ backups: DeviceBackup[]; total: number }> {
  const answer = await api.http.get<{ data: DeviceBackup[]; meta?: { total?: number } }>(
    `/devices/${deviceId}/backups`,
    { params: { limit: BACKUPS_SHOWN }, signal },
  );
  return { backups: answer.data.data, total: answer.data.meta?.total ?? answer.data.data.length };
}

export const deviceBackupsKey = (deviceId: number) => [...deviceKey(deviceId), 'backups'] as const;

export const deviceBackupsQuery = (deviceId: number) =>
  queryOptions({
    queryKey: deviceBackupsKey(deviceId),
    staleTime: 0,
    queryFn: ({ signal }) => listDeviceBackups(deviceId, signal),
  });

export function useDeviceBackups(deviceId: number) {
  return useQuery(deviceBackupsQuery(deviceId));
}
