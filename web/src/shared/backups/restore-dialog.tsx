import { CONFIG_ROLLBACK_S } from '@fleetport/contracts/device-config';
import type { DeviceTaskStarted } from '@fleetport/contracts/tasks';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import i18next from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../api/messages.ts';
import { sectionText } from '../config/config-sections.ts';
import { DevicePicker } from '../devices/DevicePicker.tsx';
import type { DeviceChoice } from '../devices/search-devices.ts';
import { formatDateTime } from '../lib/dates.ts';
import { ensureArea } from '../lib/i18n.ts';
import { useModalControls } from '../modals/controls.ts';
import { registerModal } from '../modals/registry.ts';
import { openModal } from '../modals/store.ts';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';
import { PageLoading } from '../ui/PageLoading.tsx';
import { useRestorePreview } from './api/preview-restore.ts';
import { restoreBackup } from './api/restore-backup.ts';
import { problemText, settingText, sideText } from './restore-words.ts';

/**
 * Restore a backup to a device (issue 22 Restore, Upload to device), confirmed with the diff
 * first: every setting that changes, the device's value → the backup's (secrets as 'changed'),
 * how many, the port forwards removed, what stands in the way, and the rollback time. Two
 * features open it: the device page's Backups (its own device) and the Backups page (a device
 * chosen, the backup's own first), so it lives here (a feature never imports another). Each
 * follows the task its own way (`onStarted`). Strings: `device.restore`, `device.config`.
 */
await ensureArea('device');

const RESTORE_BACKUP = 'restore-backup';

/** A device a backup may go to. */
export type RestoreTarget = Pick<DeviceChoice, 'id' | 'name'> &
  Partial<Pick<DeviceChoice, 'serial' | 'model'>>;

export interface RestoreRequest {
  file: { id: number; name: string };
  /** The device to restore to; with `choose`, the one offered first (the backup's own). */
  device?: RestoreTarget | undefined;
  /** The user chooses the device (the Backups page). */
  choose?: boolean | undefined;
  /** Follows the task once started: 'Action status' on the device page, the Task manager elsewhere. */
  onStarted: (started: DeviceTaskStarted, device: RestoreTarget) => void;
}

function RestoreBody({ file, device: initial, choose, onStarted }: RestoreRequest) {
  const { t, i18n } = useTranslation();
  const { close } = useModalControls();
  const [device, setDevice] = useState(initial);
  const [rollback, setRollback] = useState(String(CONFIG_ROLLBACK_S.default));
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const preview = useRestorePreview(device?.id, file.id);
  const seconds = Number(rollback);
  const rollbackWrong =
    !Number.isInteger(seconds) || seconds < CONFIG_ROLLBACK_S.min || seconds > CONFIG_ROLLBACK_S.max;
  const blocked = preview.data?.problems.some((problem) => problem.blocking) ?? true;

  const restore = async () => {
    if (!device || busy || blocked || rollbackWrong) return;
    setBusy(true);
    setRefusal(undefined);
    try {
      const started = await restoreBackup(device.id, { file_id: file.id, rollback_s: seconds });
      onStarted(started, device);
      close();
    } catch (error) {
      setRefusal(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  const data = preview.data;
  return (
    <Stack spacing={2} sx={{ minWidth: { sm: 560 }, pt: 1 }} data-testid="restore-dialog">
      {choose && (
        <DevicePicker
          size="small"
          value={device}
          onChange={setDevice}
          label={t('device.restore.device')}
          testId="restore-device"
        />
      )}
      {!device ? (
        <Typography color="text.secondary">{t('device.restore.chooseDevice')}</Typography>
      ) : preview.isError ? (
        <ErrorAlert>{messageOf(preview.error)}</ErrorAlert>
      ) : !data ? (
        <PageLoading />
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" data-testid="restore-backup-facts">
            {t('device.restore.facts', {
              serial: data.backup.serial,
              model: data.backup.model,
              revision: data.backup.revision,
              when: formatDateTime(data.backup.created_at, i18n.language),
            })}
          </Typography>
          {data.problems.map((problem) => (
            <Alert
              key={problem.code}
              severity={problem.blocking ? 'error' : 'warning'}
              data-testid={`restore-problem-${problem.code}`}
            >
              {problemText(t, problem, data)}
            </Alert>
          ))}
          {data.changes.length > 0 && (
            <>
              <Typography data-testid="restore-count">
                {t('device.restore.count', { count: data.changes.length })}
              </Typography>
              <TableContainer>
                <Table size="small" aria-label={t('device.restore.diff')} data-testid="restore-diff">
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('device.restore.setting')}</TableCell>
                      <TableCell>{t('device.restore.onDevice')}</TableCell>
                      <TableCell>{t('device.restore.inBackup')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {data.changes.map((line) => (
                      <TableRow key={`${line.section}.${line.option}`} data-testid="restore-line">
                        <TableCell>{settingText(t, line)}</TableCell>
                        <TableCell>{sideText(t, line, 'from')}</TableCell>
                        <TableCell>{sideText(t, line, 'to')}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            </>
          )}
          {data.removed_sections.length > 0 && (
            <Typography variant="body2" data-testid="restore-removed">
              {t('device.restore.removes', {
                sections: data.removed_sections.map((name) => sectionText(t, name)).join(', '),
              })}
            </Typography>
          )}
        </>
      )}
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
        <TextField
          size="small"
          type="number"
          label={t('device.config.edit.rollback')}
          value={rollback}
          onChange={(event) => setRollback(event.target.value)}
          error={rollbackWrong}
          sx={{ width: 180, flexShrink: 0 }}
          slotProps={{
            htmlInput: {
              min: CONFIG_ROLLBACK_S.min,
              max: CONFIG_ROLLBACK_S.max,
              inputMode: 'numeric',
              'data-testid': 'restore-rollback',
            },
            input: {
              endAdornment: (
                <InputAdornment position="end">{t('device.config.edit.units.seconds')}</InputAdornment>
              ),
            },
          }}
        />
        <Typography variant="caption" color="text.secondary" sx={{ pt: 0.5 }}>
          {t('device.config.edit.rollbackHint', CONFIG_ROLLBACK_S)}
        </Typography>
      </Stack>
      {refusal && (
        <Alert severity="error" data-testid="restore-refused">
          {refusal}
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={close}>{t('device.config.edit.cancel')}</Button>
        <Button
          variant="contained"
          disabled={!device || !data || blocked || rollbackWrong || busy}
          onClick={() => void restore()}
          data-testid="restore-confirm"
        >
          {t('device.restore.confirm')}
        </Button>
      </Stack>
    </Stack>
  );
}

registerModal(RESTORE_BACKUP, RestoreBody);

/** Opens Restore for a backup: to its device, or to one the user chooses. */
export function openRestoreBackup(request: RestoreRequest): void {
  openModal({
    id: `${RESTORE_BACKUP}-${request.file.id}`,
    title: i18next.t('device.restore.title'),
    subtitle: request.file.name,
    component: RESTORE_BACKUP,
    props: { ...request } satisfies RestoreRequest,
  });
}
