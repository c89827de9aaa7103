import { CronExpressionParser } from 'cron-parser';

/**
 * When a rule's cron expression next comes, strictly after `now`, in a time zone (IANA). The
 * parser is the one pg-boss's scheduler evaluates the same expression with, so the console's
 * "next run" is when the job fires (daylight saving time included).
 */
export function nextRunOf(cron: string, timeZone: string, now: Date): Date {
  return CronExpressionParser.parse(cron, { tz: timeZone, currentDate: now }).next().toDate();
}
