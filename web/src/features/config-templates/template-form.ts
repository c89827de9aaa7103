import {
  type ConfigTemplate,
  type NewConfigTemplate,
  newConfigTemplateSchema,
  PER_DEVICE_OPTIONS,
} from '@fleetport/contracts/config-templates';
import type { ConfigSection } from '@fleetport/contracts/device-config';
import type { ModelFamily } from '@fleetport/contracts/device-protocol';
import axios from 'axios';
import type { TFunction } from 'i18next';
import { errorItems, messageOf } from '../../shared/api/messages.ts';
import {
  type ConfigField,
  contractWords,
  initialValues,
  optionProblems,
  sectionFields,
  typedValue,
} from '../../shared/config/config-form.ts';
import { KINDS, type Kind, REPEATED_SECTIONS, sectionKind } from '../../shared/config/config-sections.ts';
import { sectionOrder } from '../../shared/config/template-words.ts';
import { contractErrors } from '../../shared/forms/contract.ts';
import { problemMessage } from '../../shared/forms/problems.ts';

/**
 * The template editor's values and rules (Saved configurations, Templates; issue 22): a name, a
 * description, a company, a model family (or any), and sections, each with the options ticked
 * and their values. Each option is checked with its section's own schema from contracts
 * (`optionProblems`), the rest with the request's (`newConfigTemplateSchema`); the problems, like
 * the API's refusals, are placed on the field they are about: `name`, `description`,
 * `company_id`, `family`, `sections` (none chosen), `sections.<name>` (nothing ticked) or
 * `sections.<name>.<option>`.
 */

/** One option of a section being edited: whether the template sets it, and its value as typed. */
export interface OptionDraft {
  on: boolean;
  value: string | boolean;
}

export interface SectionDraft {
  /** `ntp`, `wireless.ap1`. */
  name: string;
  kind: Kind;
  options: Record<string, OptionDraft>;
}

export interface TemplateDraft {
  name: string;
  description: string;
  companyId: number;
  /** '' is any model. */
  family: ModelFamily | '';
  sections: SectionDraft[];
}

/** Where each problem goes, by field path; `general` has those the form has no field for. */
export interface Problems {
  fields: Record<string, string>;
  general: string[];
}

export const NO_PROBLEMS: Problems = { fields: {}, general: [] };

/**
 * The options a template may set of a kind of section: not a secret (templates keep none) and
 * not a device's own (its host name, its LAN address: Configure devices sets those per device).
 */
export function templateFields(kind: Kind): ConfigField[] {
  return sectionFields(kind).filter(
    (field) => field.kind !== 'secret' && !PER_DEVICE_OPTIONS.includes(`${kind}.${field.option}`),
  );
}

/** A section's options as the editor starts them: those the template sets ticked with its values, the rest unticked with a first value. */
export function sectionDraft(name: string, kind: Kind, values: ConfigSection = {}): SectionDraft {
  const fields = templateFields(kind);
  const blank = initialValues(fields, undefined);
  const own = initialValues(fields, values);
  const options: Record<string, OptionDraft> = {};
  for (const field of fields) {
    const on = Object.hasOwn(values, field.option);
    options[field.option] = { on, value: (on ? own[field.option] : blank[field.option]) ?? '' };
  }
  return { name, kind, options };
}

/** A template's values to edit, or a new template's (the user's own company, any model, no section). */
export function draftOf(template: ConfigTemplate | undefined, companyId: number): TemplateDraft {
  if (!template) return { name: '', description: '', companyId, family: '', sections: [] };
  return {
    name: template.name,
    description: template.description,
    companyId: template.company_id,
    family: template.family ?? '',
    // A stored template keeps no order: its sections come in the Configuration tab's.
    sections: Object.keys(template.sections)
      .sort(sectionOrder)
      .flatMap((name) => {
        const kind = sectionKind(name)?.kind;
        return kind ? [sectionDraft(name, kind, template.sections[name])] : [];
      }),
  };
}

/**
 * The sections that may still be added, in the order people look for them: each kind once, a
 * Wi-Fi network by its number. Port forwards are each device's own; a kind with nothing a
 * template may set is left out.
 */
export function addableSections(
  sections: readonly SectionDraft[],
): { name: string; kind: Kind; index: number }[] {
  const taken = new Set(sections.map((section) => section.name));
  return KINDS.flatMap((kind) => {
    if (kind === 'firewall.redirect' || templateFields(kind).length === 0) return [];
    const most = kind === 'wireless.ap' ? REPEATED_SECTIONS[kind] : 1;
    return Array.from({ length: most }, (_, index) => ({
      name: kind === 'wireless.ap' ? `${kind}${index}` : kind,
      kind,
      index,
    })).filter((section) => !taken.has(section.name));
  });
}

export function addSection(sections: readonly SectionDraft[], name: string): SectionDraft[] {
  const kind = sectionKind(name)?.kind;
  if (!kind || sections.some((section) => section.name === name)) return [...sections];
  return [...sections, sectionDraft(name, kind)];
}

