import {
  ACTION_STATUS_EVENT,
  type ActionStatusItem,
  FINISHED_ACTION_ITEM_STATES,
} from '@fleetport/contracts/action-status';
import { templateFromDeviceSchema } from '@fleetport/contracts/config-templates';
import type { DeviceTemplate } from '@fleetport/contracts/device-config';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../shared/api/messages.ts';
import { settingText, settingValue } from '../../../shared/config/template-words.ts';
import type { FieldSchema, FormValues } from '../../../shared/forms/field-schema.ts';
import { SchemaForm } from '../../../shared/forms/SchemaForm.tsx';
import { openActionStatus } from '../../../shared/modals/action-status.ts';
import { useModalControls } from '../../../shared/modals/controls.ts';
import { confirmModal } from '../../../shared/modals/prompts.ts';
import { registerModal } from '../../../shared/modals/registry.ts';
import { openModal } from '../../../shared/modals/store.ts';
import { pathOf } from '../../../shared/routing/web-routes.ts';
import { toast } from '../../../shared/toasts/toasts.tsx';
import { applyTemplate } from '../api/apply-template.ts';
import { deviceTasksKey } from '../api/list-device-tasks.ts';
import { listGroupTaskStates } from '../api/list-group-task-states.ts';
import { SAVE_TEMPLATE_URL } from '../api/save-template-from-device.ts';
import { refreshConfiguration } from './ConfigSectionDialog.tsx';
import type { ActionTarget } from './device-action.ts';
import { requestContract } from './device-fields.ts';
import { taskChannel, taskStatusSource } from './task-status.ts';

/**
 * The device page's template actions (Saved configurations, Templates; issue 22): its
 * differences from the template it follows, Save as template, and Apply the template. A chunk of
 * its own (the form engine, the contract), fetched on the first click.
 */

const DIFFERENCES = 'device-template-differences';
const SAVE_TEMPLATE = 'device-save-template';

/** How long the tab keeps following the change after 'Action status' is gone (an offline device's may wait a day). */
const FOLLOW_MS = 10 * 60_000;

