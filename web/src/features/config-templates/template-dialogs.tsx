import type { ConfigTemplate, templateAssignedSchema } from '@fleetport/contracts/config-templates';
import type { QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { FieldSchema, FormValues } from '../../shared/forms/field-schema.ts';
import { SchemaForm } from '../../shared/forms/SchemaForm.tsx';
import { confirmAction } from '../../shared/modals/confirm-action.ts';
import { useModalControls } from '../../shared/modals/controls.ts';
import { registerModal } from '../../shared/modals/registry.ts';
import { openModal } from '../../shared/modals/store.ts';
import { toast } from '../../shared/toasts/toasts.tsx';
import { assignTemplateUrl } from './api/assign-config-template.ts';
import { deleteConfigTemplate } from './api/delete-config-template.ts';
import { CONFIG_TEMPLATES_KEY } from './api/list-config-templates.ts';
import { TemplateEditor } from './TemplateEditor.tsx';

const TEMPLATE_EDITOR = 'config-template-editor';
const ASSIGN_TO_TAG = 'config-template-assign-tag';

registerModal(TEMPLATE_EDITOR, TemplateEditor);

/** New template, or Edit template for one the user may change. */
export function openTemplateEditor(template?: ConfigTemplate): void {
  openModal({
    id: TEMPLATE_EDITOR,
    title: i18next.t(template ? 'device.templates.edit' : 'device.templates.new'),
    ...(template ? { subtitle: template.name } : {}),
    component: TEMPLATE_EDITOR,
    props: template ? { template } : {},
    // Several sections with their options are a long form: it may take the whole window.
    fullScreenControl: true,
  });
}

/** Delete template, after a question; a refusal (409: a template from above) stays in the dialog. */
export function confirmDeleteTemplate(template: ConfigTemplate, queryClient: QueryClient): Promise<boolean> {
  return confirmAction({
    id: 'delete-config-template',
    title: i18next.t('device.templates.delete'),
    subtitle: template.name,
    prompt: i18next.t('device.templates.deletePrompt', { name: template.name, count: template.devices }),
    confirmLabel: i18next.t('device.templates.delete'),
    action: () => deleteConfigTemplate(template.id),
    doneMessage: i18next.t('device.templates.deleted', { name: template.name }),
    queryClient,
    reload: [CONFIG_TEMPLATES_KEY],
  });
}

const requestOf = (values: FormValues) => ({
  tag_id: values.tag_id === '' || values.tag_id === undefined ? undefined : Number(values.tag_id),
});

/**
 * Assign to a tag: the devices the tag has now follow the template (a device tagged later does
 * not); the tag is chosen with the form engine's picker of tags, as the devices' 'Add tags'
 * does (a required choice). A tag without devices, or with one of another model family, is
 * refused by the API at the field (`tag_id`).
 */
function AssignToTagBody({ template }: { template: ConfigTemplate }) {
  const { t } = useTranslation();
  const { close } = useModalControls();
  const fields = useMemo<FieldSchema[]>(
    () => [
      {
        key: 'tag_id',
        label: t('device.templates.assign.tag'),
        component: 'ItemSelect',
        required: true,
        options: { url: '/tags', fields: ['id', 'name'], params: { sort: 'name' } },
        hint: t('device.templates.assign.tagHint'),
      },
    ],
    [t],
  );
  return (
    <SchemaForm
      fields={fields}
      submitLabel={t('device.templates.assign.submit')}
      onCancel={close}
      submit={{
        url: assignTemplateUrl(template.id),
        data: requestOf,
        hideMsg: true,
        schema: { id: ASSIGN_TO_TAG, tableRef: CONFIG_TEMPLATES_KEY },
        onSuccess: (response) => {
          const result = (response as { data?: z.infer<typeof templateAssignedSchema> } | undefined)?.data;
          if (result)
            toast(t('device.templates.assign.done', { count: result.assigned, name: template.name }), {
              type: 'success',
            });
        },
        onClose: close,
      }}
    />
  );
}

registerModal(ASSIGN_TO_TAG, AssignToTagBody);

export function openAssignToTag(template: ConfigTemplate): void {
  openModal({
    id: ASSIGN_TO_TAG,
    title: i18next.t('device.templates.assign.title'),
    subtitle: template.name,
    component: ASSIGN_TO_TAG,
    props: { template },
  });
}
