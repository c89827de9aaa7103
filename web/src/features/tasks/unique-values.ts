import { parseCsv } from '@fleetport/contracts/csv';
import type { ConfigChanges, ConfigUniqueRow, ConfigValue } from '@fleetport/contracts/device-config';
import type { TFunction } from 'i18next';
import {
  type ConfigField,
  optionProblems,
  sectionFields,
  typedValue,
} from '../../shared/config/config-form.ts';
import { type Kind, SECTION_OPTIONS, sectionKind } from '../../shared/config/config-sections.ts';
import { problemMessage } from '../../shared/forms/problems.ts';

/**
 * Set unique (spec §2 Multi-config; issue 22): the settings whose value differs per device (a
 * host name, a LAN address), one row per device by serial, typed in a table or read from a CSV
 * file (`serial,system.hostname,…`). Every row is checked before anything is sent, with the
 * contract's schema of each section and the contract's rules for rows (a serial once, a text
 * value once), and each problem is placed on its row (the table) or its line (the file).
 */

/** A setting given per device: `wireless.ap0.ssid` is section `wireless.ap0`, option `ssid`. */
export interface UniqueOption {
  key: string;
  section: string;
  kind: Kind;
  field: ConfigField;
}

/** One device's values as typed (text, as a CSV cell holds it), by option key. */
export interface UniqueRow {
  serial: string;
  values: Record<string, string>;
  /** The CSV line the row came from. */
  line?: number;
}

/** A problem of a row: its index, the column (an option key, or `serial`), the words. */
export interface RowProblem {
  index: number;
  column: string;
  message: string;
}

/** The CSV column that names the device; a `name` column may help people and is not read. */
export const SERIAL_COLUMN = 'serial';
const NAME_COLUMN = 'name';

/** The setting an option key names, or undefined when no section of the contract has it. */
export function uniqueOption(key: string): UniqueOption | undefined {
  const dot = key.lastIndexOf('.');
  if (dot <= 0) return undefined;
  const section = key.slice(0, dot);
  const option = key.slice(dot + 1);
  const kind = sectionKind(section)?.kind;
  if (!kind || !(SECTION_OPTIONS[kind] as readonly string[]).includes(option)) return undefined;
  const field = sectionFields(kind).find((one) => one.option === option);
  return field && { key, section, kind, field };
}

const YES = new Set(['true', 'yes', '1', 'on']);
const NO = new Set(['false', 'no', '0', 'off']);

/** A cell as the device takes it; undefined when it is no value of the field's kind. */
function cellValue(field: ConfigField, text: string): ConfigValue | undefined {
  if (field.kind === 'switch') {
    const word = text.trim().toLowerCase();
    return YES.has(word) ? true : NO.has(word) ? false : undefined;
  }
  return typedValue(field, field.kind === 'number' ? text.trim() : text);
}

/** The changes one row makes, as the API takes them. */
function rowChanges(options: readonly UniqueOption[], row: UniqueRow): ConfigChanges {
  const changes: ConfigChanges = {};
  for (const option of options) {
    const value = cellValue(option.field, row.values[option.key] ?? '');
    if (value === undefined) continue;
    changes[option.section] = { ...changes[option.section], [option.field.option]: value };
  }
  return changes;
}

/** The rows as the API's `unique` takes them. */
export function uniqueRequest(
  options: readonly UniqueOption[],
  rows: readonly UniqueRow[],
): ConfigUniqueRow[] {
  return rows.map((row) => ({ serial: row.serial.trim(), changes: rowChanges(options, row) }));
}

/**
 * Every problem of the rows: an empty serial or one given twice, an empty or refused value (the
 * section's schema, in the contract's words), a text value given to two devices (secrets aside:
 * the contract does not compare them). `where(index)` says where another row is ('line 3').
 */
