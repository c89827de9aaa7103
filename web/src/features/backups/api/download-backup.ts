import type { CompanyFile } from '@fleetport/contracts/files';
import { downloadFile } from '../../../shared/api/download.ts';

/** GET /files/{id}/download (Export backup): the archive, saved under its name. */
export function downloadBackup(file: Pick<CompanyFile, 'id' | 'name'>): Promise<void> {
  return downloadFile(`/files/${file.id}/download`, file.name);
}
