import i18next from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldSchema } from '../../../shared/forms/field-schema.ts';
import { SchemaForm } from '../../../shared/forms/SchemaForm.tsx';
import { useModalControls } from '../../../shared/modals/controls.ts';
import { registerModal } from '../../../shared/modals/registry.ts';
import { moveCredits } from '../api/move-credits.ts';
import { amountField, companyPicker, openCreditDialog, typeByName } from './credit-fields.ts';

const MOVE_RESOURCES = 'move-resources';

/** Spec §2 'Move resources', §5: amount ≥ 1, never more than the source has. */
function MoveResourcesBody({ companyId }: { companyId?: number }) {
  const { t } = useTranslation();
  const { close } = useModalControls();
  const fields = useMemo<FieldSchema[]>(
    () => [
      typeByName(t),
      companyPicker('source', t('admin.credits.fields.source')),
      companyPicker('target', t('admin.credits.fields.target')),
      amountField(t),
    ],
    [t],
  );
  return (
    <SchemaForm
      fields={fields}
      contract={moveCredits.contract}
      submitLabel={t('admin.credits.move')}
      onCancel={close}
      submit={{
        url: moveCredits.url,
        successMsg: t('admin.credits.moved'),
        schema: { id: MOVE_RESOURCES, defaults: companyId ? { source: companyId } : {} },
        reload: moveCredits.reload,
        onClose: close,
      }}
    />
  );
}

registerModal(MOVE_RESOURCES, MoveResourcesBody);

export const openMoveResources = (companyId?: number) =>
  openCreditDialog(MOVE_RESOURCES, i18next.t('admin.credits.move'), { companyId });
