import type { DataUsageDay } from '@fleetport/contracts/device-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api.ts';
import { deviceKey } from './list-devices.ts';

/** GET /devices/{id}/data-usage: mobile data per SIM per day, UTC, oldest first. */
export async function fetchDataUsage(deviceId: number, signal?: AbortSignal): Promise<DataUsageDay[]> {
  return (await api.http.get<{ data: DataUsageDay[] }>(`/devices/${deviceId}/data-usage`, { signal })).data
    .data;
}

export const dataUsageQuery = (deviceId: number) =>
  queryOptions({
    queryKey: [...deviceKey(deviceId), 'data-usage'],
    staleTime: 60_000,
    queryFn: ({ signal }) => fetchDataUsage(deviceId, signal),
  });

export function useDataUsage(deviceId: number) {
  return useQuery(dataUsageQuery(deviceId));
}
