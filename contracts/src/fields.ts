import { z } from 'zod';

/**
 * The two field schemas every request is built from (bad input never answers 5xx),
 * for the console and the API alike:
 *
 * - {@link integerSchema} (and {@link idSchema}, a row id): a whole number within what its
 *   database column holds, so `?company_id=2147483648` is a 422 naming the field, never an
 *   integer overflow in the database;
 * - {@link textSchema}: text without control characters (U+0000 is refused by PostgreSQL's
 *   `text`; the others have no place in a name or a search) or lone UTF-16 surrogates, which no
 *   UTF-8 column can hold. Multi-line text (notes, descriptions) keeps tab, line feed and
 *   carriage return.
 *
 * Each message names its field by path (`company_id`, `devices.3.id`), and each issue keeps zod's
 * code (`too_big`, `custom`, …) so the console words the rule in its own language.
 */

/** The largest PostgreSQL `integer` (int4): every `serial` id and `integer` column. */
export const INT4_MAX = 2_147_483_647;
/** The largest integer a JavaScript number holds exactly: the bound used for `bigint` columns. */
export const BIGINT_MAX = Number.MAX_SAFE_INTEGER;

/** The field an issue is about, as its path: `company_id`, `devices.3.id`, or 'This value'. */
export function fieldName(path: readonly PropertyKey[] | undefined): string {
  return path && path.length > 0 ? path.map(String).join('.') : 'This value';
}

/**
 * A whole number from `min` to `max`, read from a number or from the text of one (query
 * strings, form values). Anything else (text, a fraction, 1e309, a number out of range) is
 * refused with `<field> must be a whole number from <min> to <max>.`
 */
export function integerSchema(options: { min: number; max: number }) {
  const { min, max } = options;
  const error = (issue: { path?: PropertyKey[] }) =>
    `${fieldName(issue.path)} must be a whole number from ${min} to ${max}.`;
  // One issue per field: each check stops the others once it fails.
  return z.coerce
    .number({ error })
    .int({ error, abort: true })
    .min(min, { error, abort: true })
    .max(max, { error, abort: true });
}

/**
 * An ISO 8601 time in a query (`before=`): `2026-01-01T00:00:00.123456789+14:00` has 35
 * characters; the format alone allows any number of fractional digits.
 */
export const ISO_TIME_MAX_LENGTH = 40;

/** A row id: 1 to 2147483647, the range of a `serial` column. */
export const idSchema = integerSchema({ min: 1, max: INT4_MAX });
/** A row id of a `bigserial` column (notifications, audit entries, histories). */
export const bigIdSchema = integerSchema({ min: 1, max: BIGINT_MAX });

/** Whether `text` has a C0 control character or DEL; multi-line text may have tab, LF and CR. */
export function hasControlCharacter(text: string, multiline = false): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 0x7f || (code < 0x20 && !(multiline && (code === 0x09 || code === 0x0a || code === 0x0d))))
      return true;
  }
  return false;
}

/** Whether `text` has a lone UTF-16 surrogate (not valid Unicode: it has no UTF-8 form). */
export function hasLoneSurrogate(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) index += 1;
      else return true;
    } else if (code >= 0xdc00 && code <= 0xdfff) return true;
  }
  return false;
}

const controlMessage = (issue: { path?: PropertyKey[] }) =>
  `${fieldName(issue.path)} must not contain control characters.`;
const unicodeMessage = (issue: { path?: PropertyKey[] }) =>
  `${fieldName(issue.path)} must be valid Unicode text.`;

/**
 * The rules of {@link textSchema}, named in their issues' `params.rule`, so the console words each
 * in the user's language (the message stays the API's English).
 */
export const TEXT_RULES = { control: 'control_characters', unicode: 'unicode' } as const;

export interface TextOptions {
  /** Keeps tab, line feed and carriage return (notes, descriptions). */
  multiline?: boolean;
  /** Trims surrounding white space first (the default); off for secrets and opaque tokens. */
  trim?: boolean;
}

/**
 * Text a person typed: trimmed (unless `trim: false`), without control characters (tab, line
 * feed and carriage return allowed when `multiline`) and valid Unicode. Chain the field's own
 * rules: `textSchema().min(1, 'is required').max(100, 'must be at most 100 characters')`.
 */
export function textSchema(options: TextOptions = {}) {
  const base = options.trim === false ? z.string() : z.string().trim();
  return base
    .refine((text) => !hasControlCharacter(text, options.multiline === true), {
      error: controlMessage,
      abort: true,
      params: { rule: TEXT_RULES.control },
    })
    .refine((text) => !hasLoneSurrogate(text), {
      error: unicodeMessage,
      abort: true,
      params: { rule: TEXT_RULES.unicode },
    });
}

/**
 * Whether every string of a JSON value (keys too) can be stored: no U+0000 (PostgreSQL's `jsonb`
 * refuses `\u0000`) and no lone surrogate. For fields that take any JSON value.
 */
export function isStorableJson(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return !value.includes('\u0000') && !hasLoneSurrogate(value);
  if (depth > 64 || value === null || typeof value !== 'object') return depth <= 64;
  if (Array.isArray(value)) return value.every((item) => isStorableJson(item, depth + 1));
  return Object.entries(value).every(
    ([key, item]) => isStorableJson(key, depth + 1) && isStorableJson(item, depth + 1),
  );
}

/** The message of a JSON value that {@link isStorableJson} refuses. */
export const unstorableJsonMessage = (issue: { path?: PropertyKey[] }) =>
  `${fieldName(issue.path)} must not contain NUL characters or invalid Unicode.`;