export function removeSection(sections: readonly SectionDraft[], name: string): SectionDraft[] {
  return sections.filter((section) => section.name !== name);
}

export function changeOption(
  sections: readonly SectionDraft[],
  name: string,
  option: string,
  change: Partial<OptionDraft>,
): SectionDraft[] {
  return sections.map((section) =>
    section.name === name
      ? {
          ...section,
          options: {
            ...section.options,
            [option]: { ...(section.options[option] ?? { on: false, value: '' }), ...change },
          },
        }
      : section,
  );
}

/** A section's ticked options as the device takes them; the numbers left empty apart. */
function sectionValues(section: SectionDraft): { values: ConfigSection; missing: string[] } {
  const values: ConfigSection = {};
  const missing: string[] = [];
  for (const field of templateFields(section.kind)) {
    const option = section.options[field.option];
    if (!option?.on) continue;
    const value = typedValue(field, option.value);
    if (value === undefined) missing.push(field.option);
    else values[field.option] = value;
  }
  return { values, missing };
}

/** The request of POST /devices/config-templates (and PUT …/{id}) the values make. */
export function requestOf(draft: TemplateDraft) {
  return {
    company_id: draft.companyId,
    name: draft.name,
    description: draft.description,
    family: draft.family === '' ? null : draft.family,
    sections: Object.fromEntries(
      draft.sections.map((section) => [section.name, sectionValues(section).values]),
    ),
  };
}

/** The request as the API takes it, or undefined while the contract refuses it. */
export function checkedRequest(draft: TemplateDraft): NewConfigTemplate | undefined {
  const result = newConfigTemplateSchema.safeParse(requestOf(draft));
  return result.success ? result.data : undefined;
}

/**
 * The values checked with the contract, each field's first problem in the user's language: each
 * section's options with that section's schema (the contract's own words), a section with
 * nothing ticked and a template with no section in words of their own, the rest of the request
 * in the form engine's words.
 */
export function draftProblems(t: TFunction, draft: TemplateDraft): Problems {
  const fields: Record<string, string> = {};
  const request = requestOf(draft);
  for (const error of contractErrors(newConfigTemplateSchema, request)) {
    if (error.field === 'sections' || error.field.startsWith('sections.')) continue;
    fields[error.field] ??= error.message;
  }
  if (draft.sections.length === 0) fields.sections = t('device.templates.editor.noSection');
  const required = problemMessage({ kind: 'required' });
  for (const section of draft.sections) {
    const { values, missing } = sectionValues(section);
    const at = `sections.${section.name}`;
    if (Object.keys(values).length === 0 && missing.length === 0)
      fields[at] = t('device.templates.editor.noOption');
    for (const option of missing) fields[`${at}.${option}`] = required;
    for (const [option, message] of Object.entries(optionProblems(t, section.kind, values)))
      fields[`${at}.${option}`] ??= message;
  }
  return { fields, general: [] };
}

/** `"wireless.ap0.key": A key has 8 to 63 characters.`: the setting it names and the words. */
const NAMED_PROBLEM = /^"([^"]+)": (.+)$/s;
const FIELDS = new Set(['name', 'description', 'company_id', 'family']);

/**
 * The API's refusal on the fields it names (spec §5 "Server field errors"): a 422 at
 * `sections.network.lan` naming `"network.lan.netmask"` goes to that option; at
 * `sections.wireless.ap0.key` to the option of that section; a taken name (409) in the user's
 * language; what no field holds goes above the form.
 */
export function serverProblems(t: TFunction, error: unknown, draft: TemplateDraft): Problems {
  const status = axios.isAxiosError(error) ? error.response?.status : undefined;
  const fields: Record<string, string> = {};
  const general: string[] = [];
  // Longest first: `wireless.ap1` is no prefix of another name, but a name may hold a dot.
  const names = draft.sections.map((section) => section.name).sort((a, b) => b.length - a.length);
  const place = (field: string | undefined, message: string) => {
    if (field) fields[field] ??= message;
    else if (!general.includes(message)) general.push(message);
  };
  for (const item of errorItems(error)) {
    const source = item.source ?? '';
    const message = item.message ?? messageOf(error);
    if (FIELDS.has(source)) {
      place(source, status === 409 && source === 'name' ? t('device.templates.editor.nameTaken') : message);
      continue;
    }
    if (source === 'sections') {
      place('sections', contractWords(t, message) ?? message);
      continue;
    }
    const name = names.find((one) => source === `sections.${one}` || source.startsWith(`sections.${one}.`));
    if (!name) {
      place(undefined, message);
      continue;
    }
    const rest = source.slice(`sections.${name}`.length + 1);
    const named = NAMED_PROBLEM.exec(message);
    const option = rest || (named?.[1]?.startsWith(`${name}.`) ? named[1].slice(name.length + 1) : '');
    const words = named?.[2] ?? message;
    place(option ? `sections.${name}.${option}` : `sections.${name}`, contractWords(t, words) ?? words);
  }
  if (Object.keys(fields).length === 0 && general.length === 0) general.push(messageOf(error));
  return { fields, general };
}
