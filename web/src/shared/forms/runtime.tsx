import { createContext, type ReactNode, useContext, useMemo } from 'react';
import type { StepUpPrompts } from '../api/step-up.ts';
import type { ChannelContext } from './submit-options.ts';

/**
 * What the form engine takes from the rest of the console, so that it depends on no modal code:
 *
 * - `prompts`: the MFA code and password prompts of a step-up (spec §4 "Form submit"). Without
 *   them, a 423 or MFA_REQUIRED answer fails like any other: its message shows above the form.
 * - `onChannel`: opens the 'Action status' modal for an answer carrying a channel. Without it,
 *   such an answer is treated as a plain success (message, close, reload).
 *
 * The app wires both from the modal manager by wrapping the routes in `<FormRuntimeProvider>`;
 * the engine imports nothing from `shared/modals`.
 */
export interface FormRuntime {
  prompts?: StepUpPrompts;
  onChannel?: (channel: string, context: ChannelContext) => void;
}

const FormRuntimeContext = createContext<FormRuntime>({});

export function FormRuntimeProvider({ prompts, onChannel, children }: FormRuntime & { children: ReactNode }) {
  const value = useMemo<FormRuntime>(
    () => ({ ...(prompts ? { prompts } : {}), ...(onChannel ? { onChannel } : {}) }),
    [prompts, onChannel],
  );
  return <FormRuntimeContext value={value}>{children}</FormRuntimeContext>;
}

export function useFormRuntime(): FormRuntime {
  return useContext(FormRuntimeContext);
}
