import { openModal } from './store.ts';
import type { ModalDescriptor, ModalResult } from './types.ts';

export type PromptDescriptor = Omit<ModalDescriptor, 'confirm' | 'onCancel'>;

/**
 * Opens a modal and waits for the user: resolves with what Confirm handed over, or undefined
 * when the modal went without a Confirm (Cancel, Escape, replaced, nothing opened). A dismissed
 * reminder resolves at once, as a Confirm.
 */
export function confirmModal(descriptor: PromptDescriptor): Promise<ModalResult | undefined> {
  return new Promise((resolve) => {
    const opened = openModal({ ...descriptor, confirm: resolve, onCancel: () => resolve(undefined) });
    // Nothing opened: a dismissed reminder has resolved already (a Confirm); an unknown body gives undefined.
    if (opened === undefined) resolve(undefined);
  });
}

/**
 * Spec §4 "Prompt modals with an input submit on form submit and pass the typed value": resolves
 * with the typed value (or the value the body set), undefined on cancel.
 */
export async function promptModal(descriptor: PromptDescriptor): Promise<string | undefined> {
  return (await confirmModal(descriptor))?.value;
}
