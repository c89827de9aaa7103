import type { DeviceDetail } from '@fleetport/contracts/device-schemas';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../../shared/lib/api.ts';
import { deviceKey } from './list-devices.ts';

/** GET /devices/{id}: the row with capabilities, latest readings, intervals and custom box (403 alike for another tenant's and a missing one). */
export async function fetchDevice(id: number, signal?: AbortSignal): Promise<DeviceDetail> {
  return (await api.http.get<{ data: DeviceDetail }>(`/devices/${id}`, { signal })).data.data;
}

export const deviceQuery = (id: number) =>
  queryOptions({
    queryKey: deviceKey(id),
    staleTime: 0,
    queryFn: ({ signal }) => fetchDevice(id, signal),
  });

/** The device of the page; nothing is asked while `enabled` is false (a malformed id). */
export function useDevice(id: number, enabled = true) {
  return useQuery({ ...deviceQuery(id), enabled });
}

/** Loads the device and everything keyed below it (activity, readings) again. */
export function useReloadDevice(id: number): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: deviceKey(id) }), [queryClient, id]);
}
