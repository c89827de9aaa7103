import { DYNAMIC_INTERVAL_S, STATIC_INTERVAL_S } from '@fleetport/contracts/device-protocol';
import type { TFunction } from 'i18next';
import type { FieldSchema, FormValues } from '../../../shared/forms/field-schema.ts';

/** The fields the device forms share: a company, tags, the monitoring periods. */

export const companyField = (label: string): FieldSchema => ({
  key: 'company_id',
  label,
  component: 'ItemSelect',
  required: true,
  options: { url: '/companies', fields: ['id', 'name'], params: { sort: 'name' } },
});

export const tagsField = (label: string): FieldSchema => ({
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
export const PERIOD_KEYS = { dynamic_interval_s: 'dynamic_min', static_interval_s: 'static_min' } as const;

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
