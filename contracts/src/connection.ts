/**
 * Spec §9 connection type mapping: a modem's connection type as its network generation. Kept
 * apart from the other formats (format.ts re-exports it) so that the devices list's first load
 * carries only this.
 */

/** The network generations of spec §9, plus the sentinel `'none'` that the console shows as 'No service'. */
export type ConnectionGeneration = '5G' | '4G' | '3G' | '2G' | 'none';

/** Spec §9: the sentinel for an empty connection type. The console translates it to 'No service'. */
export const NO_SERVICE = 'none' satisfies ConnectionGeneration;

const FIVE_G = new Set(['5G-NSA', '5G-SA']);
const TWO_G = new Set(['GSM', 'GPRS', 'EDGE', 'CDMA', 'NB-IOT']);
const THREE_G = /^(?:WCDMA|UMTS|.*HS[DU]?PA.*)$/;

/**
 * Spec §9 connection type mapping, case-insensitive and ignoring surrounding spaces:
 * 5G-NSA and 5G-SA → `'5G'`; WCDMA, UMTS and every HSPA variant (HSPA, HSPA+, HSDPA, HSUPA,
 * HSPAP, HSDPA+HSUPA, DC-HSPA+…) → `'3G'`; GSM, GPRS, EDGE, CDMA and NB-IoT → `'2G'`;
 * LTE, CAT-M1, eMTC and any other non-empty value → `'4G'`; empty, blank or missing →
 * {@link NO_SERVICE} (`'none'`), which the console shows as 'No service'.
 */
export function connectionGeneration(type: string | null | undefined): ConnectionGeneration {
  const value = typeof type === 'string' ? type.trim().toUpperCase() : '';
  if (value === '') return NO_SERVICE;
  if (FIVE_G.has(value)) return '5G';
  if (TWO_G.has(value)) return '2G';
  if (THREE_G.test(value)) return '3G';
  return '4G';
}
