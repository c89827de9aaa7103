import type { UserStorage } from '../lib/user-storage.ts';

/**
 * Spec §4 "A 'Do not show this again' checkbox ties to a stored user preference that can be
 * re-enabled in table preferences": a dismissed reminder is a user-storage entry (spec §7
 * "Storage"), so it follows the user from browser to browser.
 */
export function reminderStorageKey(reminderKey: string): string {
  return `modalReminder.${reminderKey}`;
}

let bound: UserStorage | undefined;

/**
 * The host binds the signed-in user's storage, so that `openModal()`, callable outside React,
 * can skip a dismissed modal. Returns the unbinding.
 */
export function bindReminderStorage(storage: UserStorage | undefined): () => void {
  bound = storage;
  return () => {
    if (bound === storage) bound = undefined;
  };
}

/** The signed-in user's storage the host bound, if any. */
export function boundUserStorage(): UserStorage | undefined {
  return bound;
}

/** Whether the user ticked 'Do not show this again' for this key. */
export function isReminderDismissed(reminderKey: string, storage: UserStorage | undefined = bound): boolean {
  return storage?.get(reminderStorageKey(reminderKey)) === true;
}

export function dismissReminder(storage: UserStorage, reminderKey: string): Promise<void> {
  return storage.set(reminderStorageKey(reminderKey), true);
}

/** Shows the modal again next time (the table preferences' re-enable). */
export async function enableReminder(storage: UserStorage, reminderKey: string): Promise<void> {
  if (isReminderDismissed(reminderKey, storage)) await storage.delete(reminderStorageKey(reminderKey));
}
