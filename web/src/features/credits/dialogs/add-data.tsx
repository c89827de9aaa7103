import { gbForCredits } from '@fleetport/contracts/credits';
import { ADD_DATA_CREDITS_MAX } from '@fleetport/contracts/limits';
import i18next from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldSchema } from '../../../shared/forms/field-schema.ts';
import { SchemaForm } from '../../../shared/forms/SchemaForm.tsx';
import type { UserStorage } from '../../../shared/lib/user-storage.ts';
import { useModalControls } from '../../../shared/modals/controls.ts';
import { confirmModal } from '../../../shared/modals/prompts.ts';
import { registerModal } from '../../../shared/modals/registry.ts';
import { toast } from '../../../shared/toasts/toasts.tsx';
import { buyData, dataPurchase } from '../api/buy-data.ts';
import { openCreditDialog } from './credit-fields.ts';

const ADD_DATA = 'add-data';

/** The user-storage key of the accepted data agreement (spec §2 'Data agreement'). */
const DATA_AGREEMENT_KEY = 'data_agreement_accepted';

/** Spec §2 'Data agreement': accepted once per user (kept in user storage). */
async function dataAgreementAccepted(storage: UserStorage | undefined): Promise<boolean> {
  if (storage?.get(DATA_AGREEMENT_KEY) === true) return true;
  const result = await confirmModal({
    id: 'data-agreement',
    title: i18next.t('admin.credits.agreement.title'),
    prompt: i18next.t('admin.credits.agreement.body'),
    confirmLabel: i18next.t('admin.credits.agreement.accept'),
    minimizeDisable: true,
  });
  if (!result) return false;
  await storage?.set(DATA_AGREEMENT_KEY, true).catch(() => undefined);
  return true;
}

/**
 * Spec §2 'Add data', §5: credits ≥ 1, at most 14 digits; before anything is sent, the data
 * agreement (once) and 'Are you sure you want to spend N credit(s) to get 2N GB of data?'.
 */
function AddDataBody({ companyId, storage }: { companyId: number; storage?: UserStorage }) {
  const { t } = useTranslation();
  const { close } = useModalControls();
  const fields = useMemo<FieldSchema[]>(
    () => [
      {
        key: 'credits',
        label: t('admin.credits.fields.credits'),
        type: 'number',
        required: true,
        min: 1,
        max: ADD_DATA_CREDITS_MAX,
        step: 1,
        hint: t('admin.credits.dataHint'),
      },
    ],
    [t],
  );
  return (
    <SchemaForm
      fields={fields}
      contract={buyData.contract}
      submitLabel={t('admin.credits.addData')}
      onCancel={close}
      submit={{
        url: buyData.url,
        schema: { id: ADD_DATA, defaults: { company_id: companyId } },
        confirm: async (payload) => {
          if (!(await dataAgreementAccepted(storage))) return false;
          const credits = Number(payload.credits);
          const answer = await confirmModal({
            id: 'add-data-confirm',
            title: i18next.t('admin.credits.addData'),
            prompt: i18next.t('admin.credits.spendConfirm', { count: credits, gb: gbForCredits(credits) }),
            minimizeDisable: true,
          });
          return answer !== undefined;
        },
        hideMsg: true,
        onSuccess: (response) => {
          const data = dataPurchase(response);
          if (data)
            toast(t('admin.credits.dataAdded', { gb: data.gb, remaining: data.remaining_gb }), {
              type: 'success',
            });
        },
        reload: buyData.reload,
        onClose: close,
      }}
    />
  );
}

registerModal(ADD_DATA, AddDataBody);

export const openAddData = (companyId: number, companyName: string, storage: UserStorage | undefined) =>
  openCreditDialog(ADD_DATA, i18next.t('admin.credits.addData'), { companyId, storage }, companyName);
