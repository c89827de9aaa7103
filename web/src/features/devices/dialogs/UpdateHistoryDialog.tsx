import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../shared/api/messages.ts';
import { formatDateTime } from '../../../shared/lib/dates.ts';
import { useModalControls } from '../../../shared/modals/controls.ts';
import { registerModal } from '../../../shared/modals/registry.ts';
import { openModal } from '../../../shared/modals/store.ts';
import { ErrorAlert } from '../../../shared/ui/ErrorAlert.tsx';
import { TABLE_SX } from '../../../shared/ui/readings.tsx';
import { useFirmwareHistory } from '../api/get-firmware-history.ts';

const UPDATE_HISTORY = 'device-update-history';

type Device = { id: number; name: string };

/**
 * Spec §2 "View update history": the firmware versions the device came back on, newest first,
 * each with the one it ran before. Updates made on the device itself are here too: the history
 * is what the device reported, not only what the console asked for.
 */
function UpdateHistoryBody({ device }: { device: Device }) {
  const { t, i18n } = useTranslation();
  const { close } = useModalControls();
  const history = useFirmwareHistory(device.id);
  return (
    <Stack spacing={2} sx={{ minWidth: { sm: 520 } }}>
      {history.isError && <ErrorAlert>{messageOf(history.error)}</ErrorAlert>}
      {history.data?.length === 0 && (
        <Typography color="text.secondary">{t('device.updates.empty')}</Typography>
      )}
      {history.data && history.data.length > 0 && (
        <Box component="table" sx={TABLE_SX} data-testid="update-history">
          <thead>
            <tr>
              <th>{t('device.updates.when')}</th>
              <th>{t('device.updates.from')}</th>
              <th>{t('device.updates.to')}</th>
            </tr>
          </thead>
          <tbody>
            {history.data.map((change) => (
              <tr key={change.id}>
                <td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(change.at, i18n.language)}</td>
                <td>{change.from_version ?? t('device.updates.firstSeen')}</td>
                <td>{change.to_version}</td>
              </tr>
            ))}
          </tbody>
        </Box>
      )}
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={close}>{t('device.updates.close')}</Button>
      </Stack>
    </Stack>
  );
}

registerModal(UPDATE_HISTORY, UpdateHistoryBody);

export function openUpdateHistory(device: Device): void {
  openModal({
    id: UPDATE_HISTORY,
    title: i18next.t('device.updates.title'),
    subtitle: device.name,
    component: UPDATE_HISTORY,
    props: { device: { id: device.id, name: device.name } },
  });
}
