import type { CreditCode } from '@fleetport/contracts/credits';
import { CREDIT_CODE_COMMENT_MAX } from '@fleetport/contracts/limits';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import i18next from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldSchema } from '../../../shared/forms/field-schema.ts';
import { SchemaForm } from '../../../shared/forms/SchemaForm.tsx';
import { useModalControls } from '../../../shared/modals/controls.ts';
import { registerModal } from '../../../shared/modals/registry.ts';
import { openModal } from '../../../shared/modals/store.ts';
import { toast } from '../../../shared/toasts/toasts.tsx';
import { createCreditCode, createdCreditCode } from '../api/create-credit-code.ts';
import { amountField, companyPicker, openCreditDialog, typeByName } from './credit-fields.ts';

const NEW_CREDIT_CODE = 'new-credit-code';
const CREDIT_CODE_SHOWN = 'credit-code-shown';

/** Spec §2 'New credit code', §5: type, amount (≤ 12 digits), comment ≤ 200; 'From company' for super admins. */
function NewCreditCodeBody({ companyId }: { companyId?: number }) {
  const { t } = useTranslation();
  const { close } = useModalControls();
  const fields = useMemo<FieldSchema[]>(
    () => [
      typeByName(t),
      { ...companyPicker('company_id', t('admin.credits.fields.fromCompany')), permission: 'super_admin' },
      { ...amountField(t), max: 999_999_999_999 },
      {
        key: 'comment',
        label: t('admin.credits.fields.comment'),
        type: 'textarea',
        maxlength: CREDIT_CODE_COMMENT_MAX,
      },
    ],
    [t],
  );
  return (
    <SchemaForm
      fields={fields}
      contract={createCreditCode.contract}
      submitLabel={t('admin.credits.newCode')}
      onCancel={close}
      submit={{
        url: createCreditCode.url,
        hideMsg: true,
        schema: { id: NEW_CREDIT_CODE, defaults: companyId ? { company_id: companyId } : {} },
        onSuccess: (response) => {
          const code = createdCreditCode(response);
          if (code) showCode(code);
        },
        reload: createCreditCode.reload,
        onClose: close,
      }}
    />
  );
}

/** The new code, once: to copy and hand over. */
function CreditCodeShownBody({ code }: { code: CreditCode }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1}>
      <Typography>
        {t('admin.credits.codeCreated', { amount: code.amount, type: code.credit_type_name })}
      </Typography>
      <Typography
        variant="h6"
        component="p"
        sx={{ fontFamily: 'monospace', userSelect: 'all', letterSpacing: 1 }}
        data-testid="credit-code"
      >
        {code.code}
      </Typography>
    </Stack>
  );
}

function showCode(code: CreditCode): void {
  openModal({
    id: CREDIT_CODE_SHOWN,
    title: i18next.t('admin.credits.newCode'),
    component: CREDIT_CODE_SHOWN,
    props: { code },
    confirmLabel: i18next.t('admin.credits.copyCode'),
    confirm: async () => {
      await navigator.clipboard?.writeText(code.code).catch(() => undefined);
      toast(i18next.t('admin.credits.copied'), { type: 'success' });
    },
    cancelLabel: i18next.t('common.close'),
    minimizeDisable: true,
  });
}

registerModal(NEW_CREDIT_CODE, NewCreditCodeBody);
registerModal(CREDIT_CODE_SHOWN, CreditCodeShownBody);

export const openNewCreditCode = (companyId?: number) =>
  openCreditDialog(NEW_CREDIT_CODE, i18next.t('admin.credits.newCode'), { companyId });
