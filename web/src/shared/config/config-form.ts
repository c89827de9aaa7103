import {
  CONFIG_ROLLBACK_S,
  CONFIG_SECTION_SCHEMAS,
  type ConfigSection,
  type ConfigValue,
  deviceConfigChangeSchema,
  SECRET_MASK,
  SECRET_OPTIONS,
} from '@fleetport/contracts/device-config';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { errorItems, messageOf } from '../api/messages.ts';
import { maxLengthOf, problemOfIssue } from '../forms/contract.ts';
import { problemMessage } from '../forms/problems.ts';
import type { Kind } from './config-sections.ts';

/**
 * The form of one configuration section (issue 22), from the contract's own schema of the
 * section (`CONFIG_SECTION_SCHEMAS`): its options in order, each a field of its kind; what the
 * user changed; the contract's problems with it, in the contract's words (translated); and the
 * API's 422 answers put back on their fields. The device page's section dialog and Configure
 * devices both build on it. This module carries zod: only lazy code imports it, never the
 * Configuration tab.
 */

export type FieldKind = 'text' | 'number' | 'switch' | 'select' | 'secret';

export interface ConfigField {
  option: string;
  kind: FieldKind;
  /** A select's values, in the order offered. */
  choices: readonly string[];
  /** The contract's most characters, for a text or a secret. */
  maxLength?: number;
}

/** The form's values: text as typed (numbers too), yes/no as booleans. */
export type ConfigFormValues = Record<string, string | boolean>;

/** The field that holds the rollback time (no option of any section has this name). */
export const ROLLBACK_FIELD = 'rollback_s';

/** Where the problems of a check or of the API's answer go. */
export interface ConfigProblems {
  /** One message per option (or ROLLBACK_FIELD). */
  fields: Record<string, string>;
  /** What names no field: shown above the form. */
  general: string[];
}

const sectionSchema = (kind: Kind) => CONFIG_SECTION_SCHEMAS[kind] as unknown as z.ZodObject;

/** A field's kind from the contract's type of the option; a password, key or PIN is a secret. */
function fieldOf(option: string, schema: z.core.$ZodType): ConfigField {
  const def = schema._zod.def as z.core.$ZodTypeDef & { entries?: Record<string, string> };
  if (SECRET_OPTIONS.has(option))
    return { option, kind: 'secret', choices: [], maxLength: maxLengthOf(schema) };
  if (def.type === 'boolean') return { option, kind: 'switch', choices: [] };
  if (def.type === 'number') return { option, kind: 'number', choices: [] };
  if (def.type === 'enum') {
    const choices = Object.values(def.entries ?? {});
    // An object puts number-like keys first ('5' before '2.4'): bands go in their order.
    const numeric = choices.every((choice) => /^\d+(\.\d+)?$/.test(choice));
    return {
      option,
      kind: 'select',
      choices: numeric ? [...choices].sort((a, b) => Number(a) - Number(b)) : choices,
    };
  }
  return { option, kind: 'text', choices: [], maxLength: maxLengthOf(schema) };
}

/** The fields of a kind of section, in the contract's order of its options. */
export function sectionFields(kind: Kind): ConfigField[] {
  return Object.entries(sectionSchema(kind).shape).map(([option, schema]) => fieldOf(option, schema));
}

/**
 * The values the form starts with: the device's (a secret always empty: the mask is never a
 * value), or for a new section a first choice, 'enabled' on and the rest empty.
 */
export function initialValues(
  fields: readonly ConfigField[],
  section: ConfigSection | undefined,
): ConfigFormValues {
  const values: ConfigFormValues = {};
  for (const field of fields) {
    const value: ConfigValue | undefined = section?.[field.option];
    switch (field.kind) {
      case 'secret':
        values[field.option] = '';
        break;
      case 'switch':
        values[field.option] = section ? value === true : field.option === 'enabled';
        break;
      case 'select':
        values[field.option] = section ? String(value ?? '') : (field.choices[0] ?? '');
        break;
      default:
        values[field.option] = value === undefined || typeof value === 'boolean' ? '' : String(value);
    }
  }
  return values;
}

