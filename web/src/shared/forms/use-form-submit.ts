import { IDEMPOTENCY_KEY_HEADER, newIdempotencyKey } from '@fleetport/contracts/idempotency';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { StepUpCancelled, withStepUp } from '../api/step-up.ts';
import { api } from '../lib/api.ts';
import { toast } from '../toasts/toasts.tsx';
import type { FormValues } from './field-schema.ts';
import { useFormRuntime } from './runtime.tsx';
import type { FormSubmitOptions } from './submit-options.ts';
import { buildPayload, channelOf, submitRequest, successMessage } from './submit-request.ts';

export type SubmitOutcome =
  | { status: 'success'; response: unknown }
  | { status: 'failed'; error: unknown }
  /** The user closed a step-up prompt: nothing to show. */
  | { status: 'cancelled' }
  /** Another submit of this form was in flight (spec §4: ignored). */
  | { status: 'ignored' };

/** The client marks a write that met a 401 and refreshed the session (spec §4: retried). */
const sessionRefreshed = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  'sessionRefreshed' in error &&
  error.sessionRefreshed === true;

/**
 * Spec §4 "Form submit": sends the form's values and runs everything after:
 * - a submit while one is in flight is ignored;
 * - a 401 is retried once the client refreshed the session; a 423 asks for the password and an
 *   MFA_REQUIRED answer for the code (`withStepUp` with the form runtime's prompts), then the
 *   call is repeated. Without prompts in the runtime, those answers fail like any other;
 * - every call of one submit carries one Idempotency-Key, and a submit of the same values after
 *   a failure reuses it: when the first answer never came (a timeout, a 504), the API answers
 *   the retry with the first answer instead of applying the write twice;
 * - an answer with a channel closes the form (unless leaveOpen) and goes to the channel handler;
 * - otherwise the success message shows (unless hideMsg), the form closes (unless leaveOpen),
 *   and the named queries reload (unless reload is false).
 * Failures are returned for the form to place on its fields.
 */
export function useFormSubmit(options: FormSubmitOptions): {
  submit: (values: FormValues, hidden?: readonly string[]) => Promise<SubmitOutcome>;
  pending: boolean;
} {
  const runtime = useFormRuntime();
  const prompts = runtime.prompts;
  const queryClient = useQueryClient();
  const inFlight = useRef(false);
  /** The key of the last submit that did not succeed, and the values it was for. */
  const lastAttempt = useRef<{ payload: string; key: string } | undefined>(undefined);
  const [pending, setPending] = useState(false);
  const latest = useRef(options);
  latest.current = options;

  const succeed = useCallback(
    (response: unknown, values: FormValues) => {
      const current = latest.current;
      const channel = channelOf(response);
      const onChannel = current.onChannel ?? runtime.onChannel;
      if (channel && onChannel) {
        if (!current.leaveOpen) current.onClose?.();
        onChannel(channel, {
          selection: current.selection,
          autoClose: current.autoClose ?? current.selection === undefined,
          response,
        });
      } else {
        if (!current.hideMsg) toast(successMessage(response, current), { type: 'success' });
        if (!current.leaveOpen) current.onClose?.();
        if (current.reload !== false) {
          const keys = [
            ...(current.reload ?? []),
            ...(current.schema?.tableRef ? [current.schema.tableRef] : []),
          ];
          for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
        }
      }
      current.onSuccess?.(response, values);
    },
    [queryClient, runtime.onChannel],
  );

  const submit = useCallback(
    async (values: FormValues, hidden: readonly string[] = []): Promise<SubmitOutcome> => {
      if (inFlight.current) return { status: 'ignored' };
      inFlight.current = true;
      setPending(true);
      const current = latest.current;
      try {
        const payload = buildPayload(values, hidden, current);
        // A question before anything is sent ('spend N credits?'): no means nothing happens.
        if (current.confirm && !(await current.confirm(payload))) return { status: 'cancelled' };
        const sent = JSON.stringify(payload);
        const key = lastAttempt.current?.payload === sent ? lastAttempt.current.key : newIdempotencyKey();
        lastAttempt.current = { payload: sent, key };
        const request = (extra: Record<string, string>) => {
          const config = submitRequest(payload, extra, current);
          return api.http.request({
            ...config,
            headers: { ...config.headers, [IDEMPOTENCY_KEY_HEADER]: key },
          });
        };
        let calls = 0;
        const send = async (extra: Record<string, string>) => {
          if (calls > 0) current.onRetry?.();
          calls += 1;
          try {
            return await request(extra);
          } catch (error) {
            if (!sessionRefreshed(error)) throw error;
            current.onRetry?.();
            return await request(extra);
          }
        };
        const response = prompts ? await withStepUp(send, prompts) : await send({});
        // A new submit after a success is a new write, even with the same values.
        lastAttempt.current = undefined;
        succeed(response.data, values);
        return { status: 'success', response: response.data };
      } catch (error) {
        if (error instanceof StepUpCancelled) return { status: 'cancelled' };
        return { status: 'failed', error };
      } finally {
        inFlight.current = false;
        setPending(false);
        current.onCompleted?.();
      }
    },
    [prompts, succeed],
  );

  return { submit, pending };
}
