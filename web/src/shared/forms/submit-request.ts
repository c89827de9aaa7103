import type { AxiosProgressEvent, AxiosRequestConfig } from 'axios';
import i18next from 'i18next';
import type { MessageContext } from '../api/messages.ts';
import type { FormValues } from './field-schema.ts';
import { containsFile, toFormData } from './form-data.ts';
import type { FormSubmitOptions } from './submit-options.ts';

/**
 * The payload of a submit: the defaults (without the hidden fields' own), the checked values of
 * the shown fields, then the caller's `data` (spec §3 "Form submission options").
 */
export function buildPayload(
  values: FormValues,
  hidden: readonly string[],
  options: Pick<FormSubmitOptions, 'data' | 'schema'>,
): FormValues {
  const defaults = { ...options.schema?.defaults };
  for (const key of hidden) delete defaults[key];
  const merged = { ...defaults, ...values };
  return typeof options.data === 'function' ? options.data(merged) : { ...merged, ...options.data };
}

/**
 * Spec §7 "Generic submit": POST by default or the given method, to the caller's path, with an
 * optional baseURL. The MFA fields of a repeated call are added to the payload; an upload goes
 * as multipart/form-data (spec §7 serialisation), anything else as JSON.
 */
export function submitRequest(
  payload: FormValues,
  extra: Readonly<Record<string, string>>,
  options: Pick<FormSubmitOptions, 'url' | 'method' | 'baseURL' | 'upload' | 'onUploadProgress'>,
): AxiosRequestConfig {
  const body = { ...payload, ...extra };
  const progress = options.onUploadProgress;
  return {
    method: options.method ?? 'post',
    url: options.url,
    ...(options.baseURL ? { baseURL: options.baseURL } : {}),
    data: options.upload || containsFile(body) ? toFormData(body) : body,
    ...(progress
      ? {
          onUploadProgress: (event: AxiosProgressEvent) =>
            progress(event.total ? Math.min(1, event.loaded / event.total) : (event.progress ?? 0)),
        }
      : {}),
  };
}

const PAST = { post: 'created', put: 'updated', patch: 'updated', delete: 'removed' } as const;
const VERB = { post: 'create', put: 'update', patch: 'update', delete: 'remove' } as const;

/** Spec §7: the channel an answer carries in `meta.channel`, if any. */
export function channelOf(body: unknown): string | undefined {
  const channel = (body as { meta?: { channel?: unknown } } | null | undefined)?.meta?.channel;
  return typeof channel === 'string' && channel !== '' ? channel : undefined;
}

/**
 * Spec §8 "Generic messages" on success: the caller's message, else the answer's `message`,
 * else '{item} created/updated/removed successfully', else 'Operation complete'.
 */
export function successMessage(
  body: unknown,
  options: Pick<FormSubmitOptions, 'successMsg' | 'item' | 'method'>,
): string {
  if (options.successMsg) return options.successMsg;
  const message = (body as { message?: unknown } | null | undefined)?.message;
  if (typeof message === 'string' && message) return message;
  if (options.item) {
    return i18next.t(`forms.success.${PAST[options.method ?? 'post']}`, { item: options.item });
  }
  return i18next.t('forms.success.done');
}

/** The words of 'Failed to {verb} {item} ({status text})' (spec §8) for this submit. */
export function failureContext(options: Pick<FormSubmitOptions, 'item' | 'method'>): MessageContext {
  if (!options.item) return {};
  return { verb: i18next.t(`forms.verb.${VERB[options.method ?? 'post']}`), item: options.item };
}
