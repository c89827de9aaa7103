import type { DeviceCount } from '@fleetport/contracts/device-schemas';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ListParams } from '../../../shared/grid/grid-query.ts';
import { api } from '../../../shared/lib/api.ts';
import { DEVICES_KEY } from './list-devices.ts';

/** GET /devices/count: the exact number of devices matching the list's filters. */
export async function fetchDeviceCount(filter: ListParams, signal?: AbortSignal): Promise<number> {
  return (await api.http.get<{ data: DeviceCount }>('/devices/count', { params: filter, signal })).data.data
    .total;
}

export const deviceCountQuery = (filter: ListParams) =>
  queryOptions({
    queryKey: [...DEVICES_KEY, 'count', filter],
    staleTime: 0,
    queryFn: ({ signal }) => fetchDeviceCount(filter, signal),
  });

/** Asks the exact count when the user acts on every matching device (a list capped its count). */
export function useCountDevices(): (filter: ListParams) => Promise<number> {
  const queryClient = useQueryClient();
  return useCallback((filter) => queryClient.fetchQuery(deviceCountQuery(filter)), [queryClient]);
}
