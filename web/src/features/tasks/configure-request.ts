import {
  CONFIG_ROLLBACK_S,
  type ConfigChanges,
  type ConfigSection,
} from '@fleetport/contracts/device-config';
import { TASK_DEADLINE_HOURS } from '@fleetport/contracts/tasks';
import type { TFunction } from 'i18next';
import { errorItems, messageOf } from '../../shared/api/messages.ts';
import {
  type ConfigFormValues,
  contractWords,
  optionProblems,
  sectionFields,
  typedValue,
} from '../../shared/config/config-form.ts';
import { KINDS, type Kind, REPEATED_SECTIONS, sectionKind } from '../../shared/config/config-sections.ts';
import { problemMessage } from '../../shared/forms/problems.ts';
import {
  type LineProblem,
  type RowProblem,
  SERIAL_COLUMN,
  type UniqueOption,
  type UniqueRow,
  uniqueRequest,
} from './unique-values.ts';

/**
 * Configure devices' values (issue 22) and the request they make (POST /devices/tasks/groups
 * with `config.write`, and its preview): which devices, the settings every device gets, the
 * settings each device gets its own value of, the rollback time and the deadline; and where the
 * API's refusals go back on the page.
 */

export type Target = 'chosen' | 'tag' | 'company';

/** A section of the change: the options ticked, each with its value as typed. */
export interface CommonSection {
  name: string;
  kind: Kind;
  values: ConfigFormValues;
}

export interface ConfigureValues {
  target: Target;
  tagId: string;
  companyId: string;
  /** A saved template every device gets, under the settings ticked (which win); '' for none. */
  templateId: string;
  sections: CommonSection[];
  /** Set unique: the settings, and where their values come from. */
  unique: UniqueOption[];
  source: 'table' | 'file';
  /** The table's values, by serial then option key. */
  table: Record<string, Record<string, string>>;
  /** The file's name, rows (with their lines) and the problems found reading it. */
  fileName: string;
  fileRows: UniqueRow[];
  fileProblems: LineProblem[];
  rollback: string;
  deadline: string;
}

export const initialValues = (ids: readonly number[], tagId: string, templateId = ''): ConfigureValues => ({
  target: ids.length > 0 ? 'chosen' : 'tag',
  tagId,
  companyId: '',
  templateId,
  sections: [],
  unique: [],
  source: ids.length > 0 ? 'table' : 'file',
  table: {},
  fileName: '',
  fileRows: [],
  fileProblems: [],
  rollback: String(CONFIG_ROLLBACK_S.default),
  deadline: String(TASK_DEADLINE_HOURS.default),
});

export interface OfferedSection {
  name: string;
  kind: Kind;
  index: number;
}

/**
 * The sections a change for many devices offers, in the order people look for them: each kind
 * once, every Wi-Fi network by number. Port forwards differ per device and are not offered.
 */
export const OFFERED_SECTIONS: readonly OfferedSection[] = KINDS.flatMap((kind): OfferedSection[] =>
  kind === 'firewall.redirect'
    ? []
    : kind === 'wireless.ap'
      ? Array.from({ length: REPEATED_SECTIONS[kind] }, (_, index) => ({
          name: `${kind}${index}`,
          kind,
          index,
        }))
      : [{ name: kind, kind, index: 0 }],
);

const numberOrUndefined = (value: string) => (value.trim() === '' ? undefined : Number(value));

/** The settings every device gets, as the API takes them (only the options ticked). */
export function commonChanges(sections: readonly CommonSection[]): ConfigChanges {
  const changes: ConfigChanges = {};
  for (const section of sections) {
    const fields = sectionFields(section.kind);
    const values: ConfigSection = {};
    for (const [option, raw] of Object.entries(section.values)) {
      const field = fields.find((one) => one.option === option);
      const value = field && typedValue(field, raw);
      if (value !== undefined) values[option] = value;
    }
    if (Object.keys(section.values).length > 0) changes[section.name] = values;
  }
  return changes;
}

/** The rows of Set unique, from the table (one per device of the change) or the file. */
export function uniqueRows(values: ConfigureValues, serials: readonly string[]): UniqueRow[] {
  if (values.unique.length === 0) return [];
  if (values.source === 'file') return values.fileRows;
  return serials.map((serial) => ({ serial, values: values.table[serial] ?? {} }));
}

/** The request of POST /devices/tasks/groups (and its preview) these values make. */
export function requestOf(values: ConfigureValues, ids: readonly number[], rows: readonly UniqueRow[]) {
  const target =
    values.target === 'chosen'
      ? { device_ids: ids }
      : values.target === 'tag'
        ? { filter: { tag_id: numberOrUndefined(values.tagId) } }
        : { filter: { company_id: numberOrUndefined(values.companyId) } };
  return {
    action: 'config.write',
    ...target,
    changes: commonChanges(values.sections),
    ...(values.templateId ? { template_id: numberOrUndefined(values.templateId) } : {}),
    ...(values.unique.length > 0 ? { unique: uniqueRequest(values.unique, rows) } : {}),
    rollback_s: numberOrUndefined(values.rollback),
    deadline_hours: numberOrUndefined(values.deadline),
  };
}

