import type { FilePermissionChoices } from '@fleetport/contracts/files';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api.ts';
import { FILES_KEY } from './list-files.ts';

export const filePermissionsKey = (id: number) => [...FILES_KEY, 'permissions', id] as const;

/** GET /files/{id}/permissions: whom the file is shared with, and the companies below its own. */
export async function getFilePermissions(id: number, signal: AbortSignal): Promise<FilePermissionChoices> {
  return (await api.http.get<{ data: FilePermissionChoices }>(`/files/${id}/permissions`, { signal })).data
    .data;
}

export const filePermissionsQuery = (id: number) =>
  queryOptions({
    queryKey: filePermissionsKey(id),
    staleTime: 0,
    queryFn: ({ signal }) => getFilePermissions(id, signal),
  });

export function useFilePermissions(id: number) {
  return useQuery(filePermissionsQuery(id));
}
