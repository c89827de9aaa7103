import { MAX_MINIMIZED_MODALS } from '@fleetport/contracts/limits';
import i18next from 'i18next';
import { useSyncExternalStore } from 'react';
import { ensureArea } from '../lib/i18n.ts';
import { selections } from '../selection/selection-store.ts';
import { toast } from '../toasts/toasts.tsx';
import { isModalRegistered, modalBodyName } from './registry.ts';
import { isReminderDismissed } from './reminders.ts';
import type { ModalDescriptor, ModalResult, ModalSelectItem, OpenModal } from './types.ts';

/**
 * The open modals of the page (spec §4 "Modals"), in stacking order: the last one not
 * minimized is the main modal, on top. A plain module, so anything can open a modal, in or
 * outside React (the HTTP client's step-up, a realtime event); the host renders it.
 */
let modals: readonly OpenModal[] = [];
let serial = 0;
const listeners = new Set<() => void>();

function update(next: readonly OpenModal[]): void {
  modals = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getModals(): readonly OpenModal[] {
  return modals;
}

/** The open modals, re-rendering on every change. */
export function useModals(): readonly OpenModal[] {
  return useSyncExternalStore(subscribe, getModals, getModals);
}

/** Spec §4: several may be open; the main modal is the topmost one not minimized. */
export function mainModalOf(list: readonly OpenModal[]): OpenModal | undefined {
  return list.findLast((modal) => !modal.minimized);
}

/** Spec §3: the id is derived from the title when missing. */
export function modalIdOf(descriptor: ModalDescriptor): string {
  const fromTitle = descriptor.title
    ?.trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return descriptor.id ?? (fromTitle || descriptor.component || `modal-${serial + 1}`);
}

function minimizedCount(except?: string): number {
  return modals.filter((modal) => modal.minimized && modal.id !== except).length;
}

/** Spec §9: 'You can not minimize more than 5 windows'. */
function refuseMinimize(): void {
  const say = () =>
    toast(i18next.t('modals.minimizeLimit', { max: MAX_MINIMIZED_MODALS }), { type: 'warning' });
  // The strings come with the windows' code; a modal opened minimised before that waits for them.
  if (i18next.exists('modals.minimizeLimit')) say();
  else void ensureArea('modals').then(say);
}

/** Spec §4: a dismissed reminder confirms at once (synchronously) instead of opening. */
function confirmAtOnce(descriptor: ModalDescriptor): void {
  const result: ModalResult = {
    value: '',
    selection: descriptor.selectBox?.map((item) => item.id) ?? [],
    returnValue: descriptor.returnValue,
  };
  const report = (error: unknown) => console.error(error);
  try {
    Promise.resolve(descriptor.confirm?.(result)).catch(report);
  } catch (error) {
    report(error);
  }
}

/** Whether `value` is a list of select-box items (what a table stores as its selection). */
function isSelectItems(value: unknown): value is readonly ModalSelectItem[] {
  return (
    Array.isArray(value) &&
    value.every(
      (item) =>
        typeof item === 'object' &&
        item !== null &&
        (typeof item.id === 'string' || typeof item.id === 'number') &&
        typeof item.label === 'string',
    )
  );
}

/**
 * Spec §3 `selectionKey`: a modal without a select box of its own lists the selection stored
 * under its key (the rows picked in a table), read when it opens.
 */
function withStoredSelection(descriptor: ModalDescriptor): ModalDescriptor {
  if (descriptor.selectBox || !descriptor.selectionKey) return descriptor;
  const stored = selections.get<unknown>(descriptor.selectionKey);
  return isSelectItems(stored) ? { ...descriptor, selectBox: stored } : descriptor;
}

/**
 * Opens a modal (spec §4): on top as the main modal, replacing any modal with the same id.
 * Returns its id, or undefined when nothing opened: a dismissed reminder (confirmed at once),
 * or an unknown component name, which is a programming error.
 */
export function openModal(request: ModalDescriptor): string | undefined {
  const descriptor = withStoredSelection(request);
  const body = modalBodyName(descriptor);
  if (body !== undefined && !isModalRegistered(body)) {
    console.error(`openModal: no modal is registered as '${body}'`);
    return undefined;
  }
  if (descriptor.reminderKey && isReminderDismissed(descriptor.reminderKey)) {
    confirmAtOnce(descriptor);
    return undefined;
  }
  const id = modalIdOf(descriptor);
  let minimized = descriptor.minimized ?? false;
  if (minimized && minimizedCount(id) >= MAX_MINIMIZED_MODALS) {
    refuseMinimize();
    minimized = false;
  }
  serial += 1;
  const opened: OpenModal = {
    ...descriptor,
    id,
    key: serial,
    minimized,
    fullscreen: descriptor.fullscreen ?? false,
  };
  const replaced = modals.find((modal) => modal.id === id);
  const others = modals.filter((modal) => modal.id !== id);
  update(descriptor.mainModal === false ? [opened, ...others] : [...others, opened]);
  replaced?.onCancel?.();
  return id;
}

/** Closes one opening of a modal (the host's buttons); a replaced opening is left alone. */
export function endModal(key: number, confirmed: boolean): void {
  const ended = modals.find((modal) => modal.key === key);
  if (!ended) return;
  update(modals.filter((modal) => modal !== ended));
  if (!confirmed) ended.onCancel?.();
}

/** Closes a modal as Cancel would. */
export function closeModal(id: string): void {
  const modal = modals.find((open) => open.id === id);
  if (modal) endModal(modal.key, false);
}

/** Closes every modal as Cancel would (sign-out, tests). */
export function closeAllModals(): void {
  const closing = modals;
  update([]);
  for (const modal of closing) modal.onCancel?.();
}

function change(id: string, patch: (modal: OpenModal) => OpenModal, toTop = false): void {
  const modal = modals.find((open) => open.id === id);
  if (!modal) return;
  const next = patch(modal);
  const others = modals.filter((open) => open !== modal);
  update(toTop ? [...others, next] : modals.map((open) => (open === modal ? next : open)));
}

/**
 * Spec §4/§9: minimizes to the bar, at most 5 at once unless forced; past the limit the modal
 * stays and a toast says why. Returns whether it is minimized.
 */
export function minimizeModal(id: string, options: { force?: boolean } = {}): boolean {
  const modal = modals.find((open) => open.id === id);
  if (!modal) return false;
  if (modal.minimized) return true;
  if (!options.force && minimizedCount() >= MAX_MINIMIZED_MODALS) {
    refuseMinimize();
    return false;
  }
  change(id, (open) => ({ ...open, minimized: true }));
  return true;
}

/** Brings a minimized modal back, on top. */
export function restoreModal(id: string): void {
  change(id, (open) => ({ ...open, minimized: false }), true);
}

/** Spec §4: the main modal is set on mouse-down; it stacks on top. */
export function raiseModal(id: string): void {
  if (modals.at(-1)?.id !== id) change(id, (open) => open, true);
}

/** Spec §4: fullscreen where allowed (fullScreenControl); elsewhere nothing changes. */
export function toggleModalFullscreen(id: string): void {
  if (!modals.find((open) => open.id === id)?.fullScreenControl) return;
  change(id, (open) => ({ ...open, fullscreen: !open.fullscreen }));
}