/** Each setting that differs: in words, the device's value, then the template's. */
function DifferencesBody({ template }: { template: DeviceTemplate }) {
  const { t } = useTranslation();
  return (
    <Table
      size="small"
      aria-label={t('device.templates.differences.title')}
      data-testid="template-differences"
    >
      <TableHead>
        <TableRow>
          <TableCell>{t('device.templates.differences.setting')}</TableCell>
          <TableCell>{t('device.templates.differences.device')}</TableCell>
          <TableCell>{t('device.templates.differences.template')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {template.drift.map((line) => (
          <TableRow key={`${line.section}.${line.option}`} data-testid="template-difference">
            <TableCell>{settingText(t, line.section, line.option)}</TableCell>
            <TableCell>{settingValue(t, line.section, line.option, line.from)}</TableCell>
            <TableCell>{`→ ${settingValue(t, line.section, line.option, line.to)}`}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

registerModal(DIFFERENCES, DifferencesBody);

/** 'Show differences': what the device holds against its template, setting by setting. */
export function openDifferences(device: { id: number; name: string }, template: DeviceTemplate): void {
  openModal({
    id: `${DIFFERENCES}-${device.id}`,
    title: i18next.t('device.templates.differences.title'),
    subtitle: i18next.t('device.templates.differences.subtitle', {
      device: device.name,
      name: template.name,
    }),
    component: DIFFERENCES,
    props: { template },
  });
}

const saveRequest = (deviceId: number, values: FormValues) => ({
  device_id: deviceId,
  name: typeof values.name === 'string' ? values.name : '',
  description: typeof values.description === 'string' ? values.description : '',
});

/** Save as template: a name (and a description) for the device's settings; a taken name is said at the field. */
function SaveTemplateBody({ device, go }: { device: { id: number }; go: (path: string) => void }) {
  const { t } = useTranslation();
  const { close } = useModalControls();
  const fields = useMemo<FieldSchema[]>(
    () => [
      { key: 'name', label: t('device.templates.editor.name'), required: true },
      { key: 'description', label: t('device.templates.editor.description'), type: 'textarea' },
    ],
    [t],
  );
  const contract = useMemo(
    () => requestContract(templateFromDeviceSchema, (values) => saveRequest(device.id, values)),
    [device.id],
  );
  return (
    <SchemaForm
      fields={fields}
      contract={contract}
      submitLabel={t('device.templates.saveAs.submit')}
      onCancel={close}
      submit={{
        url: SAVE_TEMPLATE_URL,
        data: (values: FormValues) => saveRequest(device.id, values),
        hideMsg: true,
        schema: { id: SAVE_TEMPLATE, tableRef: ['config-templates'] },
        onSuccess: (response) => {
          const saved = (response as { data?: { name: string } } | undefined)?.data;
          toast(t('device.templates.saveAs.done', { name: saved?.name ?? '' }), {
            type: 'success',
            duration: 8_000,
            link: {
              label: t('device.templates.saveAs.open'),
              onClick: () => go(pathOf('device-configuration')),
            },
          });
        },
        onClose: close,
      }}
    />
  );
}

registerModal(SAVE_TEMPLATE, SaveTemplateBody);

/** Opens Save as template; `go` navigates (the modal is outside the router). */
export function openSaveTemplate(device: { id: number; name: string }, go: (path: string) => void): void {
  openModal({
    id: SAVE_TEMPLATE,
    title: i18next.t('device.templates.saveAs.title'),
    subtitle: device.name,
    component: SAVE_TEMPLATE,
    props: { device: { id: device.id }, go },
  });
}

/**
 * Apply the template: asked first, then the template's settings as one change of the device (a
 * config.write task group of one), followed in 'Action status' like the page's other actions;
 * the tab reads the configuration again when it ends, and shows it back in line.
 */
export async function confirmApplyTemplate(
  device: ActionTarget,
  template: DeviceTemplate,
  companyId: number,
  revision: number | null,
  queryClient: QueryClient,
): Promise<void> {
  const confirmed = await confirmModal({
    id: `device-apply-template-${device.id}`,
    title: i18next.t('device.templates.applyOne.title'),
    subtitle: device.name,
    prompt: i18next.t(
      device.connected ? 'device.templates.applyOne.prompt' : 'device.templates.applyOne.offline',
      {
        name: template.name,
        count: template.drift.length,
      },
    ),
    confirmLabel: i18next.t('device.templates.applyOne.confirm'),
    minimizeDisable: true,
  });
  if (!confirmed) return;
  try {
    const group = await applyTemplate(device.id, template.id);
    void queryClient.invalidateQueries({ queryKey: deviceTasksKey(device.id) });
    const task = (await listGroupTaskStates(group.id)).find((one) => one.device_id === device.id);
    if (!task) return;
    const shown = { id: device.id, name: device.name };
    const source = taskStatusSource({
      groupId: group.id,
      companyId,
      tasks: [{ taskId: task.id, device: shown, connected: device.connected }],
    });
    const channel = taskChannel(group.id);
    openActionStatus(channel, { selection: [shown], autoClose: false, source });
    // Followed apart from the modal, which the user may close before the device has applied it.
    let stop: (() => void) | undefined;
    const giveUp = setTimeout(() => stop?.(), FOLLOW_MS);
    stop = source.listen(channel, ACTION_STATUS_EVENT, (payload) => {
      const item = (payload as { items: ActionStatusItem[] }).items[0];
      if (!item || !FINISHED_ACTION_ITEM_STATES.has(item.state)) return;
      clearTimeout(giveUp);
      stop?.();
      void refreshConfiguration(queryClient, device.id, revision, item.state === 'succeeded');
    });
  } catch (error) {
    toast(messageOf(error), { type: 'error' });
  }
}
