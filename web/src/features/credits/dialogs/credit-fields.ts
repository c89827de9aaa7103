import { PAID_CREDIT_TYPE_IDS } from '@fleetport/contracts/credits';
import type { TFunction } from 'i18next';
import type { FieldSchema } from '../../../shared/forms/field-schema.ts';
import { openModal } from '../../../shared/modals/store.ts';
import { creditTypeName } from '../credit-type-name.ts';

/** The fields and modal habits the credit dialogs share. */

export const companyPicker = (key: string, label: string): FieldSchema => ({
  key,
  label,
  component: 'ItemSelect',
  required: true,
  options: { url: '/companies', fields: ['id', 'name'], params: { sort: 'name' } },
});

/** The credit types the user sees (spec §6), chosen by name as the calls of spec §7 send them. */
export const typeByName = (t: TFunction): FieldSchema => ({
  key: 'credit_type_name',
  label: t('admin.credits.fields.type'),
  component: 'ItemSelect',
  required: true,
  options: {
    url: '/credits/types',
    fields: ['id', 'name'],
    toOption: (item) => ({ value: String(item.name), label: creditTypeName(t, String(item.name)) }),
  },
});

export const amountField = (t: TFunction, key = 'amount'): FieldSchema => ({
  key,
  label: t('admin.credits.fields.amount'),
  type: 'number',
  required: true,
  min: 1,
  step: 1,
});

/** Spec §5: price and pro-forma number only for the paid types. */
export const PAID_ONLY = [{ key: 'credit_type_id', values: PAID_CREDIT_TYPE_IDS }];

/** Opens a credit dialog: its modal id is its body's registered name. */
export const openCreditDialog = (
  id: string,
  title: string,
  props: Record<string, unknown> = {},
  subtitle?: string,
) => openModal({ id, title, component: id, props, ...(subtitle ? { subtitle } : {}) });
