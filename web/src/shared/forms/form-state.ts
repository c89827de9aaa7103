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

/** The `schema.defaults` that are no field of the form (an id): sent as they are. */
export function extraValues(fields: readonly FieldSchema[], defaults: FormValues = {}): FormValues {
  const keys = new Set(fields.map((field) => field.key));
  return Object.fromEntries(Object.entries(defaults).filter(([key]) => !keys.has(key)));
}

/**
 * The values as the fields' own rules make them (numbers converted, text as text), field by
 * field: a field its rules refuse keeps what was typed, so the contract still checks the others.
 */
function convertedValues(schema: z.ZodObject, values: FormValues): FormValues {
  return Object.fromEntries(
    Object.entries(schema.shape).map(([key, field]) => {
      const parsed = (field as z.ZodType).safeParse(values[key]);
      return [key, parsed.success ? parsed.data : values[key]];
    }),
  );
}

/**
 * The react-hook-form resolver: the zod schema of the fields shown for the values being
 * checked, so a hidden field is neither checked nor sent (zod drops keys it does not know).
 * With a `contract` (the API's own schema from `contracts/`), the values are checked against it
 * too, with the `extra` values sent beside them (`schema.defaults` that are no field, an id), so
 * the console refuses what the API would. Every bad field is marked in one go (issue 30): the
 * fields' own rules and the contract are both checked, a field's own rule speaking first. An
 * issue of a value that has no field shown is the form's own error (`root`), never a silent
 * refusal.
 */
export function shownFieldsResolver(
  fields: readonly FieldSchema[],
  holds: (permission: string | undefined) => boolean,
  contract?: z.ZodType,
  extra: FormValues = {},
): Resolver<FormValues, unknown, FormValues> {
  return async (values, context, options) => {
    const shown = visibleFieldKeys(fields, values, holds);
    const shownFields = fields.filter((field) => shown.has(field.key));
    const schema = buildFormSchema(shownFields);
    const result = await zodResolver(schema)(values, context, options);
    if (!contract) return result;
    const ownErrors = result.errors as FieldErrors<FormValues>;
    const failed = Object.keys(ownErrors).length > 0;
    const checked = failed ? convertedValues(schema, values) : result.values;
    const errors = contractErrors(contract, { ...extra, ...checked }, shownFields);
    if (errors.length === 0) return result;
    const fieldErrors: FieldErrors<FormValues> = { ...ownErrors };
    const unplaced: string[] = [];
    for (const error of errors) {
      const key = error.field.split('.')[0] as string;
      if (!shown.has(key)) unplaced.push(`${error.field}: ${error.message}`);
      else if (!fieldErrors[key]) fieldErrors[key] = { type: 'contract', message: error.message };
    }
    const root = unplaced.length > 0 ? { root: { type: 'contract', message: unplaced.join('\n') } } : {};
    return { values: {}, errors: { ...fieldErrors, ...root } as FieldErrors<FormValues> };
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
