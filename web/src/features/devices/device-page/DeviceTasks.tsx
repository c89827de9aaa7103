import type { DeviceDetail } from '@fleetport/contracts/device-schemas';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { messageOf } from '../../../shared/api/messages.ts';
import { formatDateTime } from '../../../shared/lib/dates.ts';
import { pathOf } from '../../../shared/routing/web-routes.ts';
import { TaskStateChip } from '../../../shared/tasks/TaskBadges.tsx';
import { stepLabel } from '../../../shared/tasks/task-list-words.ts';
import { taskMessage } from '../../../shared/tasks/task-messages.ts';
import { actionName, groupSentence } from '../../../shared/tasks/task-words.ts';
import { ErrorAlert } from '../../../shared/ui/ErrorAlert.tsx';
import { TABLE_SX } from '../../../shared/ui/readings.tsx';
import { useDeviceTasks } from '../api/list-device-tasks.ts';

/**
 * Actions list on a device (spec §2): its latest tasks, newest first: what, its state (with the
 * progress of one that runs), the device's last words, when it was asked, and its task group
 * one click away in the Task manager.
 */
export function DeviceTasks({ device }: { device: DeviceDetail }) {
  const { t, i18n } = useTranslation();
  const tasks = useDeviceTasks(device.id, true);
  if (tasks.isError) return <ErrorAlert>{messageOf(tasks.error)}</ErrorAlert>;
  const rows = tasks.data?.data ?? [];
  return (
    <Paper variant="outlined" sx={{ mb: 3 }} data-testid="device-tasks">
      <Typography variant="subtitle1" component="h2" sx={{ px: 2, pt: 1.5 }}>
        {t('tasks.device.title')}
      </Typography>
      {tasks.isPending ? null : rows.length === 0 ? (
        <Typography color="text.secondary" sx={{ px: 2, pb: 1.5 }}>
          {t('tasks.device.empty')}
        </Typography>
      ) : (
        <Box component="table" sx={TABLE_SX}>
          <thead>
            <tr>
              <th>{t('tasks.columns.what')}</th>
              <th>{t('tasks.columns.state')}</th>
              <th>{t('tasks.task.message')}</th>
              <th>{t('tasks.columns.started')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((task) => (
              <tr key={task.id}>
                <td style={{ overflowWrap: 'anywhere' }}>
                  <Link component={RouterLink} to={`${pathOf('task-manager')}?group=${task.group_id}`}>
                    {task.group_action === 'task_list'
                      ? `${groupSentence(t, { action: 'task_list', summary: task.summary })} · ${stepLabel(t, task.step, actionName(t, task.action))}`
                      : groupSentence(t, task)}
                  </Link>
                </td>
                <td style={{ whiteSpace: 'nowrap' }}>
                  <TaskStateChip state={task.state} />
                  {task.state === 'in_progress' && task.progress !== null && (
                    <Box component="span" sx={{ ml: 1 }}>
                      {t('tasks.task.percent', { value: task.progress })}
                    </Box>
                  )}
                </td>
                {/* The device's own words: text. */}
                <td style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
                  {taskMessage(t, task) ?? ''}
                </td>
                <td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(task.created_at, i18n.language)}</td>
              </tr>
            ))}
          </tbody>
        </Box>
      )}
    </Paper>
  );
}
