import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../shared/api/messages.ts';
import { formatDateTime } from '../../../shared/lib/dates.ts';
import { useModalControls } from '../../../shared/modals/controls.ts';
import { pathOf } from '../../../shared/routing/web-routes.ts';
import { TaskStateChip } from '../../../shared/tasks/TaskBadges.tsx';
import { ErrorAlert } from '../../../shared/ui/ErrorAlert.tsx';
import { TABLE_SX } from '../../../shared/ui/table-sx.ts';
import { useFileDevices } from '../api/list-file-devices.ts';

/**
 * A real link (a new tab, copy link); a plain click closes the details and shows the page through
 * `go` (the modal layer is outside the router).
 */
function PageLink({
  to,
  label,
  go,
  children,
}: {
  to: string;
  label?: string;
  go: (path: string) => void;
  children: ReactNode;
}) {
  const { close } = useModalControls();
  return (
    <Link
      href={to}
      aria-label={label}
      underline={label ? 'none' : 'hover'}
      onClick={(event: MouseEvent) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        close();
        go(to);
      }}
    >
      {children}
    </Link>
  );
}

/**
 * Spec §2 "Device file view": the user's devices a file was sent to, as their tasks stand: every
 * state counted in a sentence, the newest listed with a link to the device and to its task group.
 * Device names are the devices' own words: text.
 */
export function FileDevicesView({ fileId, go }: { fileId: number; go: (path: string) => void }) {
  const { t, i18n } = useTranslation();
  const view = useFileDevices(fileId, true);
  if (view.isError) return <ErrorAlert>{messageOf(view.error)}</ErrorAlert>;
  if (!view.data) return null;
  const { counts, devices } = view.data;
  const total = Object.values(counts).reduce((sum, value) => sum + value, 0);
  const waiting = counts.queued + counts.sent + counts.in_progress;
  return (
    <Box data-testid="file-devices">
      <Typography variant="subtitle1" component="h3" sx={{ mb: 0.5 }}>
        {t('files.devices.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }} data-testid="file-devices-summary">
        {total === 0
          ? t('files.devices.none')
          : t('files.devices.summary', {
              count: total,
              succeeded: counts.succeeded,
              failed: counts.failed + counts.expired,
              waiting,
            })}
      </Typography>
      {devices.length > 0 && (
        <Box component="table" sx={TABLE_SX}>
          <thead>
            <tr>
              <th>{t('files.devices.device')}</th>
              <th>{t('files.devices.state')}</th>
              <th>{t('files.devices.when')}</th>
            </tr>
          </thead>
          <tbody>
            {devices.map((row) => (
              <tr key={row.task_id}>
                <td style={{ overflowWrap: 'anywhere' }}>
                  <PageLink to={`/devices/${row.device_id}`} go={go}>
                    {row.device_name}
                  </PageLink>
                </td>
                <td>
                  <PageLink
                    go={go}
                    to={`${pathOf('task-manager')}?group=${row.group_id}`}
                    label={t('files.devices.openGroup', { device: row.device_name })}
                  >
                    <TaskStateChip state={row.state} />
                  </PageLink>
                </td>
                <td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.updated_at, i18n.language)}</td>
              </tr>
            ))}
          </tbody>
        </Box>
      )}
    </Box>
  );
}
