import type { DeviceDetail } from '@fleetport/contracts/device-schemas';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../shared/api/messages.ts';
import { can, useSignedInUser } from '../../../shared/lib/auth.ts';
import { formatDateTime } from '../../../shared/lib/dates.ts';
import { ErrorAlert } from '../../../shared/ui/ErrorAlert.tsx';
import { PageLoading } from '../../../shared/ui/PageLoading.tsx';
import { reasonText, TABLE_SX } from '../../../shared/ui/readings.tsx';
import { useReloadDevice } from '../api/get-device.ts';
import { useDeviceActivity } from '../api/get-device-activity.ts';
import { DeviceFrame } from './DeviceFrame.tsx';

/** The connection log, the actions taken and the notes (a note's author may be shown, a manager may delete it). */
function Activity({ device }: { device: DeviceDetail }) {
  const { t, i18n } = useTranslation();
  const user = useSignedInUser();
  const reloadDevice = useReloadDevice(device.id);
  const events = useDeviceActivity(device.id);
  if (events.isError) return <ErrorAlert>{messageOf(events.error)}</ErrorAlert>;
  if (events.isPending) return <PageLoading />;
  if (events.data.length === 0)
    return <Typography color="text.secondary">{t('device.activity.empty')}</Typography>;
  return (
    <Paper variant="outlined">
      <Box component="table" sx={TABLE_SX} data-testid="device-activity">
        <thead>
          <tr>
            <th>{t('device.activity.when')}</th>
            <th>{t('device.activity.event')}</th>
            <th>{t('device.activity.details')}</th>
          </tr>
        </thead>
        <tbody>
          {events.data.map((event) => (
            <tr key={event.id}>
              <td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(event.at, i18n.language)}</td>
              <td>
                {event.kind === 'connection'
                  ? reasonText(t, event.reason)
                  : event.kind === 'note'
                    ? t('device.notes.by', { who: event.user_email ?? t('device.notes.someone') })
                    : t('device.activity.action', { action: event.action ?? '' })}
              </td>
              <td
                style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                data-testid={`event-${event.kind}`}
              >
                {event.detail ?? ''}
                {event.kind === 'note' && event.note_id !== undefined && can(user, 'manage_devices') && (
                  <Button
                    size="small"
                    color="error"
                    sx={{ ml: 1 }}
                    onClick={() =>
                      void import('../dialogs/delete-note.ts').then((module) =>
                        module.confirmDeleteNote(device, event.note_id as number, () => void reloadDevice()),
                      )
                    }
                  >
                    {t('device.notes.delete')}
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </Box>
    </Paper>
  );
}

/** /devices/{id}/activity: the connection log and the actions taken (spec §2 default tab). */
export default function ActivityPage() {
  return <DeviceFrame tab="device.activity">{(device) => <Activity device={device} />}</DeviceFrame>;
}
