import i18next from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldSchema } from '../../../shared/forms/field-schema.ts';
import { SchemaForm } from '../../../shared/forms/SchemaForm.tsx';
import { useModalControls } from '../../../shared/modals/controls.ts';
import { registerModal } from '../../../shared/modals/registry.ts';
import { createPool } from '../api/create-pool.ts';
import { amountField, companyPicker, openCreditDialog, PAID_ONLY } from './credit-fields.ts';

const NEW_POOL = 'new-pool';

/** Spec §2 'New pool', §5: count ≥ 1; price (≥ 0, step 0.01) and pro-forma number for paid types. */
function NewPoolBody({ companyId }: { companyId?: number }) {
  const { t } = useTranslation();
  const { close } = useModalControls();
  const fields = useMemo<FieldSchema[]>(
    () => [
      {
        key: 'credit_type_id',
        label: t('admin.credits.fields.type'),
        component: 'ItemSelect',
        required: true,
        options: { url: '/credits/types', fields: ['id', 'name'] },
      },
      companyPicker('company_id', t('admin.credits.fields.company')),
      amountField(t, 'credit_count'),
      {
        key: 'credit_price',
        label: t('admin.credits.fields.price'),
        type: 'number',
        required: true,
        min: 0,
        step: 0.01,
        depends: PAID_ONLY,
      },
      {
        key: 'pro_form_nr',
        label: t('admin.credits.fields.proForma'),
        required: true,
        depends: PAID_ONLY,
      },
    ],
    [t],
  );
  return (
    <SchemaForm
      fields={fields}
      contract={createPool.contract}
      submitLabel={t('admin.credits.newPool')}
      onCancel={close}
      submit={{
        url: createPool.url,
        successMsg: t('admin.credits.poolCreated'),
        schema: { id: NEW_POOL, defaults: companyId ? { company_id: companyId } : {} },
        reload: createPool.reload,
        onClose: close,
      }}
    />
  );
}

registerModal(NEW_POOL, NewPoolBody);

export const openNewPool = (companyId?: number) =>
  openCreditDialog(NEW_POOL, i18next.t('admin.credits.newPool'), { companyId });
