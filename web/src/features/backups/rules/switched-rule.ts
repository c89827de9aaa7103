import type { BackupRule, NewBackupRule } from '@fleetport/contracts/backup-rules';
/** The request of PUT /devices/backup-rules/{id} that switches a saved rule on or off, all else as it is. */
export function switchedRequest(rule: BackupRule, enabled: boolean): NewBackupRule {
  return {
    name: rule.name,
    company_id: rule.company_id,
    target: rule.target,
    frequency: rule.frequency,
    ...(rule.weekday === null ? {} : { weekday: rule.weekday }),
    ...(rule.day_of_month === null ? {} : { day_of_month: rule.day_of_month }),
    time: rule.time,
    keep: rule.keep,
    enabled,
  };
}
