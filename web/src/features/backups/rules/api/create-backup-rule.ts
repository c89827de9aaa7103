import type { BackupRule, NewBackupRule } from '@fleetport/contracts/backup-rules';
import { api } from '../../../../shared/lib/api.ts';
import { BACKUP_RULES_URL } from './list-backup-rules.ts';

/** POST /devices/backup-rules: a new rule for a company, scheduled at once (409: the name is taken there). */
export async function createBackupRule(
  body: NewBackupRule,
  extra: Record<string, string> = {},
): Promise<BackupRule> {
  return (await api.http.post<{ data: BackupRule }>(BACKUP_RULES_URL, { ...body, ...extra })).data.data;
}
