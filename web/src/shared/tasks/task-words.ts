import type {
  TaskAction,
  TaskCounts,
  TaskGroup,
  TaskGroupState,
  TaskState,
} from '@fleetport/contracts/tasks';
import type { TFunction } from 'i18next';
import { sectionText } from '../config/config-sections.ts';

/**
 * The task engine's vocabularies as the console shows them. They are written here, not imported:
 * `@fleetport/contracts/tasks` holds the API's zod schemas, which this page's code does not carry
 * (a test checks both lists stay the same as the contract's).
 */
export const GROUP_STATES = [
  'scheduled',
  'running',
  'paused',
  'finished',
  'cancelled',
] as const satisfies readonly TaskGroupState[];
export const TASK_STATES = [
  'queued',
  'sent',
  'in_progress',
  'succeeded',
  'failed',
  'cancelled',
  'expired',
] as const satisfies readonly TaskState[];
export const ACTIONS = [
  'reboot',
  'refresh',
  'cli',
  'firmware.update',
  'backup.upload',
  'password.set',
  'task_list',
  'config.write',
] as const satisfies readonly TaskAction[];

/** The states a task ends in (its part of a group's progress). */
const ENDED: readonly TaskState[] = ['succeeded', 'failed', 'cancelled', 'expired'];

/** An action's catalogue key: i18next reads a dot as nesting. */
type ActionKey<A extends string> = A extends `${infer Head}.${infer Tail}` ? `${Head}_${Tail}` : A;
const actionKey = (action: TaskAction) => action.replace('.', '_') as ActionKey<TaskAction>;

/** An action by its name, for the filter ('CLI command'). */
export function actionName(t: TFunction, action: TaskAction): string {
  return t(`tasks.actions.${actionKey(action)}`);
}

/**
 * What a group does, as a sentence in the user's language: 'Reboot', 'Fresh readings',
 * 'CLI: uptime'. The command is the user's own text: shown as text, never as markup.
 */
export function groupSentence(t: TFunction, group: Pick<TaskGroup, 'action' | 'summary'>): string {
  if (group.action === 'cli') return t('tasks.what.cli', { command: group.summary ?? '' });
  if (group.action === 'task_list') return t('tasks.what.task_list', { name: group.summary ?? '' });
  if (group.action === 'config.write') {
    // The summary lists the sections the change writes by name ('wireless.ap1, ntp'): said by their titles.
    const sections = (group.summary ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean);
    return t('tasks.what.config_write', {
      sections: sections.map((name) => sectionText(t, name)).join(', '),
    });
  }
  if (group.action === 'firmware.update' && group.summary) {
    return t('tasks.what.firmwareTo', { version: group.summary });
  }
  return t(`tasks.what.${actionKey(group.action)}`);
}

/** Why a campaign paused itself, in the user's language (the English reason when no values came). */
export function pausedReason(
  t: TFunction,
  group: Pick<TaskGroup, 'paused_reason' | 'paused_args'>,
): string | null {
  const args = group.paused_args;
  if (!args) return group.paused_reason;
  const percent = args.ended > 0 ? Math.round((args.failed * 100) / args.ended) : 0;
  return args.canary
    ? t('tasks.campaign.gateCanary', { ...args, percent })
    : t('tasks.campaign.gateWave', { ...args, percent });
}

export function groupStateName(t: TFunction, state: TaskGroupState): string {
  return t(`tasks.groupStates.${state}`);
}

export function taskStateName(t: TFunction, state: TaskState): string {
  return t(`tasks.states.${state}`);
}

/** How many of a group's tasks have ended, and how many of them failed. */
export function progressOf(counts: TaskCounts, total: number) {
  const done = ENDED.reduce((sum, state) => sum + counts[state], 0);
  // A group's total counts its devices; a task list's group has a task per device and step.
  const tasks = TASK_STATES.reduce((sum, state) => sum + counts[state], 0);
  return { done, total: Math.max(total, tasks), failed: counts.failed };
}

/** '12 / 50 done, 3 failed'. */
export function progressText(t: TFunction, counts: TaskCounts, devices: number): string {
  const { done, total, failed } = progressOf(counts, devices);
  return failed > 0
    ? t('tasks.progress.doneFailed', { done, total, failed })
    : t('tasks.progress.done', { done, total });
}

/** Tasks still waiting for their device or their turn: what 'Cancel waiting tasks' cancels. */
export const waitingOf = (counts: TaskCounts) => counts.queued;
