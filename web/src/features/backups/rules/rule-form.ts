import {
  BACKUP_RULE_LIMITS,
  type BackupRule,
  type BackupRuleFrequency,
  type BackupRuleTargetKind,
  type NewBackupRule,
  newBackupRuleSchema,
} from '@fleetport/contracts/backup-rules';
import axios from 'axios';
import type { TFunction } from 'i18next';
import { errorItems, messageOf } from '../../../shared/api/messages.ts';
import { contractErrors } from '../../../shared/forms/contract.ts';

/**
 * The rule editor's values and rules (issue 22 "Periodic backup rules"). The request is checked
 * against the API's own schema (`newBackupRuleSchema`) and its problems, like the API's refusals,
 * are placed on the field they are about: `name`, `company_id`, `target`, `frequency`, `weekday`,
 * `day_of_month`, `time`, `keep`.
 */

export interface RuleDraft {
  name: string;
  companyId: number;
  targetKind: BackupRuleTargetKind;
  /** The device's, tag's or company's id as the pickers hold it ('' when none is chosen). */
  targetId: string;
  frequency: BackupRuleFrequency;
  weekday: string;
  dayOfMonth: string;
  time: string;
  /** As typed: the contract says what is wrong with it. */
  keep: string;
  enabled: boolean;
}

/** Where each problem goes, by field; `general` has those the form has no field for. */
export interface Problems {
  fields: Record<string, string>;
  general: string[];
}

export const NO_PROBLEMS: Problems = { fields: {}, general: [] };

const FIELDS = new Set([
  'name',
  'company_id',
  'target',
  'frequency',
  'weekday',
  'day_of_month',
  'time',
  'keep',
]);

/** A rule's values to edit, or a new rule's (the user's company, daily at 02:00, keep the default). */
export function draftOf(rule: BackupRule | undefined, companyId: number): RuleDraft {
  if (!rule) {
    return {
      name: '',
      companyId,
      targetKind: 'tag',
      targetId: '',
      frequency: 'daily',
      weekday: '1',
      dayOfMonth: '1',
      time: '02:00',
      keep: String(BACKUP_RULE_LIMITS.keep.default),
      enabled: true,
    };
  }
  const target = rule.target;
  const [kind, id]: [BackupRuleTargetKind, number] =
    'device_id' in target
      ? ['device', target.device_id]
      : 'tag_id' in target
        ? ['tag', target.tag_id]
        : ['company', target.company_id];
  return {
    name: rule.name,
    companyId: rule.company_id,
    targetKind: kind,
    // A target deleted since is no choice: the form asks for another one.
    targetId: rule.target_name === null ? '' : String(id),
    frequency: rule.frequency,
    weekday: String(rule.weekday ?? 1),
    dayOfMonth: String(rule.day_of_month ?? 1),
    time: rule.time,
    keep: String(rule.keep),
    enabled: rule.enabled,
  };
}

/** The request the values make, before it is checked. */
export function requestOf(draft: RuleDraft): Record<string, unknown> {
  const id = draft.targetId === '' ? undefined : Number(draft.targetId);
  return {
    name: draft.name,
    company_id: draft.companyId,
    target: { [`${draft.targetKind}_id`]: id },
    frequency: draft.frequency,
    ...(draft.frequency === 'weekly' ? { weekday: draft.weekday } : {}),
    ...(draft.frequency === 'monthly' ? { day_of_month: draft.dayOfMonth } : {}),
    time: draft.time,
    keep: draft.keep,
    enabled: draft.enabled,
  };
}

/** The request as the API takes it, or undefined while the contract refuses it. */
export function checkedRequest(draft: RuleDraft): NewBackupRule | undefined {
  const result = newBackupRuleSchema.safeParse(requestOf(draft));
  return result.success ? result.data : undefined;
}

/** The field of the form a path of the contract or a source of the API names. */
function fieldOf(path: string | undefined): string | undefined {
  if (!path) return undefined;
  if (path.startsWith('target')) return 'target';
  return FIELDS.has(path) ? path : undefined;
}

/** The words of a problem the engine's would say too vaguely (a pattern, a missing target). */
function ownWords(t: TFunction, field: string, draft: RuleDraft): string | undefined {
  if (field === 'time') return t('files.backupRules.errors.time');
  if (field === 'target') return t(`files.backupRules.errors.${draft.targetKind}`);
  return undefined;
}

/** The values checked against the API's schema, each field's first problem in the user's language. */
export function draftProblems(t: TFunction, draft: RuleDraft): Problems {
  const fields: Record<string, string> = {};
  for (const error of contractErrors(newBackupRuleSchema, requestOf(draft))) {
    const field = fieldOf(error.field);
    if (field) fields[field] ??= ownWords(t, field, draft) ?? error.message;
  }
  // The contract checks the weekday and day only once the rest holds: a missing target says so now.
  if (draft.targetId === '') fields.target ??= t(`files.backupRules.errors.${draft.targetKind}`);
  return { fields, general: [] };
}

/**
 * The API's refusal on the fields it names (a tag of another company on the target); a taken
 * name (409) in the user's language; what no field holds goes above the form.
 */
export function serverProblems(t: TFunction, error: unknown): Problems {
  const status = axios.isAxiosError(error) ? error.response?.status : undefined;
  const fields: Record<string, string> = {};
  const general: string[] = [];
  for (const item of errorItems(error)) {
    const field = fieldOf(item.source);
    const message =
      status === 409 && field === 'name'
        ? t('files.backupRules.errors.nameTaken')
        : (item.message ?? messageOf(error));
    if (field) fields[field] ??= message;
    else if (!general.includes(message)) general.push(message);
  }
  if (Object.keys(fields).length === 0 && general.length === 0) general.push(messageOf(error));
  return { fields, general };
}
