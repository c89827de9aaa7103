import { newTaskGroupSchema, TASK_DEADLINE_HOURS, type TaskGroup } from '@fleetport/contracts/tasks';
import i18next from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldSchema, FormValues } from '../../../shared/forms/field-schema.ts';
import { SchemaForm } from '../../../shared/forms/SchemaForm.tsx';
import { useModalControls } from '../../../shared/modals/controls.ts';
import { registerModal } from '../../../shared/modals/registry.ts';
import { openModal } from '../../../shared/modals/store.ts';
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
function RunTaskBody({ ids, onStarted }: { ids: readonly number[]; onStarted: (groupId: number) => void }) {
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
          onStarted(group.id);
        },
        onClose: close,
      }}
    />
  );
}

registerModal(RUN_TASK, RunTaskBody);

/** Opens "Run a task" for these devices; `onStarted` gets the new group's id (to show its progress). */
export function openRunTask(ids: readonly number[], onStarted: (groupId: number) => void): void {
  openModal({
    id: RUN_TASK,
    title: i18next.t('devices.task.title'),
    subtitle: i18next.t('devices.bulk.selected', { count: ids.length }),
    component: RUN_TASK,
    props: { ids, onStarted },
  });
}
