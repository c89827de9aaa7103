import {
  type NewTaskList,
  newTaskListSchema,
  TASK_LIST_LIMITS,
  type TaskList,
  type TaskListStepAction,
} from '@fleetport/contracts/tasks';
import axios from 'axios';
import type { TFunction } from 'i18next';
import { errorItems, messageOf } from '../../shared/api/messages.ts';
import { contractErrors } from '../../shared/forms/contract.ts';
import { problemMessage } from '../../shared/forms/problems.ts';

/**
 * The task list editor's values and rules (Execute task list): a name, a company and an ordered
 * list of steps, each an action with what it needs. The request is checked against the API's own
 * schema (`newTaskListSchema`) and its problems, like the API's refusals, are placed on the field
 * they are about: `name`, `company_id`, `steps` (the list as a whole) or `steps.{i}.{field}`.
 */

/** A step being edited: `key` names its row while it moves; a command and an image are kept as typed. */
export interface StepDraft {
  key: number;
  action: TaskListStepAction;
  command: string;
  /** The firmware image's id as the select holds it ('' when none is chosen). */
  fileId: string;
}

export interface TaskListDraft {
  name: string;
  companyId: number;
  steps: StepDraft[];
}

/** Where each problem goes, by field path; `general` has those the form has no field for. */
export interface Problems {
  fields: Record<string, string>;
  general: string[];
}

export const NO_PROBLEMS: Problems = { fields: {}, general: [] };

let lastKey = 0;
const stepKey = () => {
  lastKey += 1;
  return lastKey;
};

export function newStep(action: TaskListStepAction = 'refresh'): StepDraft {
  return { key: stepKey(), action, command: '', fileId: '' };
}

/** A list's values to edit, or a new list's (the user's own company, one step). */
export function draftOf(list: TaskList | undefined, companyId: number): TaskListDraft {
  if (!list) return { name: '', companyId, steps: [newStep()] };
  return {
    name: list.name,
    companyId: list.company_id,
    steps: list.steps.map((step) => ({
      key: stepKey(),
      action: step.action,
      command: step.action === 'cli' ? step.command : '',
      // An image deleted since is no choice: the step asks for another one.
      fileId: step.action === 'firmware.update' && step.file_name !== null ? String(step.file_id) : '',
    })),
  };
}

export const canAddStep = (steps: readonly StepDraft[]) => steps.length < TASK_LIST_LIMITS.steps.max;

export function addStep(steps: readonly StepDraft[]): StepDraft[] {
  return canAddStep(steps) ? [...steps, newStep()] : [...steps];
}

/** The last step stays: a list has one at least. */
export function removeStep(steps: readonly StepDraft[], index: number): StepDraft[] {
  return steps.length <= TASK_LIST_LIMITS.steps.min ? [...steps] : steps.filter((_, at) => at !== index);
}

/** Swaps a step with its neighbour above (-1) or below (+1); at an end nothing moves. */
export function moveStep(steps: readonly StepDraft[], index: number, by: -1 | 1): StepDraft[] {
  const other = index + by;
  const moved = [...steps];
  const [step, neighbour] = [moved[index], moved[other]];
  if (!step || !neighbour) return moved;
  moved[index] = neighbour;
  moved[other] = step;
  return moved;
}

export function changeStep(
  steps: readonly StepDraft[],
  index: number,
  change: Partial<StepDraft>,
): StepDraft[] {
  return steps.map((step, at) => (at === index ? { ...step, ...change } : step));
}

/** Whether a step may become a firmware update: a list updates the firmware once at most. */
export const firmwareTakenElsewhere = (steps: readonly StepDraft[], index: number) =>
  steps.some((step, at) => at !== index && step.action === 'firmware.update');

/** The request as the values make it, before it is checked (an image may be missing). */
export interface TaskListRequest {
  name: string;
  company_id: number;
  steps: (
    | { action: 'reboot' | 'refresh' | 'backup.upload' }
    | { action: 'cli'; command: string }
    | { action: 'firmware.update'; file_id: number | undefined }
  )[];
}

/** The request of POST /devices/task-lists (and PUT …/{id}) the values make. */
export function requestOf(draft: TaskListDraft): TaskListRequest {
  return {
    name: draft.name,
    company_id: draft.companyId,
    steps: draft.steps.map((step) => {
      switch (step.action) {
        case 'cli':
          return { action: 'cli', command: step.command };
        case 'firmware.update':
          return { action: 'firmware.update', file_id: step.fileId ? Number(step.fileId) : undefined };
        default:
          return { action: step.action };
      }
    }),
  };
}

/** The request as the API takes it (the name trimmed), or undefined while the contract refuses it. */
export function checkedRequest(draft: TaskListDraft): NewTaskList | undefined {
  const result = newTaskListSchema.safeParse(requestOf(draft));
  return result.success ? result.data : undefined;
}

/**
 * The values checked against the API's schema, each field's first problem in the user's
 * language (the form engine's words, by the kind of rule); the list-wide 'one firmware update'
 * rule in words of its own.
 */
export function draftProblems(t: TFunction, draft: TaskListDraft): Problems {
  const fields: Record<string, string> = {};
  const firmwareSteps = draft.steps.filter((step) => step.action === 'firmware.update').length;
  for (const error of contractErrors(newTaskListSchema, { ...requestOf(draft) })) {
    fields[error.field] =
      error.field === 'steps' && firmwareSteps > 1 ? t('tasks.lists.oneFirmware') : error.message;
  }
  // An image not chosen is a missing value (the id's number rule would say 'Enter a number').
  draft.steps.forEach((step, index) => {
    if (step.action === 'firmware.update' && !step.fileId) {
      fields[`steps.${index}.file_id`] = problemMessage({ kind: 'required' });
    }
  });
  return { fields, general: [] };
}

/** A field of the form a source of the API names, or undefined. */
function fieldOf(source: string | undefined): string | undefined {
  if (!source) return undefined;
  if (source === 'name' || source === 'company_id' || source === 'steps') return source;
  const step = /^steps\.(\d+)\.(command|file_id|action)$/.exec(source);
  if (step) return source;
  return /^steps\.\d+$/.test(source) ? `${source}.action` : undefined;
}

/**
 * The API's refusal on the fields it names (spec §5 "Server field errors": a 422 on
 * `steps.2.file_id` goes to step 3's image); a taken name (409) in the user's language; what no
 * field holds goes above the form.
 */
export function serverProblems(t: TFunction, error: unknown): Problems {
  const status = axios.isAxiosError(error) ? error.response?.status : undefined;
  const fields: Record<string, string> = {};
  const general: string[] = [];
  for (const item of errorItems(error)) {
    const field = fieldOf(item.source);
    const message =
      status === 409 && field === 'name' ? t('tasks.lists.nameTaken') : (item.message ?? messageOf(error));
    if (field) fields[field] ??= message;
    else if (!general.includes(message)) general.push(message);
  }
  if (Object.keys(fields).length === 0 && general.length === 0) general.push(messageOf(error));
  return { fields, general };
}
