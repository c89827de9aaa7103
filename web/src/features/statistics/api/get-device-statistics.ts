import type { DeviceStatistics } from '@fleetport/contracts/device-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api.ts';

/** The fleet grouped by one property of its devices. */
export const GROUPINGS = ['status', 'connection_type', 'model', 'firmware'] as const;
export type Grouping = (typeof GROUPINGS)[number];

/** GET /statistics/devices: the largest groups, the rest summed into `other`. */
export async function fetchDeviceStatistics(by: Grouping, signal?: AbortSignal): Promise<DeviceStatistics> {
  return (await api.http.get<{ data: DeviceStatistics }>('/statistics/devices', { params: { by }, signal }))
    .data.data;
}

export const deviceStatisticsQuery = (by: Grouping) =>
  queryOptions({
    queryKey: ['devices', 'statistics', by],
    staleTime: 30_000,
    queryFn: ({ signal }) => fetchDeviceStatistics(by, signal),
  });

export function useDeviceStatistics(by: Grouping) {
  return useQuery(deviceStatisticsQuery(by));
}
