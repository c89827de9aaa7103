import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api.ts';

/** Under the devices' key, which the device writes reload. */
export const onlineDevicesKey = (companyId: number) =>
  ['devices', 'list', 'online-count', companyId] as const;

/** GET /devices?status=online, one row asked: the company's own devices online now (spec §4 Online). */
export async function countOnlineDevices(companyId: number, signal: AbortSignal): Promise<number> {
  const response = await api.http.get<{ meta: { total: number } }>('/devices', {
    params: { company_id: companyId, status: 'online', limit: 1, fields: 'id' },
    signal,
  });
  return response.data.meta.total;
}

export const onlineDevicesQuery = (companyId: number) =>
  queryOptions({
    queryKey: onlineDevicesKey(companyId),
    staleTime: 0,
    queryFn: ({ signal }) => countOnlineDevices(companyId, signal),
  });

export function useOnlineDeviceCount(companyId: number) {
  return useQuery(onlineDevicesQuery(companyId));
}
