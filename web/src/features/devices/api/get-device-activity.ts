import type { DeviceActivity } from '@fleetport/contracts/device-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api.ts';
import { deviceKey } from './list-devices.ts';

/** GET /devices/{id}/activity: the connection log, the actions taken and the notes, newest first. */
export async function fetchDeviceActivity(deviceId: number, signal?: AbortSignal): Promise<DeviceActivity[]> {
  return (await api.http.get<{ data: DeviceActivity[] }>(`/devices/${deviceId}/activity`, { signal })).data
    .data;
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
