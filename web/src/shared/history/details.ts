import type { TFunction } from 'i18next';

/**
 * An audit entry's details, one click away from its sentence: what it recorded before and after,
 * as labelled values people read (never JSON, never ids). Untrusted strings stay text.
 */
export interface DetailRow {
  key: string;
  label: string;
  before?: string | undefined;
  after?: string | undefined;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Keys that mean nothing to a reader: row ids, references by id, hashes, the command's record id,
 * and the action an entry's sentence already names (`reboot`, a bulk `move`).
 */
const HIDDEN = /^(id|.*_id|.*_ids|ids|sha256|hash|command_id|secret.*|action)$/;
/** At most this many items of a list are shown. */
const LIST_MAX = 10;

type LooseT = (key: string, options?: Record<string, unknown>) => string;

/** A recorded value in words: yes/no, numbers and lists in the language, a named thing by its name. */
export function formatValue(t: TFunction, value: unknown, language: string): string {
  if (value === null || value === undefined || value === '') return t('history.details.empty');
  if (typeof value === 'boolean') return value ? t('history.details.yes') : t('history.details.no');
  if (typeof value === 'number') return new Intl.NumberFormat(language).format(value);
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) {
    const shown = value.slice(0, LIST_MAX).map((item) => formatValue(t, item, language));
    const list = new Intl.ListFormat(language, { type: 'unit' }).format(shown);
    return value.length > LIST_MAX
      ? t('history.details.more', { shown: list, count: value.length - LIST_MAX })
      : list;
  }
  if (isRecord(value)) {
    const name = value.name ?? value.title ?? value.label;
    if (typeof name === 'string') return name;
    return Object.entries(value)
      .filter(([key]) => !HIDDEN.test(key))
      .map(([key, inner]) => `${labelOf(t, key)}: ${formatValue(t, inner, language)}`)
      .join('; ');
  }
  return String(value);
}

/** A recorded key's label: the catalogue's word for it, else the key in words. */
export function labelOf(t: TFunction, key: string): string {
  const known = (t as unknown as LooseT)(`history.fields.${key}`, { defaultValue: '' });
  if (known) return known;
  const words = key.replaceAll('_', ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The rows of an entry's details: with both sides, the values that changed; with one side, its
 * values. Keys a reader cannot use are left out.
 */
export function detailRows(
  t: TFunction,
  entry: { before?: unknown; after?: unknown },
  language: string,
): DetailRow[] {
  const before = isRecord(entry.before) ? entry.before : undefined;
  const after = isRecord(entry.after) ? entry.after : undefined;
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].filter(
    (key) => !HIDDEN.test(key),
  );
  const changed =
    before && after ? keys.filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key])) : keys;
  return changed.map((key) => ({
    key,
    label: labelOf(t, key),
    ...(before ? { before: formatValue(t, before[key], language) } : {}),
    ...(after ? { after: formatValue(t, after[key], language) } : {}),
  }));
}
