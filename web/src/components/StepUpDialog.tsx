import type { ReactNode } from 'react';
import type { StepUpPrompts } from '../shared/api/step-up.ts';
import { stepUpPrompts } from './step-up-prompts.tsx';

/**
 * @deprecated The step-up prompts are modal-manager modals now: pass `stepUpPrompts`
 * (`./step-up-prompts.tsx`) to withStepUp(). Kept only while the form engine still calls this;
 * there is no dialog to render any more (the modal host renders the prompts). Delete it then.
 */
export function useStepUpPrompts(): { prompts: StepUpPrompts; dialog: ReactNode } {
  return { prompts: stepUpPrompts, dialog: null };
}
