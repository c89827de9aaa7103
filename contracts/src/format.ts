/**
 * The display formats of spec §9 "Business constants and limits": bytes, sensor readings,
 * coordinates, the connection type of a modem and the ordinal of a tier level.
 *
 * Every formatter takes what the API may send (a number, or nothing) and never throws: input
 * that is missing or not a finite number gives the empty string, so a table cell stays blank.
 * Nothing here is translated; the console wraps words (such as 'No service') in its own
 * translations.
 */

/** The value a formatter returns for missing or non-finite input. */
export const EMPTY_VALUE = '';

const isFiniteNumber = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/** `value` with exactly `decimals` decimals, without a minus sign on a value that rounds to zero. */
function fixed(value: number, decimals: number): string {
  const text = value.toFixed(decimals);
  return /^-[0.]+$/.test(text) ? text.slice(1) : text;
}

/** `value` rounded to at most `decimals` decimals, trailing zeros dropped (`1.50` → `1.5`). */
function trimmed(value: number, decimals: number): string {
  const rounded = Number(value.toFixed(decimals));
  return String(rounded === 0 ? 0 : rounded);
}

export const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/**
 * Spec §9 byte formatting: steps of 1024 up to TB, at most `decimals` decimals with trailing
 * zeros dropped, and a space before the unit: `1536` → `'1.5 KB'`, `83886080` → `'80 MB'`.
 * Beyond TB the number grows (`'5120 TB'`). A negative size keeps its sign. `decimals` is
 * clamped to 0–20. Missing or non-finite input gives `''`.
 *
 * `uploads.ts` keeps its own compact form without the space (`'80MB'`), which is how spec §5
 * words the upload limit message.
 */
export function formatBytes(bytes: number | null | undefined, decimals = 2): string {
  if (!isFiniteNumber(bytes)) return EMPTY_VALUE;
  const places = Number.isFinite(decimals) ? Math.min(20, Math.max(0, Math.trunc(decimals))) : 2;
  let value = Math.abs(bytes);
  let unit = 0;
  while (unit < BYTE_UNITS.length - 1 && Number(value.toFixed(places)) >= 1024) {
    value /= 1024;
    unit += 1;
  }
  const sign = bytes < 0 && Number(value.toFixed(places)) !== 0 ? '-' : '';
  return `${sign}${trimmed(value, places)} ${BYTE_UNITS[unit]}`;
}

/**
 * Spec §9: a temperature arrives in tenths of a degree; it is divided by 10 and shown in °C with
 * one decimal, the precision of the sensor: `235` → `'23.5 °C'`, `230` → `'23.0 °C'`.
 * Missing or non-finite input gives `''`.
 */
export function formatTemperature(raw: number | null | undefined): string {
  if (!isFiniteNumber(raw)) return EMPTY_VALUE;
  return `${fixed(raw / 10, 1)} °C`;
}

/**
 * Spec §9: an analog input arrives in millivolts; it is divided by 1000 and shown in V with
 * three decimals, the precision of the reading: `1234` → `'1.234 V'`, `5000` → `'5.000 V'`.
 * Missing or non-finite input gives `''`.
 */
export function formatAnalog(raw: number | null | undefined): string {
  if (!isFiniteNumber(raw)) return EMPTY_VALUE;
  return `${fixed(raw / 1000, 3)} V`;
}

/**
 * Spec §9: a current loop reading arrives in amperes; it is multiplied by 1000 and shown in mA,
 * rounded to the microampere (at most three decimals, trailing zeros dropped):
 * `0.004` → `'4 mA'`, `0.0123456` → `'12.346 mA'`. Missing or non-finite input gives `''`.
 */
export function formatCurrentLoop(value: number | null | undefined): string {
  if (!isFiniteNumber(value)) return EMPTY_VALUE;
  return `${trimmed(value * 1000, 3)} mA`;
}

/**
 * Spec §9: a latitude or longitude is shown with 6 decimals: `54.6871565` → `'54.687157'`.
 * Missing or non-finite input gives `''`.
 */
export function formatCoordinate(value: number | null | undefined): string {
  if (!isFiniteNumber(value)) return EMPTY_VALUE;
  return fixed(value, 6);
}

// The connection type mapping is its own module (the devices list's first load takes only it).
export { type ConnectionGeneration, connectionGeneration, NO_SERVICE } from './connection.ts';

/**
 * Spec §9 tier levels are shown as an ordinal followed by 'level company'; this gives the
 * English ordinal only (`1` → `'1st'`, `2` → `'2nd'`, `11` → `'11th'`, `22` → `'22nd'`,
 * `111` → `'111th'`), and the console wraps it in its translated sentence. A negative integer
 * takes the suffix of its magnitude (`-1` → `'-1st'`). Anything but a safe integer gives `''`.
 */
export function englishOrdinal(n: number): string {
  if (!Number.isSafeInteger(n)) return EMPTY_VALUE;
  const magnitude = Math.abs(n);
  const lastTwo = magnitude % 100;
  const last = magnitude % 10;
  const suffix =
    lastTwo >= 11 && lastTwo <= 13 ? 'th' : last === 1 ? 'st' : last === 2 ? 'nd' : last === 3 ? 'rd' : 'th';
  return `${n === 0 ? 0 : n}${suffix}`;
}
