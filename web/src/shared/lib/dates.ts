import { browserTimeZone, readTimeZone } from './browser-settings.ts';

let zone: string | undefined;

/**
 * The zone dates are shown in (spec §4 "Timezone": browser-guessed or user-chosen). Read once:
 * a change of zone reloads the page (spec §4), and a grid asks for it in every row.
 */
export function displayTimeZone(): string {
  zone ??= readTimeZone() ?? browserTimeZone();
  return zone;
}

/**
 * Parses a server time. Spec §4 strips the trailing Z of live notifications; server times are
 * UTC, so a time without a zone is read as UTC.
 */
export function parseServerTime(value: string): Date {
  const zoned = /(?:Z|[+-]\d\d:?\d\d)$/i.test(value) ? value : `${value}Z`;
  return new Date(zoned);
}

/**
 * One formatter per language and zone: building an Intl.DateTimeFormat costs far more than using
 * one, and a grid formats a date in every row (a slow phone's first paint of a list).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function dateTimeFormatter(language: string, timeZone: string): Intl.DateTimeFormat {
  const key = `${language}\u0000${timeZone}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone });
    formatters.set(key, formatter);
  }
  return formatter;
}

export function formatDateTime(value: string, language: string, timeZone = displayTimeZone()): string {
  const date = parseServerTime(value);
  if (Number.isNaN(date.getTime())) return value;
  return dateTimeFormatter(language, timeZone).format(date);
}
