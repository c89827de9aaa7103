import { api } from '../../../../shared/lib/api.ts';
import { BACKUP_RULES_URL } from './list-backup-rules.ts';

/** DELETE /devices/backup-rules/{id}: the rule and its schedule; the backups it made stay. */
export async function deleteBackupRule(id: number): Promise<void> {
  await api.http.delete(`${BACKUP_RULES_URL}/${id}`);
}
