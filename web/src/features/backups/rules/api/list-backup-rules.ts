import type { BackupRule } from '@fleetport/contracts/backup-rules';
import { useServerList } from '../../../../shared/grid/use-server-list.ts';

/** Every cached read of backup rules: a save, a switch or a delete reloads them all. */
export const BACKUP_RULES_KEY = ['backup-rules'] as const;
export const BACKUP_RULES_URL = '/devices/backup-rules';

/**
 * GET /devices/backup-rules (issue 22 "Periodic backup rules"): the rules of the companies the
 * user sees, by name, each with its next run; the search and page in the address.
 */
export function useBackupRuleList() {
  return useServerList<BackupRule>({
    gridId: 'backup-rules',
    url: BACKUP_RULES_URL,
    queryKey: [...BACKUP_RULES_KEY, 'list'],
    inAddress: true,
    initial: { sort: [{ field: 'name', sort: 'asc' }] },
  });
}
