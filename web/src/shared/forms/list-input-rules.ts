import { MAX_UPLOAD_BYTES } from '@fleetport/contracts/uploads';
import type { ListInputOptions } from './field-schema.ts';
import { matchesPattern } from './pattern.ts';
import type { Problem } from './problems.ts';

/** One item of a ListInput: text, or a number with `type: 'number'`. */
export type ListItem = string | number;

/**
 * Spec §5 "List input": the native checks of one item (pattern, min, max and length), made on
 * its text; with `type: 'number'` the text must convert to a number.
 */
export function listItemProblem(text: string, rules: ListInputOptions): Problem | undefined {
  if (rules.minItemLength !== undefined && text.length < rules.minItemLength) {
    return { kind: 'minLength', limit: rules.minItemLength };
  }
  if (rules.maxItemLength !== undefined && text.length > rules.maxItemLength) {
    return { kind: 'maxLength', limit: rules.maxItemLength };
  }
  if (!matchesPattern(text, rules.pattern)) return { kind: 'pattern' };
  if (rules.type === 'number') {
    const value = Number(text);
    if (!Number.isFinite(value)) return { kind: 'number' };
    if (rules.min !== undefined && value < rules.min) return { kind: 'min', limit: rules.min };
    if (rules.max !== undefined && value > rules.max) return { kind: 'max', limit: rules.max };
  }
  return undefined;
}

export interface AddedItems {
  items: ListItem[];
  /** Texts refused by a check, in order, with the first problem. */
  rejected: string[];
  problem?: Problem;
}

/**
 * Spec §5 "List input": adds typed, pasted or imported texts. Each is trimmed and a blank one
 * ignored; one failing a native check is refused; with `uniqueItems` or `noDupes` one already
 * present is ignored; `type: 'number'` converts to a number; adding stops at `maxItems`.
 */
export function addListItems(
  current: readonly ListItem[],
  texts: readonly string[],
  rules: ListInputOptions,
): AddedItems {
  const items = [...current];
  const rejected: string[] = [];
  let problem: Problem | undefined;
  const unique = Boolean(rules.uniqueItems || rules.noDupes);
  for (const raw of texts) {
    if (rules.maxItems !== undefined && items.length >= rules.maxItems) break;
    const text = raw.trim();
    if (!text) continue;
    const found = listItemProblem(text, rules);
    if (found) {
      rejected.push(text);
      problem ??= found;
      continue;
    }
    const item: ListItem = rules.type === 'number' ? Number(text) : text;
    if (unique && items.includes(item)) continue;
    items.push(item);
  }
  return problem ? { items, rejected, problem } : { items, rejected };
}

/** Spec §5: Backspace in an empty input removes the last item. */
export function removeLastItem(items: readonly ListItem[]): ListItem[] {
  return items.slice(0, -1);
}

export type CsvProblem = 'notCsv' | 'tooLarge';

/**
 * Spec §5 "List input" CSV import: the file must be `text/csv` ('Not a CSV file selected') and
 * under 80MB ('File size must be lower than 80MB').
 */
export function csvFileProblem(file: Pick<File, 'type' | 'size'>): CsvProblem | undefined {
  if (file.type !== 'text/csv') return 'notCsv';
  if (file.size >= MAX_UPLOAD_BYTES) return 'tooLarge';
  return undefined;
}

/** Spec §5: the lines of an imported CSV, trimmed, empty ones dropped. */
export function csvLines(text: string): string[] {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/**
 * Spec §5: pasted text is trimmed and cut to the field's maxlength; it replaces the selection
 * of the input's current text.
 */
export function pasteIntoInput(
  input: string,
  pasted: string,
  selection: { start: number; end: number },
  maxlength: number | undefined,
): string {
  const next = `${input.slice(0, selection.start)}${pasted.trim()}${input.slice(selection.end)}`;
  return maxlength === undefined ? next : next.slice(0, maxlength);
}
