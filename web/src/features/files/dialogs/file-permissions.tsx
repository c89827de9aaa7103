import {
  type CompanyFile,
  type FilePermissionChoices,
  filePermissionsSchema,
} from '@fleetport/contracts/files';
import Button from '@mui/material/Button';
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
import { ErrorAlert } from '../../../shared/ui/ErrorAlert.tsx';
import { filePermissionsKey, useFilePermissions } from '../api/get-file-permissions.ts';
import { FILES_KEY } from '../api/list-files.ts';

const FILE_PERMISSIONS = 'file-permissions';

/** The choice of companies, each indented by its depth below the file's company. */
function PermissionsForm({ file, choices }: { file: CompanyFile; choices: FilePermissionChoices }) {
  const { t } = useTranslation();
  const { close } = useModalControls();
  const top = Math.min(...choices.companies.map((company) => company.level));
  const fields = useMemo<FieldSchema[]>(
    () => [
      {
        key: 'company_ids',
        label: t('files.fields.companies'),
        hint: t('files.permissions.hint', { company: file.company_name ?? '' }),
        component: 'ItemSelect',
        multiple: true,
        options: choices.companies.map((company) => ({
          value: company.id,
          label: `${'\u2003'.repeat(company.level - top)}${company.name}`,
        })),
      },
    ],
    [t, file.company_name, choices.companies, top],
  );
  return (
    <SchemaForm
      fields={fields}
      contract={filePermissionsSchema}
      submitLabel={t('common.save')}
      onCancel={close}
      submit={{
        url: `/files/${file.id}/permissions`,
        method: 'put',
        schema: { id: FILE_PERMISSIONS, defaults: { company_ids: choices.company_ids }, tableRef: FILES_KEY },
        reload: [filePermissionsKey(file.id)],
        successMsg: t('files.permissions.saved', { name: file.name }),
        onClose: close,
      }}
    />
  );
}

/**
 * Spec §2 "File permissions": the companies below the file's company that see it too (without
 * managing it). The choice replaces the previous one.
 */
function FilePermissionsBody({ file }: { file: CompanyFile }) {
  const { t } = useTranslation();
  const { close } = useModalControls();
  const choices = useFilePermissions(file.id);
  if (choices.isPending) return <Typography>{t('common.loading')}</Typography>;
  if (choices.isError) return <ErrorAlert>{t('files.permissions.loadFailed')}</ErrorAlert>;
  if (choices.data.companies.length === 0) {
    return (
      <Stack spacing={2}>
        <Typography data-testid="file-permissions-none">
          {t('files.permissions.none', { company: file.company_name ?? '' })}
        </Typography>
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={close}>{t('common.close')}</Button>
        </Stack>
      </Stack>
    );
  }
  return <PermissionsForm file={file} choices={choices.data} />;
}

registerModal(FILE_PERMISSIONS, FilePermissionsBody);

export function openFilePermissions(file: CompanyFile): void {
  openModal({
    id: FILE_PERMISSIONS,
    title: i18next.t('files.actions.permissions'),
    subtitle: file.name,
    component: FILE_PERMISSIONS,
    props: { file },
  });
}
