/** An item of a select-box modal (the devices a bulk action will touch, say). */
export interface ModalSelectItem {
  id: string | number;
  label: string;
}
export type ModalSelectId = ModalSelectItem['id'];

/** The input of a prompt modal (spec §3 "input (label, type)"); it is always required (spec §5). */
export interface ModalInput {
  label: string;
  type?: 'text' | 'password' | 'number' | 'email';
  /** Names the field (autofill, the test id `<modal id>-<name>`); 'input' by default. */
  name?: string;
  autoComplete?: string;
  /** Shown under the field while there is no error. */
  hint?: string;
  /** The last refusal, shown on the field. */
  error?: string;
}

/** What Confirm hands to the confirm handler. */
export interface ModalResult {
  /** The typed input value (spec §4 prompts), or what the body set with `setValue`; else ''. */
  value: string;
  /** The checked items of a select box. */
  selection: readonly ModalSelectId[];
  /** The descriptor's returnValue, or what the body set with `setReturnValue`. */
  returnValue: unknown;
}

/** What a descriptor's `disabled` rule sees. */
export interface ModalDraft {
  value: string;
  selection: readonly ModalSelectId[];
}

/**
 * Spec §3 "Modal descriptor". Strings are shown as given: the caller translates them.
 * Behaviour of the flags is spec §4 "Modals".
 */
export interface ModalDescriptor {
  /** Derived from the title when missing; opening with an existing id replaces that modal. */
  id?: string;
  title?: string;
  subtitle?: string;
  /** A registered modal name (`registerModal`): spec §2 "Modals open by name". */
  component?: string;
  /** Set for VPN and remote-access components; the body reads it from `useModalControls()`. */
  component_id?: string;
  /** The body's props. */
  props?: Record<string, unknown>;
  /** A form schema: without a component, the body registered as 'form' (the form engine) renders it. */
  form?: object;
  /** A message (question) shown above the body. */
  prompt?: string;
  /**
   * Runs on Confirm; the modal closes when it settles, or stays open showing what it threw. A
   * modal with a confirm handler is a form (Enter submits), so its body renders no form of its own.
   */
  confirm?: (result: ModalResult) => void | Promise<void>;
  /** Runs when the modal goes without a Confirm: Cancel, close, Escape, replaced, closeModal(). */
  onCancel?: () => void;
  input?: ModalInput;
  /** The items to act on, all checked at first; Confirm needs at least one. */
  selectBox?: readonly ModalSelectItem[];
  /** The select box lists the items without checkboxes. */
  selectBoxReadonly?: boolean;
  /** The selection-store entry (spec §3 "Selection store") the modal acts on; read by its body. */
  selectionKey?: string;
  /** The Confirm button's text ('Confirm' when missing): the action, such as 'Reload now'. */
  confirmLabel?: string;
  /** The Cancel button's text ('Cancel' when missing), such as 'Later'. */
  cancelLabel?: string;
  /** No Cancel button: a notice with one action (the header's close button still cancels). */
  hideCancel?: boolean;
  /** Adds 'Do not show this again', stored as a user preference under this key. */
  reminderKey?: string;
  /** What Confirm hands over as `returnValue`. */
  returnValue?: unknown;
  /** The modal's own rule disabling Confirm. */
  disabled?: boolean | ((draft: ModalDraft) => boolean);
  /** The select box's checkboxes are shown but cannot change. */
  disableSelection?: boolean;
  /** Opens minimized (within the limit of spec §9). */
  minimized?: boolean;
  /** false opens the modal beneath the others instead of on top as the main modal. */
  mainModal?: boolean;
  /** Opens fullscreen. */
  fullscreen?: boolean;
  /** Offers the fullscreen toggle; without it the fullscreen state cannot change. */
  fullScreenControl?: boolean;
  /** No title bar (the title still names the dialog for assistive technology). */
  hideHeader?: boolean;
  /** No close, minimize or fullscreen buttons, and Escape does not close. */
  hideHeaderControls?: boolean;
  /** No minimize button. */
  minimizeDisable?: boolean;
  /** The body spans the dialog without padding. */
  noPadding?: boolean;
}

/** A modal in the store: its descriptor with the id resolved and its window state. */
export interface OpenModal extends ModalDescriptor {
  id: string;
  /** New on every open, so a replacing modal starts afresh. */
  key: number;
  minimized: boolean;
  fullscreen: boolean;
}
