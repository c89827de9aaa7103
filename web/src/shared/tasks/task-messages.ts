import type { TaskMessageArgs, TaskMessageCode } from '@fleetport/contracts/tasks';
import type { TFunction } from 'i18next';
import { ensureArea } from '../lib/i18n.ts';

/**
 * The task engine's own words in the user's language. A device page's Action status says them
 * too, and it does not load the Task manager's strings: they come with this module.
 */
await ensureArea('tasks');

/** A task's message as the API answers it: the device's words, or the engine's with their code. */
export interface TaskWords {
  message: string | null;
  message_code?: TaskMessageCode | null | undefined;
  message_args?: TaskMessageArgs | null | undefined;
}

/**
 * A task's message in the user's language: the engine's words by their code and values ('Back
 * online after 2 s.'), the device's own words as it wrote them (rendered as text).
 */
export function taskMessage(t: TFunction, task: TaskWords): string | null {
  const code = task.message_code;
  if (!code) return task.message;
  const args = task.message_args ?? {};
  // A step's action by its name ('CLI command'); an unknown one as it came.
  const action =
    typeof args.action === 'string'
      ? t(`tasks.actions.${args.action.replace('.', '_')}` as 'tasks.actions.cli', {
          defaultValue: args.action,
        })
      : args.action;
  // Each code's words take their own values: the key is checked one code at a time (a test
  // checks every code has its words in both languages), not as a union the typings cannot follow.
  const key = `tasks.messages.${code}` as const;
  return t(key as 'tasks.messages.config_applied', { revision: '', ...args, action });
}
