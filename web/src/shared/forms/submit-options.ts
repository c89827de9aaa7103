import type { QueryKey } from '@tanstack/react-query';
import type { FormValues } from './field-schema.ts';

/** What the 'Action status' modal needs besides the channel (spec §4 "Form submit"). */
export interface ChannelContext {
  /** The rows the action ran on, as the caller gave them (`selection`). */
  selection: unknown;
  /** Spec §4: the Action status modal closes by itself when no selection was supplied. */
  autoClose: boolean;
  /** The answer's body (`data` of spec §7 "Answer fields read"). */
  response: unknown;
}

/** Spec §3 "Form submission options". */
export interface FormSubmitOptions {
  /** The caller's path under the API base (spec §7 "Generic submit"). */
  url: string;
  /** Spec §3: post by default. */
  method?: 'post' | 'put' | 'patch' | 'delete';
  /** Added over the form's values, or a function turning the values into the payload. */
  data?: FormValues | ((values: FormValues) => FormValues);
  baseURL?: string;
  /** Sends multipart/form-data even without a file (a payload with a file always is). */
  upload?: boolean;
  /**
   * Hears how much of the request body was sent, from 0 to 1 (the browser's upload progress):
   * an upload dialog's progress bar. Called again from 0 when the call is repeated.
   */
  onUploadProgress?: (fraction: number) => void;
  schema?: {
    /** The `<form>` element's id: a modal's own Confirm button submits it with `form={id}`. */
    id?: string;
    /** Initial values by field key; keys that are no field are sent as they are (an id). */
    defaults?: FormValues;
    /** The query of the table the form changes; it reloads after success. */
    tableRef?: QueryKey;
  };
  /**
   * The translated noun for the messages of spec §8: '{item} created/updated/removed
   * successfully' and 'Failed to {verb} {item} ({status text})'. Without it: 'Operation complete'.
   */
  item?: string;
  /** The success message, instead of the answer's `message` or the generic one. */
  successMsg?: string;
  /** No success message. */
  hideMsg?: boolean;
  /** The form stays open after success (no close, no step back on the form route). */
  leaveOpen?: boolean;
  /** Queries to reload after success besides `schema.tableRef`; `false` reloads nothing. */
  reload?: false | readonly QueryKey[];
  onSuccess?: (response: unknown, values: FormValues) => void;
  /** Called with the failure, after its errors are placed on the form. */
  onError?: (error: unknown) => void;
  /** A channel in the answer (`meta.channel`); instead of the form runtime's handler. */
  onChannel?: (channel: string, context: ChannelContext) => void;
  /**
   * Asked with the payload once the values are valid, before anything is sent: false cancels
   * the submit and leaves the form as it is (spec §5 'Add data': 'Are you sure you want to spend
   * N credit(s) to get 2N GB of data?').
   */
  confirm?: (payload: FormValues) => Promise<boolean>;
  /** Closes the container (the modal; the form page steps back). */
  onClose?: () => void;
  /** Called before the request is repeated: after a session refresh, a password, an MFA code. */
  onRetry?: () => void;
  /** Called once the submit is over, whatever its outcome. */
  onCompleted?: () => void;
  /** Passed to the channel handler (spec §3 `selection`). */
  selection?: unknown;
  /** Whether the Action status modal closes by itself; by default when there is no selection. */
  autoClose?: boolean;
  /** The general errors are also shown as toasts. */
  useToast?: boolean;
  /** Bulk errors: every row's message for a field is shown, not only the first. */
  combineBulkSources?: boolean;
}
