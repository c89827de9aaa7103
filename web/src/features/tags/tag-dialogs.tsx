import { editTagSchema, type Tag } from '@fleetport/contracts/tags';
import type { QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { SchemaForm } from '../../shared/forms/SchemaForm.tsx';
import { confirmAction } from '../../shared/modals/confirm-action.ts';
import { useModalControls } from '../../shared/modals/controls.ts';
import { registerModal } from '../../shared/modals/registry.ts';
import { openModal } from '../../shared/modals/store.ts';
import { openNewTag as openNewTagForm, tagFields } from '../../shared/tags/new-tag-dialog.tsx';
import { deleteTag } from './api/delete-tag.ts';
import { TAGS_KEY } from './api/list-tags.ts';

const EDIT_TAG = 'edit-tag';

function EditTagBody({ tag }: { tag: Tag }) {
  const { t } = useTranslation();
  const { close } = useModalControls();
  const fields = useMemo(() => tagFields(t), [t]);
  return (
    <SchemaForm
      fields={fields}
      contract={editTagSchema}
      submitLabel={t('admin.companies.save')}
      onCancel={close}
      submit={{
        url: `/tags/${tag.id}`,
        method: 'put',
        item: t('admin.tags.item'),
        schema: {
          id: EDIT_TAG,
          defaults: { name: tag.name, description: tag.description ?? '', color: tag.color ?? '' },
          tableRef: TAGS_KEY,
        },
        onClose: close,
      }}
    />
  );
}

registerModal(EDIT_TAG, EditTagBody);

/** New tag (its form is shared: the devices' 'Add tags' makes tags too); the tags table reloads. */
export function openNewTag(companyId?: number): void {
  void openNewTagForm({ companyId, reload: [TAGS_KEY] });
}

export function openEditTag(tag: Tag): void {
  openModal({
    id: EDIT_TAG,
    title: i18next.t('admin.tags.edit'),
    subtitle: tag.name,
    component: EDIT_TAG,
    props: { tag },
  });
}

export function confirmDeleteTag(tag: Tag, queryClient: QueryClient): Promise<boolean> {
  return confirmAction({
    id: 'delete-tag',
    title: i18next.t('admin.tags.delete'),
    subtitle: tag.name,
    prompt: i18next.t('admin.tags.deleteConfirm', { name: tag.name }),
    confirmLabel: i18next.t('admin.tags.delete'),
    action: () => deleteTag(tag.id),
    doneMessage: i18next.t('admin.tags.deleted', { name: tag.name }),
    queryClient,
    reload: [TAGS_KEY],
  });
}