/** Problems of the settings every device gets: by section, then option (the contract's words). */
export type SectionProblems = Record<string, Record<string, string>>;

/** Checks the common settings with each section's schema; a number left empty is required. */
export function sectionProblems(t: TFunction, sections: readonly CommonSection[]): SectionProblems {
  const problems: SectionProblems = {};
  const required = problemMessage({ kind: 'required' });
  const changes = commonChanges(sections);
  for (const section of sections) {
    const found = optionProblems(t, section.kind, changes[section.name] ?? {});
    for (const option of Object.keys(section.values))
      if (!(option in (changes[section.name] ?? {}))) found[option] = required;
    if (Object.keys(found).length > 0) problems[section.name] = found;
  }
  return problems;
}

/** Where the API's refusals go: the step and field they name. */
export interface Placed {
  target?: string;
  sections: SectionProblems;
  rows: RowProblem[];
  rollback?: string;
  deadline?: string;
  /** The template chosen (of another model family, or gone). */
  template?: string;
  /** What names no field: shown above the buttons, in the API's words. */
  general: string[];
}

/** `"wireless.ap0.key": A key has 8 to 63 characters.`: the option its message names and the words. */
const NAMED_PROBLEM = /^"([^"]+)": (.+)$/s;
/** `unique.3.changes.system.hostname`, `unique.3.serial`, `unique.3`. */
const UNIQUE_SOURCE = /^unique\.(\d+)(?:\.(.*))?$/;

/** `system.hostname` (or `wireless.ap0.ssid`) of a section's source and message. */
function namedOption(section: string, message: string): { option?: string; words: string } {
  const named = NAMED_PROBLEM.exec(message);
  if (named?.[1]?.startsWith(`${section}.`))
    return { option: named[1].slice(section.length + 1), words: named[2] ?? message };
  return { words: message };
}

/** The section a source's rest names (`wireless.ap0.ssid` → `wireless.ap0`, option `ssid`). */
function sectionOf(rest: string): { section: string; option?: string } | undefined {
  if (sectionKind(rest)) return { section: rest };
  const dot = rest.lastIndexOf('.');
  return dot > 0 && sectionKind(rest.slice(0, dot))
    ? { section: rest.slice(0, dot), option: rest.slice(dot + 1) }
    : undefined;
}

/**
 * The API's 422 on the page (spec §5 "Server field errors"): `device_ids` and `filter.*` on the
 * devices, `changes.<section>` on the option its message names, `unique.<n>…` on row n (the
 * table's row, the file's line), `rollback_s` and `deadline_hours` on their fields; the rest
 * above the buttons. Nothing typed is lost: the page keeps its values.
 */
export function placeServerErrors(t: TFunction, error: unknown, options: readonly UniqueOption[]): Placed {
  const placed: Placed = { sections: {}, rows: [], general: [] };
  const words = (message: string) => contractWords(t, message) ?? message;
  const general = (message: string) => {
    if (!placed.general.includes(message)) placed.general.push(message);
  };
  for (const item of errorItems(error)) {
    const source = item.source ?? '';
    const message = item.message ?? messageOf(error);
    if (source === 'device_ids' || source.startsWith('filter')) placed.target ??= words(message);
    else if (source === 'rollback_s') placed.rollback ??= words(message);
    else if (source === 'deadline_hours') placed.deadline ??= words(message);
    else if (source === 'template_id') placed.template ??= words(message);
    else if (source.startsWith('changes.')) {
      const at = sectionOf(source.slice('changes.'.length));
      const named = at && namedOption(at.section, message);
      const option = at?.option ?? named?.option;
      if (at && option) {
        const section = { ...placed.sections[at.section] };
        section[option] ??= words(named?.words ?? message);
        placed.sections[at.section] = section;
      } else general(words(message));
    } else if (UNIQUE_SOURCE.test(source)) {
      const [, index = '0', rest = ''] = UNIQUE_SOURCE.exec(source) ?? [];
      let column = rest === 'serial' ? SERIAL_COLUMN : '';
      let text = message;
      if (rest.startsWith('changes.')) {
        const at = sectionOf(rest.slice('changes.'.length));
        const named = at && namedOption(at.section, message);
        const option = at?.option ?? named?.option;
        if (at && option) column = `${at.section}.${option}`;
        text = named?.words ?? message;
      }
      // A column Set unique does not show (the contract's own path) goes on the row's serial.
      if (column !== SERIAL_COLUMN && !options.some((option) => option.key === column))
        column = SERIAL_COLUMN;
      placed.rows.push({ index: Number(index), column, message: words(text) });
    } else if (source === 'changes' || source === 'unique') general(words(message));
    else general(item.message ? words(item.message) : messageOf(error));
  }
  if (errorItems(error).length === 0) general(messageOf(error));
  return placed;
}
