import type { StepUpPrompts } from '../api/step-up.ts';
import type { FormRuntime } from './runtime.tsx';

/**
 * What the form engine takes from the console (spec §4 "Form submit"): the modal manager's
 * step-up prompts and its 'Action status' modal. Both are fetched when first needed, so the
 * shell's first load carries neither (the first-load budget).
 */
const prompts: StepUpPrompts = {
  code: async (challenge, error) =>
    (await import('../ui/step-up-prompts.tsx')).stepUpPrompts.code(challenge, error),
  password: async (error) => (await import('../ui/step-up-prompts.tsx')).stepUpPrompts.password(error),
};

export const FORM_RUNTIME: Required<FormRuntime> = {
  prompts,
  onChannel: (channel, { selection, autoClose }) => {
    void import('../modals/action-status.ts').then((module) =>
      module.openActionStatus(channel, { selection, autoClose }),
    );
  },
};
