import type { UserStorage } from '../../shared/lib/user-storage.ts';
import { boundUserStorage, isReminderDismissed } from '../../shared/modals/reminders.ts';
import type { StartOutcome } from './spa-version.ts';

/** The 'Do not show this again' preference of the new design notice (spec §4 "Modals"). */
export const DESIGN_NOTICE_REMINDER = 'new-design-notice';

/**
 * The console's design generation. Raise it when the layout changes enough that returning users
 * should be shown around: each of them then sees the new design notice once.
 */
export const DESIGN_VERSION = 1;
/** The user-storage entry holding the design generation the user last started on. */
export const DESIGN_VERSION_KEY = 'designVersion';

export type StartNotice = 'update-notice' | 'design-notice';

/**
 * The notices due when a signed-in console starts, in the order they show: the update notice
 * after a new build started here (spec §2 "Update notice"), then the new design notice (spec §2)
 * for a user who last worked on an older design. A user new to the console starts on this
 * design: nothing to announce, and operators who live in the console are not interrupted at
 * every sign-in. The generation is recorded with the user (it follows them between browsers).
 */
export function dueStartNotices(
  outcome: StartOutcome,
  storage: UserStorage | undefined = boundUserStorage(),
): StartNotice[] {
  const due: StartNotice[] = [];
  if (outcome === 'updated') due.push('update-notice');
  const seen = storage?.get<number>(DESIGN_VERSION_KEY);
  if (storage && seen !== DESIGN_VERSION) {
    storage.set(DESIGN_VERSION_KEY, DESIGN_VERSION).catch(() => undefined);
    if (
      typeof seen === 'number' &&
      seen < DESIGN_VERSION &&
      !isReminderDismissed(DESIGN_NOTICE_REMINDER, storage)
    ) {
      due.push('design-notice');
    }
  }
  return due;
}
