import { DYNAMIC_INTERVAL_S, STATIC_INTERVAL_S } from '@fleetport/contracts/device-protocol';
import { DEVICE_DESCRIPTION_MAX_LENGTH, DEVICE_NAME_MAX_LENGTH } from '@fleetport/contracts/devices';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import type { FieldSchema, FormValues, ItemSelectField } from '../../../shared/forms/field-schema.ts';

/** The fields the device forms share: a company, tags, name and description, the monitoring periods. */

export const nameField = (label: string): FieldSchema => ({
  key: 'name',
  label,
  maxlength: DEVICE_NAME_MAX_LENGTH,
});

export const descriptionField = (label: string): FieldSchema => ({
  key: 'description',
  label,
  type: 'textarea',
  maxlength: DEVICE_DESCRIPTION_MAX_LENGTH,
});

export const companyField = (label: string): FieldSchema => ({
  key: 'company_id',
  label,
  component: 'ItemSelect',
  required: true,
  options: { url: '/companies', fields: ['id', 'name'], params: { sort: 'name' } },
});

export const tagsField = (label: string): ItemSelectField => ({
  key: 'tag_ids',
  label,
  component: 'ItemSelect',
  multiple: true,
  options: { url: '/tags', fields: ['id', 'name'], params: { sort: 'name' } },
});

/** Spec §2 "Monitoring period": the dynamic and static periods, in minutes (spec §9 ranges). */
export function periodFields(t: TFunction): FieldSchema[] {
  const field = (key: string, label: string, range: { min: number; max: number }): FieldSchema => ({
    key,
    label,
    type: 'number',
    min: range.min / 60,
    max: range.max / 60,
    hint: t('devices.fields.minutesRange', { min: range.min / 60, max: range.max / 60 }),
  });
  return [
    field('dynamic_min', t('devices.fields.dynamicPeriod'), DYNAMIC_INTERVAL_S),
    field('static_min', t('devices.fields.staticPeriod'), STATIC_INTERVAL_S),
  ];
}

/** The fields of the periods and the request keys they are sent as. */
const PERIOD_KEYS = { dynamic_interval_s: 'dynamic_min', static_interval_s: 'static_min' } as const;

/** The periods typed in minutes, as the API takes them (seconds); an empty one is left as it is. */
export function periodValues(values: FormValues): {
  dynamic_interval_s?: number;
  static_interval_s?: number;
} {
  const seconds = (value: unknown) =>
    value === undefined || value === '' ? undefined : Math.round(Number(value) * 60);
  const dynamic = seconds(values.dynamic_min);
  const fixed = seconds(values.static_min);
  return {
    ...(dynamic === undefined ? {} : { dynamic_interval_s: dynamic }),
    ...(fixed === undefined ? {} : { static_interval_s: fixed }),
  };
}

/**
 * A device form's contract: the API's own schema of the request (from `contracts/`, spec §9
 * limits written once), checked on the request the values make (the form's `data`), so the
 * console refuses what the API would. An issue of a period lands on its field (in minutes).
 */
export function requestContract(schema: z.ZodType, requestOf: (values: FormValues) => unknown): z.ZodType {
  const fieldOf = (key: PropertyKey) => PERIOD_KEYS[key as keyof typeof PERIOD_KEYS] ?? key;
  return z.custom<FormValues>().superRefine((values, context) => {
    const result = schema.safeParse(requestOf(values), { reportInput: true });
    if (result.success) return;
    for (const issue of result.error.issues) {
      const [first, ...rest] = issue.path;
      context.addIssue({ ...issue, path: first === undefined ? [] : [fieldOf(first), ...rest] });
    }
  });
}
