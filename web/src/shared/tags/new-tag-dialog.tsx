import {
  newTagSchema,
  TAG_DESCRIPTION_MAX_LENGTH,
  TAG_NAME_MAX_LENGTH,
  type Tag,
} from '@fleetport/contracts/tags';
import type { QueryKey } from '@tanstack/react-query';
import i18next, { type TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldSchema } from '../forms/field-schema.ts';
import { SchemaForm } from '../forms/SchemaForm.tsx';
import { ensureArea } from '../lib/i18n.ts';
import { useModalControls } from '../modals/controls.ts';
import { registerModal } from '../modals/registry.ts';
import { openModal } from '../modals/store.ts';

/**
 * The New tag form (spec §2 'New tag', §5: company and name required, description optional; a
 * colour). Two features open it: the tags pages, and the devices' bulk 'Add tags', which chooses
 * the tag made (a feature never imports another: web/README.md). Its strings are the tags'
 * own (`admin.tags`), brought here for the devices pages, which do not load that area.
 */
await ensureArea('admin');

const NEW_TAG = 'new-tag';

/** The fields New tag and Edit tag share. */
export function tagFields(t: TFunction): FieldSchema[] {
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

export interface NewTagRequest {
  /** The company chosen at first (the company page's, the selected devices' one). */
  companyId?: number | undefined;
  /** The name typed so far (in the picker it is made from). */
  name?: string | undefined;
  /** The queries to reload once the tag exists (the tags table). */
  reload?: readonly QueryKey[];
}

interface NewTagProps extends NewTagRequest {
  onCreated: (tag: Tag) => void;
}

function NewTagBody({ companyId, name, reload, onCreated }: NewTagProps) {
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
        url: '/tags',
        item: t('admin.tags.item'),
        schema: {
          id: NEW_TAG,
          defaults: { ...(companyId ? { company_id: companyId } : {}), ...(name ? { name } : {}) },
        },
        reload: reload ?? [],
        // The tag first, then the window closes (closing first would read as giving up).
        onSuccess: (response) => {
          const tag = (response as { data?: Tag } | undefined)?.data;
          if (tag) onCreated(tag);
          close();
        },
      }}
    />
  );
}

registerModal(NEW_TAG, NewTagBody);

/**
 * Opens New tag on top of what is open; resolves with the tag made, or undefined when the
 * window goes without one (Cancel, close, Escape, replaced by another New tag).
 */
export function openNewTag(request: NewTagRequest = {}): Promise<Tag | undefined> {
  return new Promise((resolve) => {
    const opened = openModal({
      id: NEW_TAG,
      title: i18next.t('admin.tags.new'),
      component: NEW_TAG,
      props: { ...request, onCreated: resolve },
      onCancel: () => resolve(undefined),
    });
    if (opened === undefined) resolve(undefined);
  });
}
