/**
 * Spec §7 "Generic submit": an upload is `multipart/form-data` with the payload serialised to
 * form data, arrays indexed and empty arrays allowed. The API reads it back with
 * `api/src/http/form-fields.ts`; the two must agree:
 *
 * - a nested object is `key[sub]`, an array item `key[0]`, `key[1]`…;
 * - an empty array is `key[]` with an empty value;
 * - a file or blob is sent as a file part;
 * - `true`/`false` and numbers are sent as text, a date as its ISO text, `null` as an empty
 *   value; `undefined` is left out.
 */
export function toFormData(payload: Readonly<Record<string, unknown>>, form = new FormData()): FormData {
  for (const [key, value] of Object.entries(payload)) append(form, key, value);
  return form;
}

function append(form: FormData, name: string, value: unknown): void {
  if (value === undefined) return;
  if (value === null) {
    form.append(name, '');
  } else if (value instanceof Blob) {
    form.append(name, value);
  } else if (value instanceof Date) {
    form.append(name, value.toISOString());
  } else if (Array.isArray(value)) {
    if (value.length === 0) form.append(`${name}[]`, '');
    value.forEach((item, index) => {
      append(form, `${name}[${index}]`, item);
    });
  } else if (typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) append(form, `${name}[${key}]`, item);
  } else {
    form.append(name, String(value));
  }
}

/** Whether the payload holds a file anywhere, so that it must go as multipart. */
export function containsFile(value: unknown): boolean {
  if (value instanceof Blob) return true;
  if (Array.isArray(value)) return value.some(containsFile);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.values(value).some(containsFile);
  }
  return false;
}
