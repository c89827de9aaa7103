import { createContext, useContext } from 'react';
import type { OpenModal } from './types.ts';

/** What a modal's body can do to the modal around it. */
export interface ModalControls {
  /** The open modal: its descriptor (component_id, form, selectionKey…) and window state. */
  modal: OpenModal;
  isMain: boolean;
  /** Closes as Cancel would. */
  close: () => void;
  /** Confirms as the Confirm button would (the confirm handler runs, then the modal closes). */
  confirm: () => void;
  minimize: () => void;
  /** Spec §4: Confirm is disabled while a child reports disabled. */
  setConfirmDisabled: (disabled: boolean) => void;
  /** The value Confirm hands over (a body's own input). */
  setValue: (value: string) => void;
  /** The returnValue Confirm hands over. */
  setReturnValue: (value: unknown) => void;
}

export const ModalControlsContext = createContext<ModalControls | undefined>(undefined);

/** The controls of the modal this component is rendered in. */
export function useModalControls(): ModalControls {
  const controls = useContext(ModalControlsContext);
  if (!controls) throw new Error('useModalControls() outside a modal body');
  return controls;
}
