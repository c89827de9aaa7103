import { FILE_KINDS, FIRMWARE_FAMILIES } from '@fleetport/contracts/file-kinds';
import { type CompanyFile, uploadFileSchema, uploadGlobalFirmwareSchema } from '@fleetport/contracts/files';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import i18next, { type TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldSchema } from '../../../shared/forms/field-schema.ts';
import { SchemaForm } from '../../../shared/forms/SchemaForm.tsx';
import { useModalControls } from '../../../shared/modals/controls.ts';
import { registerModal } from '../../../shared/modals/registry.ts';
import { openModal } from '../../../shared/modals/store.ts';
import { toast } from '../../../shared/toasts/toasts.tsx';
import { FILES_KEY } from '../api/list-files.ts';
import { kindName } from '../file-words.ts';

const UPLOAD_FILE = 'upload-file';

export interface UploadTarget {
  /** The company's Files tab: the file goes there, no company is asked for. */
  companyId?: number | undefined;
  /** The global firmware catalogue (Global Firmware page): firmware only, no company. */
  global?: boolean | undefined;
}

const only = (kind: string) => [{ key: 'kind', values: [kind] }];

/**
 * The upload's fields (spec §2 Files, Global Firmware): the company and kind, and for firmware
 * its version, model families and release notes; a description; the file, whose size (80MB) and
 * name are checked as soon as it is chosen, with the server's own message.
 */
export function uploadFields(t: TFunction, { companyId, global }: UploadTarget): FieldSchema[] {
  const firmware = global ? undefined : only('firmware');
  return [
    ...(global || companyId
      ? []
      : [
          {
            key: 'company_id',
            label: t('files.fields.company'),
            component: 'ItemSelect',
            required: true,
            options: { url: '/companies', fields: ['id', 'name'], params: { sort: 'name' } },
          } satisfies FieldSchema,
        ]),
    ...(global
      ? []
      : [
          {
            key: 'kind',
            label: t('files.fields.kind'),
            component: 'ItemSelect',
            required: true,
            options: FILE_KINDS.map((kind) => ({ value: kind, label: kindName(t, kind) })),
          } satisfies FieldSchema,
          {
            key: 'firmware_credit',
            component: 'BaseAlert',
            label: t('files.fields.firmwareCredit'),
            depends: only('firmware'),
          } satisfies FieldSchema,
          {
            key: 'backup_credit',
            component: 'BaseAlert',
            label: t('files.fields.backupCredit'),
            depends: only('backup'),
          } satisfies FieldSchema,
        ]),
    {
      key: 'version',
      label: t('files.fields.version'),
      required: true,
      patternMessage: t('files.fields.versionPattern'),
      ...(firmware ? { depends: firmware } : {}),
    },
    {
      key: 'families',
      label: t('files.fields.families'),
      hint: t('files.fields.familiesHint'),
      component: 'ItemSelect',
      multiple: true,
      required: true,
      options: FIRMWARE_FAMILIES.map((family) => ({ value: family, label: family })),
      ...(firmware ? { depends: firmware } : {}),
    },
    {
      key: 'release_notes',
      label: t('files.fields.releaseNotes'),
      type: 'textarea',
      ...(firmware ? { depends: firmware } : {}),
    },
    { key: 'description', label: t('files.fields.description'), type: 'textarea' },
    { key: 'file', label: t('files.fields.file'), type: 'file', required: true, warnings: true },
  ];
}

/** How much of the file has gone: a determinate bar with its percentage. */
function UploadProgress({ fraction }: { fraction: number }) {
  const { t } = useTranslation();
  const percent = Math.round(fraction * 100);
  return (
    <Box sx={{ mt: 2 }} data-testid="upload-progress" data-percent={percent}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {t('files.upload.progress', { percent })}
      </Typography>
      <LinearProgress variant="determinate" value={percent} aria-label={t('files.upload.progressLabel')} />
    </Box>
  );
}

function UploadFileBody({ companyId, global }: UploadTarget) {
  const { t } = useTranslation();
  const { close } = useModalControls();
  const [progress, setProgress] = useState<number>();
  const fields = useMemo(() => uploadFields(t, { companyId, global }), [t, companyId, global]);
  return (
    <>
      <SchemaForm
        fields={fields}
        contract={global ? uploadGlobalFirmwareSchema : uploadFileSchema}
        submitLabel={t('files.upload.submit')}
        onCancel={close}
        submit={{
          url: global ? '/files/global/firmware' : '/files',
          schema: {
            id: UPLOAD_FILE,
            defaults: global ? {} : { kind: 'other', ...(companyId ? { company_id: companyId } : {}) },
            tableRef: FILES_KEY,
          },
          hideMsg: true,
          onSuccess: (response) => {
            const file = (response as { data?: CompanyFile } | undefined)?.data;
            if (file) toast(t('files.upload.done', { name: file.name }), { type: 'success' });
          },
          onUploadProgress: setProgress,
          onCompleted: () => setProgress(undefined),
          onClose: close,
        }}
      />
      {progress !== undefined && <UploadProgress fraction={progress} />}
    </>
  );
}

registerModal(UPLOAD_FILE, UploadFileBody);

/** Upload (New file): into a company, the company's tab, or the global firmware catalogue. */
export function openUploadFile(target: UploadTarget = {}): void {
  openModal({
    id: UPLOAD_FILE,
    title: i18next.t(target.global ? 'files.upload.titleFirmware' : 'files.upload.title'),
    component: UPLOAD_FILE,
    props: { ...target },
  });
}
