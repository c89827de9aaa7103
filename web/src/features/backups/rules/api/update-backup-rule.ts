import type { BackupRule, NewBackupRule } from '@fleetport/contracts/backup-rules';
import { api } from '../../../../shared/lib/api.ts';
import { BACKUP_RULES_URL } from './list-backup-rules.ts';

/**
 * PUT /devices/backup-rules/{id}: a rule's new settings, enabled or not; its schedule follows
 * (409: the name is taken in its company).
 */
export async function updateBackupRule(
  id: number,
  body: NewBackupRule,
  extra: Record<string, string> = {},
): Promise<BackupRule> {
  return (await api.http.put<{ data: BackupRule }>(`${BACKUP_RULES_URL}/${id}`, { ...body, ...extra })).data
    .data;
}
