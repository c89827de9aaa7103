import { newTaskGroupSchema, TASK_DEADLINE_HOURS, type TaskGroup } from '@fleetport/contracts/tasks';
import Button from '@mui/material/Button';
import i18next from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldSchema, FormValues } from '../../../shared/forms/field-schema.ts';
import { SchemaForm } from '../../../shared/forms/SchemaForm.tsx';
import { useModalControls } from '../../../shared/modals/controls.ts';
import { registerModal } from '../../../shared/modals/registry.ts';
import { openModal } from '../../../shared/modals/store.ts';
import { pathOf } from '../../../shared/routing/web-routes.ts';
import { toast } from '../../../shared/toasts/toasts.tsx';
import { requestContract } from './device-fields.ts';

const RUN_TASK = 'run-task';
const TASKS_URL = '/devices/tasks/groups';

/** The request of POST /devices/tasks/groups the form's values make (a command only for the CLI). */
const requestOf = (ids: readonly number[], values: FormValues) => ({
  action: values.action,
  device_ids: ids,
  deadline_hours:
    values.deadline_hours === '' || values.deadline_hours === undefined
      ? undefined
      : Number(values.deadline_hours),
  ...(values.action === 'cli' ? { command: values.command } : {}),
});

/**
 * Run a task on the selected devices (a task group): reboot, fresh readings or a CLI command.
 * Devices offline now get it when they connect, until the deadline; its progress opens in the
 * Task manager.
 */
function RunTaskBody({ ids, go }: { ids: readonly number[]; go: (path: string) => void }) {
  const { t } = useTranslation();
  const { close } = useModalControls();
  const fields = useMemo<FieldSchema[]>(
    () => [
      {
        key: 'action',
        label: t('devices.task.action'),
        type: 'radio',
        required: true,
        options: [
          { value: 'reboot', label: t('devices.task.reboot') },
          { value: 'refresh', label: t('devices.task.refresh') },
          { value: 'cli', label: t('devices.task.cli') },
        ],
      },
      {
        key: 'command',
        label: t('devices.task.command'),
        required: true,
        maxlength: 1000,
        depends: [{ key: 'action', values: ['cli'] }],
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
    [t],
  );
  const contract = useMemo(
    () => requestContract(newTaskGroupSchema, (values) => requestOf(ids, values)),
    [ids],
  );
  return (
    <>
      {/* The modal is outside the router: the page that opened it navigates. */}
      <Button
        onClick={() => {
          close();
          go(`${pathOf('update-firmware')}?device_ids=${ids.join(',')}`);
        }}
        sx={{ mb: 2, px: 0 }}
        data-testid="run-task-firmware"
      >
        {t('devices.task.firmware')}
      </Button>
      <SchemaForm
        fields={fields}
        contract={contract}
        submitLabel={t('devices.task.start')}
        onCancel={close}
        submit={{
          url: TASKS_URL,
          data: (values: FormValues) => requestOf(ids, values),
          hideMsg: true,
          schema: {
            id: RUN_TASK,
            defaults: { action: 'reboot', deadline_hours: TASK_DEADLINE_HOURS.default },
            tableRef: ['tasks'],
          },
          onSuccess: (response) => {
            const group = (response as { data?: TaskGroup } | undefined)?.data;
            if (!group) return;
            toast(t('devices.task.started', { count: group.total }), { type: 'success' });
            go(`${pathOf('task-manager')}?group=${group.id}`);
          },
          onClose: close,
        }}
      />
    </>
  );
}

registerModal(RUN_TASK, RunTaskBody);

/** Opens "Run a task" for these devices; `go` shows a page (the new group's progress, Update firmware). */
export function openRunTask(ids: readonly number[], go: (path: string) => void): void {
  openModal({
    id: RUN_TASK,
    title: i18next.t('devices.task.title'),
    subtitle: i18next.t('devices.bulk.selected', { count: ids.length }),
    component: RUN_TASK,
    props: { ids, go },
  });
}
