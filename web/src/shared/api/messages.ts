import axios from 'axios';
import i18next from 'i18next';

interface ErrorBody {
  errors?: { code?: string; message?: string; source?: string }[];
  message?: string;
}

type ErrorItem = { code?: string; message?: string; source?: string };

/** Every error item of an API answer (spec §3 "Error item"), UNAUTHORIZED skipped (spec §8). */
export function errorItems(error: unknown): ErrorItem[] {
  if (!axios.isAxiosError(error)) return [];
  const body = error.response?.data as ErrorBody | undefined;
  return (body?.errors ?? []).filter((item) => item.code !== 'UNAUTHORIZED');
}

/** The first error item of an API answer (spec §3 "Error item"), UNAUTHORIZED skipped (spec §8). */
export function firstErrorItem(error: unknown): ErrorItem | undefined {
  return errorItems(error)[0];
}

export interface MessageContext {
  /** 'create', 'update', 'remove', 'load'… for 'Failed to {verb} {item} ({status text})'. */
  verb?: string;
  item?: string;
}

/**
 * Spec §8 "Generic messages": the first error's message; else 'Failed to {verb} {item}
 * ({status text})'; a network failure or a non-object answer gives 'Failed to send request. Try
 * again later'; without a request at all, 'Server error'.
 */
export function messageOf(error: unknown, context: MessageContext = {}): string {
  if (!axios.isAxiosError(error)) {
    return error instanceof Error && error.message ? error.message : i18next.t('errors.server');
  }
  if (!error.config) return i18next.t('errors.server');
  const response = error.response;
  if (!response || typeof response.data !== 'object' || response.data === null) {
    return i18next.t('errors.network');
  }
  const item = firstErrorItem(error);
  if (item?.message) return item.message;
  const body = response.data as ErrorBody;
  if (body.message) return body.message;
  const status = response.statusText || String(response.status);
  if (context.verb && context.item) {
    return i18next.t('errors.failedTo', { verb: context.verb, item: context.item, status });
  }
  return i18next.t('errors.failedWithStatus', { status });
}
