import type { DeviceBackup } from '@fleetport/contracts/device-backups';
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../shared/api/download.ts';

/** GET /files/{id}/download (Export backup): a backup's archive, saved under its name. */
export function downloadBackup(backup: Pick<DeviceBackup, 'id' | 'name'>): Promise<void> {
  return downloadFile(`/files/${backup.id}/download`, backup.name);
}

export function useDownloadBackup() {
  return useMutation({ mutationFn: downloadBackup });
}