export function rowProblems(
  t: TFunction,
  options: readonly UniqueOption[],
  rows: readonly UniqueRow[],
  where: (index: number) => string,
): RowProblem[] {
  const problems: RowProblem[] = [];
  const serials = new Map<string, number>();
  const seen = new Map<string, number>();
  const required = problemMessage({ kind: 'required' });
  rows.forEach((row, index) => {
    const serial = row.serial.trim();
    const before = serials.get(serial.toLowerCase());
    if (serial === '') problems.push({ index, column: SERIAL_COLUMN, message: required });
    else if (before !== undefined)
      problems.push({
        index,
        column: SERIAL_COLUMN,
        message: t('tasks.configure.unique.serialTwice', { serial, where: where(before) }),
      });
    else serials.set(serial.toLowerCase(), index);

    const bySection = new Map<string, { kind: Kind; values: Record<string, ConfigValue> }>();
    for (const option of options) {
      const text = row.values[option.key] ?? '';
      const value = cellValue(option.field, text);
      if (text.trim() === '' && option.field.kind !== 'text' && option.field.kind !== 'secret') {
        problems.push({ index, column: option.key, message: required });
        continue;
      }
      if (value === undefined) {
        problems.push({ index, column: option.key, message: t('tasks.configure.unique.yesNo') });
        continue;
      }
      const entry = bySection.get(option.section) ?? { kind: option.kind, values: {} };
      entry.values[option.field.option] = value;
      bySection.set(option.section, entry);
      if (option.field.kind !== 'text' || text === '') continue;
      const valueKey = `${option.key}=${text}`;
      const twice = seen.get(valueKey);
      if (twice === undefined) seen.set(valueKey, index);
      else
        problems.push({
          index,
          column: option.key,
          message: t('tasks.configure.unique.valueTwice', { value: text, where: where(twice) }),
        });
    }
    for (const [section, { kind, values }] of bySection) {
      for (const [option, message] of Object.entries(optionProblems(t, kind, values))) {
        const column = `${section}.${option}`;
        if (!problems.some((problem) => problem.index === index && problem.column === column))
          problems.push({ index, column, message });
      }
    }
  });
  return problems;
}

/** A CSV problem: the line (1 is the header) and the words. */
export interface LineProblem {
  line: number;
  message: string;
}

/** A file read: its settings and rows, or why it cannot be used. */
export type UniqueFile =
  | { options: UniqueOption[]; rows: UniqueRow[]; problems: LineProblem[] }
  | { options: undefined; rows: []; problems: LineProblem[] };

/**
 * Reads a Set unique file: a header `serial,<section>.<option>,…` (a `name` column is allowed
 * and not read), then one line per device. Each problem says its line: a header that names no
 * serial or an unknown setting, a line with more or fewer cells than the header, and every
 * problem of `rowProblems` ('Line 4: system.hostname: A host name is …').
 */
export function readUniqueFile(t: TFunction, text: string): UniqueFile {
  const [head, ...body] = parseCsv(text);
  const problems: LineProblem[] = [];
  const fail = (message: string) => ({
    options: undefined,
    rows: [] as [],
    problems: [{ line: 1, message }],
  });
  if (!head) return fail(t('tasks.configure.csv.empty'));
  const header = head.cells.map((cell) => cell.trim());
  const serialAt = header.findIndex((cell) => cell.toLowerCase() === SERIAL_COLUMN);
  if (serialAt < 0) return fail(t('tasks.configure.csv.noSerial'));
  const options: UniqueOption[] = [];
  const columns: (UniqueOption | undefined)[] = header.map((cell, index) => {
    if (index === serialAt || cell.toLowerCase() === NAME_COLUMN) return undefined;
    const option = uniqueOption(cell);
    if (!option)
      problems.push({ line: head.line, message: t('tasks.configure.csv.unknownColumn', { column: cell }) });
    else if (options.some((one) => one.key === option.key))
      problems.push({ line: head.line, message: t('tasks.configure.csv.columnTwice', { column: cell }) });
    else options.push(option);
    return option;
  });
  if (problems.length === 0 && options.length === 0)
    problems.push({ line: head.line, message: t('tasks.configure.csv.noOptions') });
  if (problems.length > 0) return { options: undefined, rows: [], problems };
  if (body.length === 0) return fail(t('tasks.configure.csv.noRows'));

  const rows: UniqueRow[] = [];
  for (const { line, cells } of body) {
    if (cells.length !== header.length) {
      problems.push({
        line,
        message: t('tasks.configure.csv.cells', { count: cells.length, expected: header.length }),
      });
      continue;
    }
    const values: Record<string, string> = {};
    columns.forEach((option, index) => {
      if (option) values[option.key] = cells[index] ?? '';
    });
    rows.push({ serial: (cells[serialAt] ?? '').trim(), values, line });
  }
  const lineOf = (index: number) => rows[index]?.line ?? 0;
  for (const problem of rowProblems(t, options, rows, (index) =>
    t('tasks.configure.csv.onLine', { line: lineOf(index) }),
  )) {
    const column = problem.column === SERIAL_COLUMN ? SERIAL_COLUMN : problem.column;
    problems.push({ line: lineOf(problem.index), message: `${column}: ${problem.message}` });
  }
  problems.sort((a, b) => a.line - b.line);
  return { options, rows, problems };
}

/** The file a user fills: the header, then one line per device with its serial and name. */
export function uniqueTemplate(
  options: readonly UniqueOption[],
  devices: readonly { serial: string; name: string }[],
): { header: string[]; rows: string[][] } {
  return {
    header: [SERIAL_COLUMN, NAME_COLUMN, ...options.map((option) => option.key)],
    rows: devices.map((device) => [device.serial, device.name, ...options.map(() => '')]),
  };
}
