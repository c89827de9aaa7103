import type { FirmwareChange } from '@fleetport/contracts/device-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api.ts';
import { deviceKey } from './list-devices.ts';

/** GET /devices/{id}/firmware-history: the firmware versions the device came back on, newest first. */
export async function fetchFirmwareHistory(
  deviceId: number,
  signal?: AbortSignal,
): Promise<FirmwareChange[]> {
  return (await api.http.get<{ data: FirmwareChange[] }>(`/devices/${deviceId}/firmware-history`, { signal }))
    .data.data;
}

export const firmwareHistoryQuery = (deviceId: number) =>
  queryOptions({
    queryKey: [...deviceKey(deviceId), 'firmware-history'],
    staleTime: 0,
    queryFn: ({ signal }) => fetchFirmwareHistory(deviceId, signal),
  });

export function useFirmwareHistory(deviceId: number) {
  return useQuery(firmwareHistoryQuery(deviceId));
}