/** A field's value as the device takes it; undefined for a number left empty. */
export function typedValue(field: ConfigField, raw: string | boolean | undefined): ConfigValue | undefined {
  if (field.kind === 'switch') return raw === true;
  const text = typeof raw === 'string' ? raw : '';
  if (field.kind === 'number') return text.trim() === '' ? undefined : Number(text);
  return text;
}

/** What the form asks for: the options that change, and the numbers emptied (or, for a new section, missing). */
export interface ConfigEdit {
  changes: ConfigSection;
  missing: string[];
}

/**
 * The options the user changed, as the device takes them. A secret counts only when typed (empty
 * or the mask keeps the device's). A new section (`whole`) sends every option.
 */
export function editOf(
  fields: readonly ConfigField[],
  initial: ConfigFormValues,
  values: ConfigFormValues,
  whole: boolean,
): ConfigEdit {
  const changes: ConfigSection = {};
  const missing: string[] = [];
  for (const field of fields) {
    const now = typedValue(field, values[field.option]);
    if (field.kind === 'secret') {
      if (now !== '' && now !== SECRET_MASK) changes[field.option] = now as string;
      continue;
    }
    const before = typedValue(field, initial[field.option]);
    if (now === undefined) {
      if (whole || before !== undefined) missing.push(field.option);
      continue;
    }
    if (whole || !Object.is(now, before)) changes[field.option] = now;
  }
  return { changes, missing };
}

/** The contract's words whole (`'A port is 1–65535.'`), by their key in `device.config.problems`. */
const CONTRACT_WORDS = {
  'Enter an IPv4 address such as 192.168.1.1.': 'ipv4',
  'Enter a domain name or an IPv4 address. A domain name ends in 2 to 6 letters, as in example.com.':
    'hostOrIp',
  'Enter a whole number.': 'wholeNumber',
  'A port is 1–65535.': 'port',
  'Enter a host name.': 'hostnameEmpty',
  'A host name is letters, digits, dashes and dots.': 'hostname',
  'Enter a netmask such as 255.255.255.0.': 'netmask',
  'The first address is 1–254.': 'dhcpStart',
  'A PIN is 4 to 8 digits.': 'pin',
  'Enter a network name.': 'ssid',
  'A key has 8 to 63 characters.': 'key',
  'Enter a name.': 'name',
  'A password has at least 8 characters.': 'password',
  'Change at least one setting.': 'nothingChanged',
} as const;
/** The contract's limits: 'At most 63 characters.', 'At least 1 hour.' */
const LIMIT_WORDS = /^At (least|most) (\d+) (characters|KB|addresses|address|hours|hour|minutes|minute)\.$/;
const UNITS = {
  characters: 'characters',
  KB: 'kb',
  address: 'addresses',
  addresses: 'addresses',
  hour: 'hours',
  hours: 'hours',
  minute: 'minutes',
  minutes: 'minutes',
} as const;

/**
 * A message of the contract in the user's language: the contract words its rules in English (the
 * API answers with the same words); each has its words in `device.config.problems`. Undefined
 * for words the console does not know (zod's own, or new ones).
 */
export function contractWords(t: TFunction, message: string): string | undefined {
  if (Object.hasOwn(CONTRACT_WORDS, message))
    return t(`device.config.problems.${CONTRACT_WORDS[message as keyof typeof CONTRACT_WORDS]}`);
  const limit = LIMIT_WORDS.exec(message);
  if (!limit) return undefined;
  const [, side, count, unit] = limit;
  const key =
    `device.config.problems.${side === 'least' ? 'atLeast' : 'atMost'}.${UNITS[unit as keyof typeof UNITS]}` as const;
  return t(key, { count: Number(count) });
}

/** An issue of the contract in words: its own words where it has them, else the form engine's by kind. */
const wordsOfIssue = (t: TFunction, issue: z.core.$ZodIssue) =>
  contractWords(t, issue.message) ?? problemMessage(problemOfIssue(issue));

/**
 * The contract's problems with some options of a section (only those given), one message per
 * option in the user's language; empty when the section's schema takes them.
 */
