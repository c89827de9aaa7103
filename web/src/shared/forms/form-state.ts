import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import type { FieldErrors, Resolver, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { contractErrors } from './contract.ts';
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
 * With a `contract` (the API's own schema from `contracts/`), values that pass the fields'
 * rules are checked against it too, so the console refuses what the API would refuse.
 */
export function shownFieldsResolver(
  fields: readonly FieldSchema[],
  holds: (permission: string | undefined) => boolean,
  contract?: z.ZodType,
): Resolver<FormValues, unknown, FormValues> {
  return async (values, context, options) => {
    const shown = visibleFieldKeys(fields, values, holds);
    const schema = buildFormSchema(fields.filter((field) => shown.has(field.key)));
    const result = await zodResolver(schema)(values, context, options);
    if (!contract || Object.keys(result.errors).length > 0) return result;
    const errors = contractErrors(contract, result.values);
    if (errors.length === 0) return result;
    const fieldErrors: FieldErrors<FormValues> = {};
    for (const error of errors) fieldErrors[error.field] = { type: 'contract', message: error.message };
    return { values: {}, errors: fieldErrors };
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
