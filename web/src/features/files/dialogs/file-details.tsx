import type { CompanyFile } from '@fleetport/contracts/files';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { can, useSignedInUser } from '../../../shared/lib/auth.ts';
import { formatDateTime } from '../../../shared/lib/dates.ts';
import { registerModal } from '../../../shared/modals/registry.ts';
import { openModal } from '../../../shared/modals/store.ts';
import { familiesText, kindName, ownerName, sizeText } from '../file-words.ts';
import { ShaCell } from '../ShaCell.tsx';
import { FileDevicesView } from './FileDevices.tsx';

const FILE_DETAILS = 'file-details';

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <>
      <Typography component="dt" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere', minWidth: 0 }} data-testid={testId}>
        {children}
      </Typography>
    </>
  );
}

/**
 * Spec §2 "Device file view": a file's details: name, kind, company, size, the whole SHA-256,
 * and for firmware its version, model families and release notes; whom it is shared with (on the
 * owner's side); who uploaded it and when; and, for a user who sees task groups, the devices it
 * was sent to. Every value is text (release notes keep their lines).
 */
function FileDetailsBody({ file, go }: { file: CompanyFile; go: (path: string) => void }) {
  const { t, i18n } = useTranslation();
  const tasks = can(useSignedInUser(), 'view_device_task_groups');
  const none = t('files.values.none');
  const firmware = file.kind === 'firmware';
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box
        component="dl"
        data-testid="file-details"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 1 }}
      >
        <Row label={t('files.columns.name')} testId="file-details-name">
          {file.name}
        </Row>
        <Row label={t('files.columns.kind')}>{kindName(t, file.kind)}</Row>
        <Row label={t('files.columns.company')}>{ownerName(t, file)}</Row>
        <Row label={t('files.columns.size')}>
          {t('files.values.bytes', {
            size: sizeText(file.size),
            bytes: new Intl.NumberFormat(i18n.language).format(file.size),
          })}
        </Row>
        <Row label={t('files.columns.sha256')}>
          <ShaCell sha256={file.sha256} full />
        </Row>
        {firmware && <Row label={t('files.columns.version')}>{file.version ?? none}</Row>}
        {firmware && <Row label={t('files.columns.families')}>{familiesText(t, file.families)}</Row>}
        {firmware && (
          <Row label={t('files.columns.releaseNotes')}>
            <Box component="span" sx={{ whiteSpace: 'pre-wrap' }} data-testid="file-details-notes">
              {file.release_notes ?? none}
            </Box>
          </Row>
        )}
        <Row label={t('files.columns.description')}>
          <Box component="span" sx={{ whiteSpace: 'pre-wrap' }}>
            {file.description ?? none}
          </Box>
        </Row>
        {file.can_manage && !file.global && (
          <Row label={t('files.columns.sharedWith')} testId="file-details-shared">
            {file.shared_with_names.length > 0
              ? file.shared_with_names.join(', ')
              : t('files.values.notShared')}
          </Row>
        )}
        <Row label={t('files.columns.uploadedBy')}>{file.uploaded_by_name ?? t('files.values.nobody')}</Row>
        <Row label={t('files.columns.uploaded')}>{formatDateTime(file.created_at, i18n.language)}</Row>
      </Box>
      {tasks && <FileDevicesView fileId={file.id} go={go} />}
    </Box>
  );
}

registerModal(FILE_DETAILS, FileDetailsBody);

/** Opens a file's details; `go` shows a page (a device, a task group) from its links. */
export function openFileDetails(file: CompanyFile, go: (path: string) => void): void {
  openModal({
    id: FILE_DETAILS,
    title: i18next.t('files.actions.details'),
    subtitle: file.name,
    component: FILE_DETAILS,
    props: { file, go },
  });
}
