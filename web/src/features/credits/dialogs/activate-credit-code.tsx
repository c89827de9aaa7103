import i18next from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldSchema } from '../../../shared/forms/field-schema.ts';
import { SchemaForm } from '../../../shared/forms/SchemaForm.tsx';
import { useModalControls } from '../../../shared/modals/controls.ts';
import { registerModal } from '../../../shared/modals/registry.ts';
import { toast } from '../../../shared/toasts/toasts.tsx';
import { activateCreditCode, codeActivation } from '../api/activate-credit-code.ts';
import { openCreditDialog } from './credit-fields.ts';

const ACTIVATE_CREDIT_CODE = 'activate-credit-code';

/** Spec §2 'Activate credit code': its credits join the user's company. */
function ActivateCodeBody() {
  const { t } = useTranslation();
  const { close } = useModalControls();
  const fields = useMemo<FieldSchema[]>(
    // Its maxlength is the contract's (CREDIT_CODE_MAX_LENGTH).
    () => [{ key: 'code', label: t('admin.credits.fields.code'), required: true }],
    [t],
  );
  return (
    <SchemaForm
      fields={fields}
      contract={activateCreditCode.contract}
      submitLabel={t('admin.credits.activate')}
      onCancel={close}
      submit={{
        url: activateCreditCode.url,
        hideMsg: true,
        schema: { id: ACTIVATE_CREDIT_CODE },
        onSuccess: (response) => {
          const data = codeActivation(response);
          if (data)
            toast(t('admin.credits.activated', { amount: data.amount, type: data.credit_type_name }), {
              type: 'success',
            });
        },
        reload: activateCreditCode.reload,
        onClose: close,
      }}
    />
  );
}

registerModal(ACTIVATE_CREDIT_CODE, ActivateCodeBody);

export const openActivateCode = () =>
  openCreditDialog(ACTIVATE_CREDIT_CODE, i18next.t('admin.credits.activate'));
