import type { CompanyFile } from '@fleetport/contracts/files';
import { useServerList } from '../../../shared/grid/use-server-list.ts';

/** Every backup query starts with this key: an upload reloads the list. */
export const BACKUPS_KEY = ['files', 'backups'] as const;
export const BACKUPS_URL = '/files';
const FIXED = { kind: 'backup' } as const;

/**
 * GET /files?kind=backup for the Backups page's grid (issue 22 "Upload backup"): every backup
 * file the user sees (a device's, or one uploaded from a computer), newest first; the search,
 * sort and page in the address.
 */
export function useBackupList() {
  return useServerList<CompanyFile>({
    gridId: 'backups',
    url: BACKUPS_URL,
    queryKey: [...BACKUPS_KEY, 'list'],
    inAddress: true,
    fixed: FIXED,
    initial: { sort: [{ field: 'created_at', sort: 'desc' }] },
  });
}
