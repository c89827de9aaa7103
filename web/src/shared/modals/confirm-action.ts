import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { StepUpCancelled, withStepUp } from '../api/step-up.ts';
import { FORM_RUNTIME } from '../forms/form-runtime.ts';
import { toast } from '../toasts/toasts.tsx';
import { closeModal, openModal } from './store.ts';

export interface ConfirmActionOptions {
  id: string;
  title: string;
  subtitle?: string;
  /** The question. */
  prompt: string;
  confirmLabel: string;
  /** The write, run by Confirm through the re-confirmations of spec §4 (423 password, MFA). */
  action: () => Promise<unknown>;
  /** Said once it is done. */
  doneMessage: string;
  queryClient: QueryClient;
  /** Reloaded once it is done. */
  reload: readonly QueryKey[];
}

/**
 * A destructive action behind a question (delete a company, a user, an invitation): Confirm
 * runs it; a refusal (409, a wrong password) stays in the dialog for the user to read;
 * cancelling the password prompt closes it. Resolves true when the action happened.
 */
export function confirmAction(options: ConfirmActionOptions): Promise<boolean> {
  const { id, title, subtitle, prompt, confirmLabel, action, doneMessage, queryClient, reload } = options;
  return new Promise((resolve) => {
    const opened = openModal({
      id,
      title,
      ...(subtitle ? { subtitle } : {}),
      prompt,
      confirmLabel,
      minimizeDisable: true,
      confirm: async () => {
        try {
          await withStepUp(action, FORM_RUNTIME.prompts);
        } catch (error) {
          if (error instanceof StepUpCancelled) {
            closeModal(id);
            return;
          }
          throw error;
        }
        toast(doneMessage, { type: 'success' });
        resolve(true);
        await Promise.all(reload.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      },
      onCancel: () => resolve(false),
    });
    if (opened === undefined) resolve(false);
  });
}
