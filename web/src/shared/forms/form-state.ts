import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import type { Resolver, UseFormReturn } from 'react-hook-form';
import { emptyValueOf, type FieldSchema, type FormValues, holdsValue } from './field-schema.ts';
import { visibleFieldKeys } from './visibility.ts';
import { buildFormSchema } from './zod-schema.ts';

/** The form's first values: the defaults of spec §3 `schema.defaults`, else each field's empty value. */
export function initialValues(fields: readonly FieldSchema[], defaults: FormValues = {}): FormValues {
  return Object.fromEntries(
    fields.filter(holdsValue).map((field) => [field.key, defaults[field.key] ?? emptyValueOf(field)]),
  );
}

/**
 * The react-hook-form resolver: the zod schema of the fields shown for the values being
 * checked, so a hidden field is neither checked nor sent (zod drops keys it does not know).
 */
export function shownFieldsResolver(
  fields: readonly FieldSchema[],
  holds: (permission: string | undefined) => boolean,
): Resolver<FormValues, unknown, FormValues> {
  return (values, context, options) => {
    const shown = visibleFieldKeys(fields, values, holds);
    const schema = buildFormSchema(fields.filter((field) => shown.has(field.key)));
    return zodResolver(schema)(values, context, options);
  };
}

/**
 * Spec §4 "Form fields": a field's value is cleared when it goes from shown to hidden (and its
 * error with it). Runs after every render; it acts only on a change of visibility.
 */
export function useClearWhenHidden(
  fields: readonly FieldSchema[],
  shown: ReadonlySet<string>,
  form: Pick<UseFormReturn<FormValues, unknown, FormValues>, 'setValue' | 'clearErrors'>,
): void {
  const previous = useRef(shown);
  useEffect(() => {
    for (const field of fields) {
      if (holdsValue(field) && previous.current.has(field.key) && !shown.has(field.key)) {
        form.setValue(field.key, emptyValueOf(field));
        form.clearErrors(field.key);
      }
    }
    previous.current = shown;
  });
}
