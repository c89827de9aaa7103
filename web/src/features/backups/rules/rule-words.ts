import type { BackupRule } from '@fleetport/contracts/backup-rules';
import type { TFunction } from 'i18next';

/** 7 January 2024 was a Sunday: weekday n (0 Sunday … 6 Saturday, as cron counts) is the 7th + n. */
const SUNDAY = Date.UTC(2024, 0, 7);

/** A weekday's name in the user's language ("Monday", "月曜日"). */
export function weekdayName(language: string, weekday: number): string {
  return new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(SUNDAY + weekday * 86_400_000),
  );
}

/** How often a rule runs, in words: "Daily at 02:00 (Asia/Tokyo)", "Weekly on Monday at 03:00 (UTC)". */
export function scheduleText(
  t: TFunction,
  language: string,
  rule: Pick<BackupRule, 'frequency' | 'weekday' | 'day_of_month' | 'time' | 'time_zone'>,
): string {
  const values = { time: rule.time, zone: rule.time_zone };
  switch (rule.frequency) {
    case 'weekly':
      return t('files.backupRules.schedule.weekly', {
        ...values,
        weekday: weekdayName(language, rule.weekday ?? 0),
      });
    case 'monthly':
      return t('files.backupRules.schedule.monthly', { ...values, day: rule.day_of_month ?? 1 });
    default:
      return t('files.backupRules.schedule.daily', values);
  }
}

/** What a rule backs up, in words: "Tag Depots", "Device Unit 42", "Company Acme East (its own devices)". */
export function targetText(t: TFunction, rule: Pick<BackupRule, 'target' | 'target_name'>): string {
  const kind = 'device_id' in rule.target ? 'device' : 'tag_id' in rule.target ? 'tag' : 'company';
  if (rule.target_name === null) return t(`files.backupRules.target.${kind}Gone`);
  return t(`files.backupRules.target.${kind}`, { name: rule.target_name });
}
