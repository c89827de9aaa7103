import type { DeviceBackup } from '@fleetport/contracts/device-backups';
import type { DeviceDetail } from '@fleetport/contracts/device-schemas';
import { formatBytes } from '@fleetport/contracts/format';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../shared/api/messages.ts';
import { can, useSignedInUser } from '../../../shared/lib/auth.ts';
import { formatDateTime } from '../../../shared/lib/dates.ts';
import { toast } from '../../../shared/toasts/toasts.tsx';
import { ErrorAlert } from '../../../shared/ui/ErrorAlert.tsx';
import { PageLoading } from '../../../shared/ui/PageLoading.tsx';
import { useDownloadBackup } from '../api/download-backup.ts';
import { deviceConfigurationQuery } from '../api/get-device-configuration.ts';
import { useDeviceBackups } from '../api/list-device-backups.ts';
import { Section } from './device-parts.tsx';

// Starting and following a backup is a chunk of its own, fetched on the first click.
const deviceBackup = () => import('../dialogs/device-backup.ts');
// Restore (its diff and its dialog) likewise.
const deviceRestore = () => import('../dialogs/device-restore.ts');

/**
 * The device's backups (issue 22 "Take a backup", spec §2 Export backup): each archive it
 * uploaded, newest first, with its date, the configuration revision it holds and its size, to
 * download; with manage_devices, 'Take a backup' asks the device for a new one (a task,
 * followed in 'Action status'; the list reloads when it ends), and each backup's 'Restore…'
 * puts it back on the device after showing what changes.
 */
export function DeviceBackups({ device }: { device: DeviceDetail }) {
  const { t, i18n } = useTranslation();
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  const backups = useDeviceBackups(device.id);
  const download = useDownloadBackup();
  const target = {
    id: device.id,
    name: device.name,
    connected: device.status === 'online' || device.status === 'not_activated',
  };
  const take = can(user, 'manage_devices') ? (
    <Button
      size="small"
      data-testid="backup-take"
      onClick={() =>
        void deviceBackup().then((module) => module.takeBackup(target, user.company_id, queryClient))
      }
    >
      {t('device.backups.take')}
    </Button>
  ) : undefined;
  const save = (backup: DeviceBackup) =>
    download.mutate(backup, { onError: (error) => toast(messageOf(error), { type: 'error' }) });
  // The revision the tab shows: after the restore it waits for a newer one.
  const restore = (backup: DeviceBackup) => {
    const revision = queryClient.getQueryData(deviceConfigurationQuery(device.id).queryKey)?.revision ?? null;
    void deviceRestore().then((module) =>
      module.restoreDeviceBackup(target, backup, { companyId: user.company_id, revision }, queryClient),
    );
  };
  return (
    <Section title={t('device.backups.title')} testId="device-backups" actions={take}>
      {backups.isError ? (
        <ErrorAlert>{messageOf(backups.error)}</ErrorAlert>
      ) : backups.isPending ? (
        <PageLoading />
      ) : backups.data.backups.length === 0 ? (
        <Typography variant="body2" color="text.secondary" data-testid="backups-empty">
          {t('device.backups.empty')}
        </Typography>
      ) : (
        <>
          {/* A phone scrolls the table, not the page. */}
          <TableContainer>
            <Table size="small" aria-label={t('device.backups.title')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('device.backups.taken')}</TableCell>
                  <TableCell>{t('device.backups.revision')}</TableCell>
                  <TableCell>{t('device.backups.size')}</TableCell>
                  <TableCell>{t('device.backups.by')}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {backups.data.backups.map((backup) => (
                  <TableRow key={backup.id} data-testid="backup-row">
                    <TableCell title={backup.name}>
                      {formatDateTime(backup.created_at, i18n.language)}
                    </TableCell>
                    <TableCell>{backup.revision ?? '—'}</TableCell>
                    <TableCell>{formatBytes(backup.size)}</TableCell>
                    <TableCell>{backup.taken_by_name ?? '—'}</TableCell>
                    <TableCell align="right">
                      {take && (
                        <Button
                          size="small"
                          aria-label={t('device.backups.restoreNamed', { name: backup.name })}
                          data-testid={`backup-restore-${backup.id}`}
                          onClick={() => restore(backup)}
                        >
                          {t('device.backups.restore')}
                        </Button>
                      )}
                      <Button
                        size="small"
                        aria-label={t('device.backups.downloadNamed', { name: backup.name })}
                        data-testid={`backup-download-${backup.id}`}
                        onClick={() => save(backup)}
                      >
                        {t('device.backups.download')}
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {backups.data.total > backups.data.backups.length && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {t('device.backups.more', { count: backups.data.total - backups.data.backups.length })}
            </Typography>
          )}
        </>
      )}
    </Section>
  );
}
