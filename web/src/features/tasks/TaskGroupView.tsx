import Link from '@mui/material/Link';
import { useQueryClient } from '@tanstack/react-query';
import { isAxiosError } from 'axios';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { messageOf } from '../../shared/api/messages.ts';
import { can, useSignedInUser } from '../../shared/lib/auth.ts';
import { pathOf } from '../../shared/routing/web-routes.ts';
import { groupSentence, waitingOf } from '../../shared/tasks/task-words.ts';
import { toast } from '../../shared/toasts/toasts.tsx';
import { ErrorAlert } from '../../shared/ui/ErrorAlert.tsx';
import { PageLoading } from '../../shared/ui/PageLoading.tsx';
import { controlGroup, orderGroup, retryFailed } from './api/control-group.ts';
import { taskGroupKey, useTaskGroup } from './api/get-task-group.ts';
import { TASKS_KEY } from './api/list-task-groups.ts';
import { useLiveTasks } from './api/live-tasks.ts';
import { GroupTasks } from './GroupTasks.tsx';
import { TaskGroupHeader } from './TaskGroupHeader.tsx';
import { groupAddress } from './TaskGroupsList.tsx';

const dialogs = () => import('./task-dialogs.tsx');

/**
 * One task group (`/management/task-manager?group={id}`, an address that can be shared): its
 * header and its devices, both live; a way back to every group.
 */
export function TaskGroupView({ groupId }: { groupId: number }) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const valid = Number.isInteger(groupId) && groupId > 0;
  const group = useTaskGroup(groupId, { enabled: valid });
  useLiveTasks();
  const manages = can(user, 'manage_device_task_groups');
  const back = (
    <Link component={RouterLink} to={pathOf('task-manager')} sx={{ display: 'inline-block', mb: 2 }}>
      {t('tasks.allGroups')}
    </Link>
  );
  if (!valid || group.isError) {
    const status = isAxiosError(group.error) ? group.error.response?.status : undefined;
    const missing = !valid || status === 403 || status === 404;
    return (
      <>
        {back}
        <ErrorAlert>{missing ? t('tasks.notYours') : messageOf(group.error)}</ErrorAlert>
      </>
    );
  }
  if (group.isPending) return <PageLoading />;
  const data = group.data;
  const cancel =
    manages && waitingOf(data.counts) > 0
      ? () =>
          void dialogs().then((module) =>
            module.cancelWaitingTasks({ groupId: data.id }, queryClient, groupSentence(t, data)),
          )
      : undefined;
  const control = manages
    ? (action: 'pause' | 'resume') =>
        void controlGroup(data.id, action).then(
          (changed) => {
            queryClient.setQueryData(taskGroupKey(data.id), changed);
            void queryClient.invalidateQueries({ queryKey: TASKS_KEY });
            toast(t(action === 'pause' ? 'tasks.campaign.paused' : 'tasks.campaign.resumed'), {
              type: 'success',
            });
          },
          (error: unknown) => toast(messageOf(error), { type: 'error' }),
        )
    : undefined;
  const retry = manages
    ? () =>
        void retryFailed(data.id).then(
          (created) => {
            void queryClient.invalidateQueries({ queryKey: TASKS_KEY });
            toast(t('tasks.retry.started', { count: created.total }), { type: 'success' });
            void navigate(`${pathOf('task-manager')}${groupAddress(created.id)}`);
          },
          (error: unknown) => toast(messageOf(error), { type: 'error' }),
        )
    : undefined;
  const first = manages
    ? () =>
        void orderGroup(data.id, 'first').then(
          (changed) => {
            queryClient.setQueryData(taskGroupKey(data.id), changed);
            toast(t('tasks.order.moved'), { type: 'success' });
          },
          (error: unknown) => toast(messageOf(error), { type: 'error' }),
        )
    : undefined;
  return (
    <>
      {back}
      <TaskGroupHeader group={data} onCancel={cancel} onControl={control} onRetry={retry} onFirst={first} />
      <GroupTasks group={data} manages={manages} />
    </>
  );
}
