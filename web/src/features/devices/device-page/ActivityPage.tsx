import type { DeviceActivityEntry } from '@fleetport/contracts/audit';
import type { DeviceDetail } from '@fleetport/contracts/device-schemas';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../shared/api/messages.ts';
import { HistoryDetails } from '../../../shared/history/HistoryDetails.tsx';
import { historySentence } from '../../../shared/history/sentence.ts';
import { can, useSignedInUser } from '../../../shared/lib/auth.ts';
import { formatDateTime } from '../../../shared/lib/dates.ts';
import { ErrorAlert } from '../../../shared/ui/ErrorAlert.tsx';
import { PageLoading } from '../../../shared/ui/PageLoading.tsx';
import { reasonText, TABLE_SX } from '../../../shared/ui/readings.tsx';
import { useReloadDevice } from '../api/get-device.ts';
import { useDeviceActivity } from '../api/get-device-activity.ts';
import { DeviceFrame } from './DeviceFrame.tsx';
import { DeviceTasks } from './DeviceTasks.tsx';

/**
 * The connection log, the actions taken (each a sentence: who, what, how it ended, with its
 * details a click away) and the notes (a note's author may be shown, a manager may delete it).
 */
function Activity({ device }: { device: DeviceDetail }) {
  const { t, i18n } = useTranslation();
  const user = useSignedInUser();
  const reloadDevice = useReloadDevice(device.id);
  const events = useDeviceActivity(device.id);
  const [open, setOpen] = useState<string | undefined>();
  if (events.isError) return <ErrorAlert>{messageOf(events.error)}</ErrorAlert>;
  if (events.isPending) return <PageLoading />;
  if (events.data.length === 0)
    return <Typography color="text.secondary">{t('device.activity.empty')}</Typography>;
  const what = (event: DeviceActivityEntry) =>
    event.kind === 'connection'
      ? reasonText(t, event.reason)
      : event.kind === 'note'
        ? t('device.notes.by', { who: event.user_name || event.user_email || t('device.notes.someone') })
        : historySentence(t, event, { language: i18n.language, deviceId: device.id });
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
            <Fragment key={event.id}>
              <tr>
                <td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(event.at, i18n.language)}</td>
                <td style={{ overflowWrap: 'anywhere' }} data-testid={`what-${event.kind}`}>
                  {what(event)}
                </td>
                <td
                  style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                  data-testid={`event-${event.kind}`}
                >
                  {event.detail ?? ''}
                  {event.kind === 'action' && (
                    <Button
                      size="small"
                      aria-expanded={open === event.id}
                      data-testid="history-details-toggle"
                      onClick={() => setOpen(open === event.id ? undefined : event.id)}
                    >
                      {open === event.id ? t('history.details.hide') : t('history.details.show')}
                    </Button>
                  )}
                  {event.kind === 'note' && event.note_id !== undefined && can(user, 'manage_devices') && (
                    <Button
                      size="small"
                      color="error"
                      sx={{ ml: 1 }}
                      onClick={() =>
                        void import('../dialogs/delete-note.ts').then((module) =>
                          module.confirmDeleteNote(
                            device,
                            event.note_id as number,
                            () => void reloadDevice(),
                          ),
                        )
                      }
                    >
                      {t('device.notes.delete')}
                    </Button>
                  )}
                </td>
              </tr>
              {open === event.id && (
                <tr>
                  <td />
                  <td colSpan={2}>
                    <HistoryDetails entry={event} />
                  </td>
                </tr>
              )}
            </Fragment>
          ))}
        </tbody>
      </Box>
    </Paper>
  );
}

/** /devices/{id}/activity: the connection log and the actions taken (spec §2 default tab). */
export default function ActivityPage() {
  const user = useSignedInUser();
  return (
    <DeviceFrame tab="device.activity">
      {(device) => (
        <>
          {can(user, 'view_device_task_groups') && <DeviceTasks device={device} />}
          <Activity device={device} />
        </>
      )}
    </DeviceFrame>
  );
}
