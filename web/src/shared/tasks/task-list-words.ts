import type { TaskList } from '@fleetport/contracts/tasks';
import type { TFunction } from 'i18next';
import { ensureArea } from '../lib/i18n.ts';

/**
 * Execute task list (spec §2) in words: a saved list's steps as one line people read ('Fresh
 * readings → CLI: uptime → Firmware update to 00.07.09 → Reboot') and a task's place in its
 * list ('Step 2 · Firmware update'). The Task manager says them, and so does the devices list's
 * 'Run a task list', which does not load the Task manager's strings: they come with this module.
 */
await ensureArea('tasks');

/** A step as the API answers it (a firmware step names its image; null once it was deleted). */
export type SavedStep = TaskList['steps'][number];

/** One step in words; a command is the user's own text, shown as text. */
export function stepText(t: TFunction, step: SavedStep): string {
  switch (step.action) {
    case 'cli':
      return t('tasks.what.cli', { command: step.command });
    case 'firmware.update': {
      const version = step.version || step.file_name;
      return version ? t('tasks.what.firmwareTo', { version }) : t('tasks.lists.imageDeleted');
    }
    case 'refresh':
      return t('tasks.what.refresh');
    case 'reboot':
      return t('tasks.what.reboot');
    case 'backup.upload':
      return t('tasks.what.backup_upload');
  }
}

/** A list's steps in order, as one line. */
export function stepsText(t: TFunction, steps: readonly SavedStep[]): string {
  return steps.map((step) => stepText(t, step)).join(' → ');
}

/** A task's place in its list (`step` counts from 0), with what the step does: 'Step 2 · Reboot'. */
export function stepLabel(t: TFunction, step: number, action: string): string {
  return t('tasks.lists.stepOf', { n: step + 1, action });
}

/** The Task manager's view of the task lists (`/management/task-manager?view=lists`). */
export const TASK_LISTS_VIEW = '?view=lists';
