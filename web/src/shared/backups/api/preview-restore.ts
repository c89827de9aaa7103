import type { RestorePreview } from '@fleetport/contracts/device-backups';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/**
 * GET /devices/{id}/restore-preview?file_id= (issue 22 Restore): what restoring the backup file
 * to the device would change (device's value → backup's, secrets only as the mask), and what
 * stands in the way. 422 at `file_id`: not a backup; 403: a device or file the user cannot see.
 */
export async function previewRestore(
  deviceId: number,
  fileId: number,
  signal?: AbortSignal,
): Promise<RestorePreview> {
  const answer = await api.http.get<{ data: RestorePreview }>(`/devices/${deviceId}/restore-preview`, {
    params: { file_id: fileId },
    signal,
  });
  return answer.data.data;
}

export const restorePreviewQuery = (deviceId: number, fileId: number) =>
  queryOptions({
    queryKey: ['devices', deviceId, 'restore-preview', fileId],
    staleTime: 0,
    gcTime: 0,
    retry: false,
    queryFn: ({ signal }) => previewRestore(deviceId, fileId, signal),
  });

export function useRestorePreview(deviceId: number | undefined, fileId: number) {
  return useQuery({ ...restorePreviewQuery(deviceId ?? 0, fileId), enabled: deviceId !== undefined });
}