export function optionProblems(t: TFunction, kind: Kind, values: ConfigSection): Record<string, string> {
  const problems: Record<string, string> = {};
  const parsed = sectionSchema(kind).partial().strict().safeParse(values, { reportInput: true });
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const option = String(issue.path[0] ?? (issue.code === 'unrecognized_keys' ? issue.keys[0] : ''));
    problems[option] ??= wordsOfIssue(t, issue);
  }
  return problems;
}

/**
 * Checks the change in the browser with the contract: the section's schema (only the options that
 * change; a new section whole) marks each field, then the request's (`deviceConfigChangeSchema`:
 * the rollback time, at least one change). Empty when it may be sent.
 */
export function checkEdit(
  t: TFunction,
  kind: Kind,
  name: string,
  edit: ConfigEdit,
  whole: boolean,
  rollback: string,
): ConfigProblems {
  const problems: ConfigProblems = { fields: {}, general: [] };
  const required = problemMessage({ kind: 'required' });
  for (const option of edit.missing) problems.fields[option] = required;
  const schema = sectionSchema(kind);
  const section = (whole ? schema : schema.partial()).strict().safeParse(edit.changes, { reportInput: true });
  for (const issue of section.success ? [] : section.error.issues) {
    const option = String(issue.path[0] ?? '');
    if (option && !(option in problems.fields)) problems.fields[option] = wordsOfIssue(t, issue);
    else if (!option) problems.general.push(wordsOfIssue(t, issue));
  }
  const seconds = rollback.trim() === '' ? undefined : Number(rollback);
  if (seconds === undefined) problems.fields[ROLLBACK_FIELD] = required;
  // A section without a change is no change (the contract would take `{ ntp: {} }` as one).
  const changes = Object.keys(edit.changes).length > 0 ? { [name]: edit.changes } : {};
  const request = deviceConfigChangeSchema.safeParse(
    { changes, rollback_s: seconds ?? CONFIG_ROLLBACK_S.default },
    { reportInput: true },
  );
  for (const issue of request.success ? [] : request.error.issues) {
    const [first, second] = issue.path;
    if (first === ROLLBACK_FIELD) problems.fields[ROLLBACK_FIELD] ??= wordsOfIssue(t, issue);
    // The section's own problems are on their fields already; a missing number counts as a change.
    else if (
      second === undefined &&
      !(edit.missing.length > 0 && issue.message === 'Change at least one setting.')
    )
      problems.general.push(contractWords(t, issue.message) ?? issue.message);
  }
  return problems;
}

/** `"wireless.ap0.key": A key has 8 to 63 characters.`: the option it names and the words. */
const NAMED_PROBLEM = /^"([^"]+)": (.+)$/s;

/**
 * The API's refusal on the form (spec §5 "Server field errors"): a 422 at `changes.<section>`
 * names the option in its message; at `rollback_s`, the rollback field; what names no field
 * of the form goes above it, as the API said it.
 */
export function serverProblems(
  t: TFunction,
  error: unknown,
  name: string,
  fields: readonly ConfigField[],
): ConfigProblems {
  const problems: ConfigProblems = { fields: {}, general: [] };
  const options = new Set(fields.map((field) => field.option));
  const place = (option: string | undefined, words: string, whole: string) => {
    if (option && (options.has(option) || option === ROLLBACK_FIELD)) {
      problems.fields[option] ??= contractWords(t, words) ?? words;
    } else if (!problems.general.includes(whole)) problems.general.push(whole);
  };
  for (const item of errorItems(error)) {
    const message = item.message ?? '';
    const source = item.source ?? '';
    const section = `changes.${name}`;
    if (source === ROLLBACK_FIELD) place(ROLLBACK_FIELD, message, message);
    else if (source.startsWith(`${section}.`)) place(source.slice(section.length + 1), message, message);
    else if (source === section) {
      const named = NAMED_PROBLEM.exec(message);
      const option = named?.[1]?.startsWith(`${name}.`) ? named[1].slice(name.length + 1) : undefined;
      place(option, named?.[2] ?? message, message);
    } else place(undefined, message, contractWords(t, message) ?? message);
  }
  if (Object.keys(problems.fields).length === 0 && problems.general.length === 0)
    problems.general.push(messageOf(error));
  return problems;
}
