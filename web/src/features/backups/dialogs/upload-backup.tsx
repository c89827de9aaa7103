import { type CompanyFile, uploadFileSchema } from '@fleetport/contracts/files';
import i18next, { type TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldSchema } from '../../../shared/forms/field-schema.ts';
import { SchemaForm } from '../../../shared/forms/SchemaForm.tsx';
import { useModalControls } from '../../../shared/modals/controls.ts';
import { registerModal } from '../../../shared/modals/registry.ts';
import { openModal } from '../../../shared/modals/store.ts';
import { toast } from '../../../shared/toasts/toasts.tsx';
import { BACKUPS_KEY } from '../api/list-backups.ts';

const UPLOAD_BACKUP = 'upload-backup';

/**
 * Upload backup's fields (issue 22; POST /files, kind backup): the company it goes to, a
 * description and the archive. The API checks the archive as a device's own upload, links it to
 * the device of its serial when the user sees that device, and spends a Backup upload credit.
 */
function backupFields(t: TFunction): FieldSchema[] {
  return [
    {
      key: 'company_id',
      label: t('files.fields.company'),
      component: 'ItemSelect',
      required: true,
      options: { url: '/companies', fields: ['id', 'name'], params: { sort: 'name' } },
    },
    { key: 'backup_credit', component: 'BaseAlert', label: t('files.fields.backupCredit') },
    { key: 'description', label: t('files.fields.description'), type: 'textarea' },
    {
      key: 'file',
      label: t('files.backups.upload.file'),
      hint: t('files.backups.upload.fileHint'),
      type: 'file',
      required: true,
      warnings: true,
    },
  ];
}

function UploadBackupBody() {
  const { t } = useTranslation();
  const { close } = useModalControls();
  const fields = useMemo(() => backupFields(t), [t]);
  return (
    <SchemaForm
      fields={fields}
      contract={uploadFileSchema}
      submitLabel={t('files.upload.submit')}
      onCancel={close}
      submit={{
        url: '/files',
        schema: { id: UPLOAD_BACKUP, defaults: { kind: 'backup' }, tableRef: BACKUPS_KEY },
        hideMsg: true,
        onSuccess: (response) => {
          const file = (response as { data?: CompanyFile } | undefined)?.data;
          if (file) toast(t('files.upload.done', { name: file.name }), { type: 'success' });
        },
        onClose: close,
      }}
    />
  );
}

registerModal(UPLOAD_BACKUP, UploadBackupBody);

/** Upload backup: a backup archive from the computer, into a company the user sees. */
export function openUploadBackup(): void {
  openModal({
    id: UPLOAD_BACKUP,
    title: i18next.t('files.backups.upload.title'),
    component: UPLOAD_BACKUP,
    props: {},
  });
}
