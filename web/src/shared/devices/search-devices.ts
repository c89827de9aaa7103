import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api.ts';

/** A device as a picker offers it. */
export interface DeviceChoice {
  id: number;
  name: string;
  serial: string;
  model: string | null;
}

/** GET /devices?q= (the devices the user sees, by name, serial, model …): the first 20. */
export async function searchDevices(search: string, signal?: AbortSignal): Promise<DeviceChoice[]> {
  const answer = await api.http.get<{ data: DeviceChoice[] }>('/devices', {
    params: { q: search || undefined, fields: 'id,name,serial,model', limit: 20, sort: 'name' },
    signal,
  });
  return answer.data.data;
}

export const deviceChoicesQuery = (search: string) =>
  queryOptions({
    queryKey: ['devices', 'choices', search],
    staleTime: 30_000,
    queryFn: ({ signal }) => searchDevices(search, signal),
  });

export function useDeviceChoices(search: string, enabled: boolean) {
  return useQuery({ ...deviceChoicesQuery(search), enabled });
}
