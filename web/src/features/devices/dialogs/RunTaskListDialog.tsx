import { newTaskGroupSchema, TASK_DEADLINE_HOURS, type TaskGroup } from '@fleetport/contracts/tasks';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import i18next from 'i18next';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../shared/api/messages.ts';
import type { FieldSchema, FormValues } from '../../../shared/forms/field-schema.ts';
import { SchemaForm } from '../../../shared/forms/SchemaForm.tsx';
import { useModalControls } from '../../../shared/modals/controls.ts';
import { registerModal } from '../../../shared/modals/registry.ts';
import { openModal } from '../../../shared/modals/store.ts';
import { pathOf } from '../../../shared/routing/web-routes.ts';
import { TaskListPreview } from '../../../shared/tasks/TaskListPreview.tsx';
import { stepsText, TASK_LISTS_VIEW } from '../../../shared/tasks/task-list-words.ts';
import { toast } from '../../../shared/toasts/toasts.tsx';
import { ErrorAlert } from '../../../shared/ui/ErrorAlert.tsx';
import { PageLoading } from '../../../shared/ui/PageLoading.tsx';
import { useTaskListChoices } from '../api/list-task-list-choices.ts';
import { useTaskListPreview } from '../api/preview-task-group.ts';
import { requestContract } from './device-fields.ts';

const RUN_TASK_LIST = 'run-task-list';
const TASKS_URL = '/devices/tasks/groups';

const listIdOf = (values: FormValues): number | undefined => {
  const id = Number(values.task_list_id);
  return Number.isInteger(id) && id > 0 ? id : undefined;
};

/** The request of POST /devices/tasks/groups (and its dry run) the form's values make. */
const requestOf = (ids: readonly number[], values: FormValues) => ({
  action: 'task_list',
  device_ids: ids,
  task_list_id: listIdOf(values),
  deadline_hours:
    values.deadline_hours === '' || values.deadline_hours === undefined
      ? undefined
      : Number(values.deadline_hours),
});

/**
 * Execute task list (spec §2; issue 21 §2) on the selected devices: a saved list of steps, its
 * dry run as soon as it is chosen (the devices it reaches, those offline that run it when they
 * connect, those its firmware step leaves out and why), a deadline, then Start: the task group
 * is made and its progress opens in the Task manager.
 */
function RunTaskListBody({ ids, go }: { ids: readonly number[]; go: (path: string) => void }) {
  const { t } = useTranslation();
  const { close } = useModalControls();
  const lists = useTaskListChoices();
  const [chosen, setChosen] = useState<number>();
  const preview = useTaskListPreview(chosen, ids);
  const fields = useMemo<FieldSchema[]>(
    () => [
      {
        key: 'task_list_id',
        label: t('devices.taskList.list'),
        component: 'ItemSelect',
        required: true,
        optionDescriptionBlock: true,
        options: (lists.data ?? []).map((list) => ({
          value: list.id,
          label: list.name,
          description: `${list.company_name} · ${stepsText(t, list.steps)}`,
        })),
      },
      {
        key: 'deadline_hours',
        label: t('devices.task.deadline'),
        type: 'number',
        min: TASK_DEADLINE_HOURS.min,
        max: TASK_DEADLINE_HOURS.max,
        hint: t('devices.task.deadlineHint'),
      },
    ],
    [t, lists.data],
  );
  const contract = useMemo(
    () => requestContract(newTaskGroupSchema, (values) => requestOf(ids, values)),
    [ids],
  );
  const hear = useCallback((values: FormValues) => setChosen(listIdOf(values)), []);
  const steps = lists.data?.find((list) => list.id === chosen)?.steps;

  if (lists.isError) return <ErrorAlert>{messageOf(lists.error)}</ErrorAlert>;
  if (lists.isPending) return <PageLoading />;
  if (lists.data.length === 0) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography>{t('devices.taskList.none')}</Typography>
        {/* The modal is outside the router: the page that opened it navigates. */}
        <Button
          onClick={() => {
            close();
            go(`${pathOf('task-manager')}${TASK_LISTS_VIEW}`);
          }}
          data-testid="run-task-list-open-lists"
        >
          {t('devices.taskList.open')}
        </Button>
      </Stack>
    );
  }
  return (
    <Stack spacing={2} sx={{ minWidth: { sm: 480 } }}>
      <SchemaForm
        fields={fields}
        contract={contract}
        hideActions
        onValues={hear}
        submit={{
          url: TASKS_URL,
          data: (values: FormValues) => requestOf(ids, values),
          hideMsg: true,
          schema: {
            id: RUN_TASK_LIST,
            defaults: { deadline_hours: TASK_DEADLINE_HOURS.default },
            tableRef: ['tasks'],
          },
          onSuccess: (response) => {
            const group = (response as { data?: TaskGroup } | undefined)?.data;
            if (!group) return;
            // A group's total counts its devices (it holds a task per device and step).
            toast(t('devices.taskList.started', { count: group.total }), { type: 'success' });
            go(`${pathOf('task-manager')}?group=${group.id}`);
          },
          onClose: close,
        }}
      />
      {steps && (
        <Typography variant="body2" color="text.secondary" data-testid="run-task-list-steps">
          {stepsText(t, steps)}
        </Typography>
      )}
      <TaskListPreview
        preview={preview.data}
        error={preview.error}
        checking={chosen !== undefined && preview.isFetching && !preview.data}
      />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={close}>{t('forms.cancel')}</Button>
        {/* Start once the dry run has said what it will do. */}
        <Button
          type="submit"
          form={RUN_TASK_LIST}
          variant="contained"
          disabled={!preview.data || preview.isFetching}
          data-testid="run-task-list-start"
        >
          {t('devices.taskList.start')}
        </Button>
      </Stack>
    </Stack>
  );
}

registerModal(RUN_TASK_LIST, RunTaskListBody);

/** Opens "Run a task list" for these devices; `go` shows a page (the new group's progress, the lists). */
export function openRunTaskList(ids: readonly number[], go: (path: string) => void): void {
  openModal({
    id: RUN_TASK_LIST,
    title: i18next.t('devices.taskList.title'),
    subtitle: i18next.t('devices.bulk.selected', { count: ids.length }),
    component: RUN_TASK_LIST,
    props: { ids, go },
  });
}
