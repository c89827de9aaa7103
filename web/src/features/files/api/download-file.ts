import type { CompanyFile } from '@fleetport/contracts/files';
import { useMutation } from '@tanstack/react-query';
import { downloadFile as download } from '../../../shared/api/download.ts';

/** GET /files/{id}/download: the bytes, saved under the name the answer gives (spec §7 "File download"). */
export function downloadFile(file: Pick<CompanyFile, 'id' | 'name'>): Promise<void> {
  return download(`/files/${file.id}/download`, file.name);
}

export function useDownloadFile() {
  return useMutation({ mutationFn: downloadFile });
}
