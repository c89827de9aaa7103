import {
  editTagSchema,
  newTagSchema,
  TAG_DESCRIPTION_MAX_LENGTH,
  TAG_NAME_MAX_LENGTH,
  type Tag,
} from '@fleetport/contracts/tags';
import type { QueryClient } from '@tanstack/react-query';
import i18next, { type TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldSchema } from '../../shared/forms/field-schema.ts';
import { SchemaForm } from '../../shared/forms/SchemaForm.tsx';
import { confirmAction } from '../../shared/modals/confirm-action.ts';
import { useModalControls } from '../../shared/modals/controls.ts';
import { registerModal } from '../../shared/modals/registry.ts';
import { openModal } from '../../shared/modals/store.ts';
import { deleteTag } from './api/delete-tag.ts';
import { TAGS_KEY, TAGS_URL } from './api/list-tags.ts';

const NEW_TAG = 'new-tag';
const EDIT_TAG = 'edit-tag';

function tagFields(t: TFunction): FieldSchema[] {
  return [
    { key: 'name', label: t('admin.tags.fields.name'), required: true, maxlength: TAG_NAME_MAX_LENGTH },
    {
      key: 'description',
      label: t('admin.tags.fields.description'),
      type: 'textarea',
      maxlength: TAG_DESCRIPTION_MAX_LENGTH,
    },
    {
      key: 'color',
      label: t('admin.tags.fields.color'),
      type: 'color',
      placeholder: '#1a73e8',
      hint: t('admin.tags.fields.colorHint'),
      maxlength: 7,
    },
  ];
}

/** Spec §2 'New tag', §5: company and name required, description optional; a colour. */
function NewTagBody({ companyId }: { companyId?: number }) {
  const { t } = useTranslation();
  const { close } = useModalControls();
  const fields = useMemo<FieldSchema[]>(
    () => [
      {
        key: 'company_id',
        label: t('admin.tags.fields.company'),
        component: 'ItemSelect',
        required: true,
        options: { url: '/companies', fields: ['id', 'name'], params: { sort: 'name' } },
      },
      ...tagFields(t),
    ],
    [t],
  );
  return (
    <SchemaForm
      fields={fields}
      contract={newTagSchema}
      submitLabel={t('admin.tags.new')}
      onCancel={close}
      submit={{
        url: TAGS_URL,
        item: t('admin.tags.item'),
        schema: { id: NEW_TAG, defaults: companyId ? { company_id: companyId } : {}, tableRef: TAGS_KEY },
        onClose: close,
      }}
    />
  );
}

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

registerModal(NEW_TAG, NewTagBody);
registerModal(EDIT_TAG, EditTagBody);

export function openNewTag(companyId?: number): void {
  openModal({
    id: NEW_TAG,
    title: i18next.t('admin.tags.new'),
    component: NEW_TAG,
    props: companyId ? { companyId } : {},
  });
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
