import type { TaskLog } from '@fleetport/contracts/tasks';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../shared/api/messages.ts';
import { displayTimeZone, parseServerTime } from '../../shared/lib/dates.ts';
import { confirmModal } from '../../shared/modals/prompts.ts';
import { registerModal } from '../../shared/modals/registry.ts';
import { openModal } from '../../shared/modals/store.ts';
import { TaskStateChip } from '../../shared/tasks/TaskBadges.tsx';
import { taskMessage } from '../../shared/tasks/task-messages.ts';
import { toast } from '../../shared/toasts/toasts.tsx';
import { ErrorAlert } from '../../shared/ui/ErrorAlert.tsx';
import { PageLoading } from '../../shared/ui/PageLoading.tsx';
import { cancelTasks } from './api/cancel-tasks.ts';
import { useTaskLogs } from './api/get-task-logs.ts';
import { TASKS_KEY } from './api/list-task-groups.ts';

const TASK_LOGS = 'task-logs';

/** A log line's time to the second: a task's changes come seconds apart. */
function logTime(value: string, language: string): string {
  const date = parseServerTime(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(language, {
    dateStyle: 'medium',
    timeStyle: 'medium',
    timeZone: displayTimeZone(),
  }).format(date);
}

function LogLine({ line }: { line: TaskLog }) {
  const { t, i18n } = useTranslation();
  return (
    <Box component="li" sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }} data-testid="task-log-line">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography component="time" variant="body2" color="text.secondary" dateTime={line.at}>
          {logTime(line.at, i18n.language)}
        </Typography>
        <TaskStateChip state={line.state} />
        {line.state === 'in_progress' && line.progress !== null && (
          <Typography variant="body2">{t('tasks.task.percent', { value: line.progress })}</Typography>
        )}
      </Box>
      {taskMessage(t, line) && (
        // The device's own words: text, kept as it wrote them (a command's output has lines).
        <Typography
          component="pre"
          variant="body2"
          sx={{ m: 0, mt: 0.5, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: 'monospace' }}
        >
          {taskMessage(t, line)}
        </Typography>
      )}
    </Box>
  );
}

/** Spec §2 Task logs: every change of one task's state, oldest first, with the device's words. */
function TaskLogsBody({ taskId }: { taskId: string }) {
  const { t } = useTranslation();
  const logs = useTaskLogs(taskId);
  if (logs.isError) return <ErrorAlert>{messageOf(logs.error)}</ErrorAlert>;
  if (logs.isPending) return <PageLoading />;
  if (logs.data.length === 0) return <Typography color="text.secondary">{t('tasks.logs.empty')}</Typography>;
  return (
    <Box
      component="ol"
      sx={{ m: 0, p: 0, listStyle: 'none', minWidth: { sm: 480 } }}
      aria-label={t('tasks.logs.title')}
    >
      {logs.data.map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a log only grows at its end; two lines may share a time
        <LogLine key={`${line.at}-${index}`} line={line} />
      ))}
    </Box>
  );
}
registerModal(TASK_LOGS, TaskLogsBody);

/** Opens a task's log (one at a time: another task's replaces it). */
export function openTaskLogs(task: { id: string; device_name: string }): void {
  openModal({
    id: TASK_LOGS,
    title: i18next.t('tasks.logs.title'),
    subtitle: task.device_name,
    component: TASK_LOGS,
    props: { taskId: task.id },
    minimizeDisable: true,
  });
}

/** A group's waiting tasks, or the chosen tasks. */
export type CancelTarget = { groupId: number } | { taskIds: readonly string[] };

/**
 * Spec §2 Cancel updates: after a question, cancels what still waits (a task already sent runs to
 * its end) and says how many were cancelled; a refusal (409: nothing was waiting) is said in an
 * error toast. Every task read is asked again either way. Resolves true when tasks were cancelled.
 */
export async function cancelWaitingTasks(
  target: CancelTarget,
  queryClient: QueryClient,
  subtitle?: string,
): Promise<boolean> {
  const t = i18next.t;
  const chosen = 'taskIds' in target ? target.taskIds.length : undefined;
  const answer = await confirmModal({
    id: 'cancel-tasks',
    title: t('tasks.cancel.title'),
    ...(subtitle ? { subtitle } : {}),
    prompt:
      chosen === undefined
        ? t('tasks.cancel.groupPrompt')
        : t('tasks.cancel.selectedPrompt', { count: chosen }),
    confirmLabel: t('tasks.cancel.confirm'),
    cancelLabel: t('tasks.cancel.keep'),
    minimizeDisable: true,
  });
  if (!answer) return false;
  try {
    const cancelled = await cancelTasks(
      'taskIds' in target ? { task_ids: [...target.taskIds] } : { group_id: target.groupId },
    );
    toast(t('tasks.cancel.done', { count: cancelled }), { type: 'success' });
    return true;
  } catch (error) {
    toast(messageOf(error), { type: 'error' });
    return false;
  } finally {
    await queryClient.invalidateQueries({ queryKey: TASKS_KEY });
  }
}
