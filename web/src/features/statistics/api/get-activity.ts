import type { DeviceActivityPeriod } from '@fleetport/contracts/device-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api.ts';

export type ActivityUnit = 'day' | 'month';

/** GET /statistics/activity: unique devices, connections, refused attempts and devices added per period, oldest first. */
export async function fetchActivity(
  by: ActivityUnit,
  periods: number,
  signal?: AbortSignal,
): Promise<DeviceActivityPeriod[]> {
  return (
    await api.http.get<{ data: DeviceActivityPeriod[] }>('/statistics/activity', {
      params: { by, periods },
      signal,
    })
  ).data.data;
}

export const activityQuery = (by: ActivityUnit, periods: number) =>
  queryOptions({
    queryKey: ['statistics', 'activity', by, periods],
    staleTime: 60_000,
    queryFn: ({ signal }) => fetchActivity(by, periods, signal),
  });

export function useActivity(by: ActivityUnit, periods: number) {
  return useQuery(activityQuery(by, periods));
}
