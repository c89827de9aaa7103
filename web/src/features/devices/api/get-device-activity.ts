import type { DeviceActivityEntry } from '@fleetport/contracts/audit';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api.ts';
import { deviceKey } from './list-devices.ts';

/**
 * GET /devices/{id}/activity: the connection log, the actions taken (audit entries with their
 * event type, who and how a command ended) and the notes, newest first.
 */
export async function fetchDeviceActivity(
  deviceId: number,
  signal?: AbortSignal,
): Promise<DeviceActivityEntry[]> {
  return (await api.http.get<{ data: DeviceActivityEntry[] }>(`/devices/${deviceId}/activity`, { signal }))
    .data.data;
}

export const deviceActivityQuery = (deviceId: number) =>
  queryOptions({
    queryKey: [...deviceKey(deviceId), 'activity'],
    staleTime: 0,
    refetchInterval: 15_000,
    queryFn: ({ signal }) => fetchDeviceActivity(deviceId, signal),
  });

export function useDeviceActivity(deviceId: number) {
  return useQuery(deviceActivityQuery(deviceId));
}
