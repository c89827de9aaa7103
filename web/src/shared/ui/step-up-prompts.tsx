import i18next from 'i18next';
import { useEffect, useState } from 'react';
import type { MfaChallenge, StepUpPrompts } from '../api/step-up.ts';
import { ensureArea } from '../lib/i18n.ts';
import { useModalControls } from '../modals/controls.ts';
import type { PromptDescriptor } from '../modals/prompts.ts';
import { isModalRegistered, registerModal } from '../modals/registry.ts';
import { openModal } from '../modals/store.ts';
import { MfaCodeField } from './MfaCodeField.tsx';

// Shared code brings its own strings (shared/lib/i18n.ts; pages declare theirs in app/routes/table.ts).
await ensureArea('modals');

/** Both prompts share one id: a new prompt replaces a pending one (spec §4). */
const STEP_UP_ID = 'step-up';
const CODE_BODY = 'step-up-code';

interface CodeBodyProps {
  challenge: MfaChallenge;
}

/** The body of 'Enter authentication code': the one required field Code (spec §2, §5). */
export function StepUpCodeBody({ challenge }: CodeBodyProps) {
  const { setValue, setConfirmDisabled } = useModalControls();
  const [code, setCode] = useState('');
  useEffect(() => {
    setValue(code);
    setConfirmDisabled(code === '');
  }, [code, setValue, setConfirmDisabled]);
  return <MfaCodeField challenge={challenge} value={code} onChange={setCode} />;
}
registerModal(CODE_BODY, StepUpCodeBody);

/**
 * The body for an MFA method: `step-up-code-<method>` when a feature registered one (the
 * identity-provider verification of spec §2, which may need more than a code field), else the
 * code field.
 */
function codeBodyFor(method: MfaChallenge['method']): string {
  const own = `${CODE_BODY}-${method}`;
  return isModalRegistered(own) ? own : CODE_BODY;
}

/**
 * Opens a prompt whose Confirm runs `submit` with what was typed: the prompt stays open while it
 * runs, and shows what it threw (a wrong code, a wrong password) until the user tries again or
 * cancels. Resolves with submit's value, or undefined on cancel.
 */
function submittingPrompt<R>(
  descriptor: PromptDescriptor,
  submit: (value: string) => Promise<R>,
): Promise<R | undefined> {
  return new Promise((resolve) => {
    const opened = openModal({
      ...descriptor,
      confirm: async ({ value }) => resolve(await submit(value)),
      onCancel: () => resolve(undefined),
    });
    if (opened === undefined) resolve(undefined);
  });
}

/**
 * The re-confirmation prompts of spec §4 "Form submit" as manager modals, for withStepUp():
 * 'Enter authentication code' (spec §2: one required field Code, Confirm) on MFA_REQUIRED, and
 * the password prompt (spec §8: input label Password) on a 423. Each stays open while its check
 * runs and shows a refusal (spec §8 CONFIRMATION_FAILED). Usable outside React; the host renders
 * them. Test ids: `mfa-code`, `step-up-password`, `step-up-confirm`.
 */
export const stepUpPrompts: StepUpPrompts = {
  code: (challenge, submit) =>
    submittingPrompt(
      {
        id: STEP_UP_ID,
        title: i18next.t('modals.stepUp.codeTitle'),
        component: codeBodyFor(challenge.method),
        props: { challenge },
        minimizeDisable: true,
      },
      submit,
    ),
  password: async (submit) =>
    (await submittingPrompt(
      {
        id: STEP_UP_ID,
        title: i18next.t('modals.stepUp.passwordTitle'),
        input: {
          name: 'password',
          label: i18next.t('modals.stepUp.password'),
          type: 'password',
          autoComplete: 'current-password',
          hint: i18next.t('modals.stepUp.passwordHint'),
        },
        minimizeDisable: true,
      },
      async (password) => {
        await submit(password);
        return true;
      },
    )) === true,
};
