import type { DeviceConfiguration } from '@fleetport/contracts/device-config';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api.ts';
import { deviceKey } from './list-devices.ts';

/** GET /devices/{id}/configuration: the tree the device last reported, secrets masked (null before its first report). */
export async function fetchDeviceConfiguration(
  deviceId: number,
  signal?: AbortSignal,
): Promise<DeviceConfiguration> {
  return (await api.http.get<{ data: DeviceConfiguration }>(`/devices/${deviceId}/configuration`, { signal }))
    .data.data;
}

export const deviceConfigurationQuery = (deviceId: number) =>
  queryOptions({
    queryKey: [...deviceKey(deviceId), 'configuration'],
    staleTime: 0,
    queryFn: ({ signal }) => fetchDeviceConfiguration(deviceId, signal),
  });

export function useDeviceConfiguration(deviceId: number) {
  return useQuery(deviceConfigurationQuery(deviceId));
}
