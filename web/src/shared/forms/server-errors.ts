import axios from 'axios';
import i18next from 'i18next';
import { type MessageContext, messageOf } from '../api/messages.ts';
import type { FieldSchema } from './field-schema.ts';

interface ErrorItemLike {
  code?: string;
  message?: string;
  source?: string;
}

/** Where the errors of a failed submit go. */
export interface ServerErrors {
  /** One message per field key. */
  fields: Record<string, string>;
  /** Errors for `id`, for fields not on the form, or with no field: shown above the form. */
  general: string[];
  /** Fields to empty: the confirmation of a password that was refused. */
  blank: string[];
}

export interface ServerErrorOptions {
  /** Bulk data: every row's message for a field is kept (one per line), not only the first. */
  combineBulkSources?: boolean;
  /** For the generic failure message of spec §8 ('Failed to {verb} {item} ({status})'). */
  context?: MessageContext;
}

/**
 * Spec §5 "Server field errors": the field an error's `source` path names. The whole path or
 * its first segment when they are fields of the form (`tags.0` is the field `tags`), else, for
 * bulk data (`data.3.email`), the third segment. Undefined means the general list.
 */
export function fieldOfSource(source: string, keys: ReadonlySet<string>): string | undefined {
  if (source === 'id') return undefined;
  const segments = source.split('.');
  const candidates = [source, segments[0], segments.length >= 3 ? segments[2] : undefined];
  return candidates.find(
    (candidate): candidate is string => candidate !== undefined && candidate !== 'id' && keys.has(candidate),
  );
}

/**
 * Spec §5: a file-upload error has a slash-separated source `{file}/{line}/{column}`; it is shown
 * as the message with the file name, line and column.
 */
export function fileLocationMessage(message: string, source: string): string {
  const parts = source.split('/');
  const column = parts.pop() ?? '';
  const line = parts.pop() ?? '';
  return i18next.t('forms.errors.fileLocation', { message, file: parts.join('/'), line, column });
}

/** The error items of an answer: its `errors` list, an `errors` object, or a single sourced error. */
function itemsOf(body: unknown): ErrorItemLike[] | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const { errors, source, message } = body as { errors?: unknown; source?: unknown; message?: unknown };
  if (Array.isArray(errors)) return errors.filter((item): item is ErrorItemLike => !!item);
  // Spec §8 "No errors array": an errors object (field → message or messages) is shown…
  if (errors && typeof errors === 'object') {
    return Object.entries(errors).flatMap(([key, value]) =>
      (Array.isArray(value) ? value : [value]).map((text) => ({ source: key, message: String(text) })),
    );
  }
  // …and a single source error goes to that field.
  if (typeof source === 'string' && typeof message === 'string') return [{ source, message }];
  return undefined;
}

/**
 * The console's own wording of an error code the API answers with a fixed English message
 * (UNCHANGED: 'Please input different value to save changes.'), so it reads in the user's language.
 */
function codeMessage(code: string | undefined): string | undefined {
  if (!code || !/^[A-Z_]+$/.test(code)) return undefined;
  const key = `forms.errors.codes.${code}`;
  return i18next.exists(key) ? i18next.t(key as 'forms.errors.codes.UNCHANGED') : undefined;
}

/**
 * Spec §5 "Server field errors" and §8 "Form and MFA errors": sorts the errors of a failed
 * submit onto the given (shown) fields. UNAUTHORIZED items are skipped; `id` and unknown fields
 * go to the general list; a password error also blanks `{key}_confirmation`; an MFA step whose
 * method is unknown shows the first error message or 'Failed to connect to server'. Without any
 * usable item, the generic message of spec §8 goes to the general list.
 */
export function mapServerErrors(
  error: unknown,
  fields: readonly FieldSchema[],
  options: ServerErrorOptions = {},
): ServerErrors {
  const result: ServerErrors = { fields: {}, general: [], blank: [] };
  const keys = new Set(fields.filter((field) => field.component !== 'BaseAlert').map((field) => field.key));
  const byKey = new Map(fields.map((field) => [field.key, field]));
  const fileField = fields.find((field) => field.type === 'file' && !field.component);
  const body = axios.isAxiosError(error) ? error.response?.data : undefined;
  const items = (itemsOf(body) ?? []).filter((item) => item.code !== 'UNAUTHORIZED');

  const addGeneral = (message: string) => {
    if (!result.general.includes(message)) result.general.push(message);
  };
  const addField = (key: string, message: string) => {
    const previous = result.fields[key];
    if (previous === undefined) result.fields[key] = message;
    else if (options.combineBulkSources && !previous.split('\n').includes(message)) {
      result.fields[key] = `${previous}\n${message}`;
    }
    const confirmation = `${key}_confirmation`;
    if (
      byKey.get(key)?.type === 'password' &&
      keys.has(confirmation) &&
      !result.blank.includes(confirmation)
    ) {
      result.blank.push(confirmation);
    }
  };

  for (const item of items) {
    if (item.code === 'MFA_REQUIRED') {
      addGeneral(item.message || i18next.t('forms.errors.mfaUnavailable'));
      continue;
    }
    const message = codeMessage(item.code) ?? (item.message || messageOf(error, options.context));
    const source = item.source ?? '';
    if (source.includes('/')) {
      const located = fileLocationMessage(message, source);
      if (fileField) addField(fileField.key, located);
      else addGeneral(located);
      continue;
    }
    const key = source ? fieldOfSource(source, keys) : undefined;
    if (key) addField(key, message);
    else addGeneral(message);
  }
  if (Object.keys(result.fields).length === 0 && result.general.length === 0) {
    addGeneral(messageOf(error, options.context));
  }
  return result;
}
