import type { FileDevices } from '@fleetport/contracts/tasks';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api.ts';
import { FILES_KEY } from './list-files.ts';

export const fileDevicesKey = (id: number) => [...FILES_KEY, 'devices', id] as const;

/** GET /files/{id}/devices (Device file view): the user's devices the file was sent to, as their tasks stand. */
export function useFileDevices(id: number, enabled: boolean) {
  return useQuery({
    queryKey: fileDevicesKey(id),
    enabled,
    staleTime: 0,
    queryFn: async ({ signal }) =>
      (await api.http.get<{ data: FileDevices }>(`/files/${id}/devices`, { signal })).data.data,
  });
}
