import { type BulkDevicesResult, bulkDevicesSchema } from '@fleetport/contracts/device-schemas';
import type { BulkDeviceAction } from '@fleetport/contracts/devices';
import type { QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldSchema, FormValues } from '../../../shared/forms/field-schema.ts';
import { SchemaForm } from '../../../shared/forms/SchemaForm.tsx';
import { confirmAction } from '../../../shared/modals/confirm-action.ts';
import { useModalControls } from '../../../shared/modals/controls.ts';
import { registerModal } from '../../../shared/modals/registry.ts';
import { openModal } from '../../../shared/modals/store.ts';
import { toast } from '../../../shared/toasts/toasts.tsx';
import { type BulkTarget, bulkDevices, bulkDone, targetBody } from '../api/bulk-devices.ts';
import { DEVICES_KEY } from '../api/list-devices.ts';
import { companyField, periodFields, periodValues, requestContract, tagsField } from './device-fields.ts';

const BULK_DEVICES = 'bulk-devices';

/** The request of POST /devices/bulk the form's values make (periods typed in minutes go in seconds). */
const requestOf = (action: BulkDeviceAction, target: BulkTarget, values: FormValues) => ({
  action,
  ...(action === 'period' ? periodValues(values) : values),
  ...targetBody(target),
});

/** Tags or a company or the periods for a bulk action, then POST /devices/bulk. */
function BulkDevicesBody({
  action,
  target,
  onDone,
}: {
  action: BulkDeviceAction;
  target: BulkTarget;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { close } = useModalControls();
  const fields = useMemo<FieldSchema[]>(
    () =>
      action === 'move'
        ? [companyField(t('devices.bulk.targetCompany'))]
        : action === 'period'
          ? periodFields(t)
          : [{ ...tagsField(t('devices.columns.tags')), required: true }],
    [t, action],
  );
  const contract = useMemo(
    () => requestContract(bulkDevicesSchema, (values) => requestOf(action, target, values)),
    [action, target],
  );
  return (
    <SchemaForm
      fields={fields}
      contract={contract}
      submitLabel={t('devices.bulk.apply')}
      onCancel={close}
      submit={{
        url: '/devices/bulk',
        data: (values: FormValues) => requestOf(action, target, values),
        hideMsg: true,
        schema: { id: BULK_DEVICES, tableRef: DEVICES_KEY },
        // The toast says what happened: "Tagged 12 devices.", "Moved 12 devices to Acme Berlin."
        onSuccess: (response) => {
          const result = (response as { data?: BulkDevicesResult } | undefined)?.data;
          if (result) toast(bulkDone(action, result), { type: 'success' });
          onDone();
        },
        onClose: close,
      }}
    />
  );
}

registerModal(BULK_DEVICES, BulkDevicesBody);

/** A bulk action on the selection or on every matching device; delete asks for the count to be typed. */
export function openBulkAction(
  action: BulkDeviceAction,
  target: BulkTarget,
  monitoring: boolean | undefined,
  queryClient: QueryClient,
  onDone: () => void,
): void {
  const count = 'ids' in target ? target.ids.length : target.count;
  const bulk = (extra: Record<string, unknown> = {}) => bulkDevices(action, target, extra).then(onDone);
  if (action === 'add_tags' || action === 'remove_tags' || action === 'move' || action === 'period') {
    const titles = {
      add_tags: 'devices.bulk.addTags',
      remove_tags: 'devices.bulk.removeTags',
      move: 'devices.bulk.move',
      period: 'devices.bulk.period',
    } as const;
    openModal({
      id: BULK_DEVICES,
      title: i18next.t(titles[action]),
      subtitle: i18next.t('devices.bulk.selected', { count }),
      component: BULK_DEVICES,
      props: { action, target, onDone },
    });
    return;
  }
  if (action === 'monitoring') {
    void confirmAction({
      id: 'bulk-monitoring',
      title: i18next.t(monitoring ? 'devices.bulk.monitoringOn' : 'devices.bulk.monitoringOff'),
      prompt: i18next.t(
        monitoring ? 'devices.bulk.monitoringOnConfirm' : 'devices.bulk.monitoringOffConfirm',
        { count },
      ),
      confirmLabel: i18next.t('devices.bulk.apply'),
      action: () => bulk({ monitoring: Boolean(monitoring) }),
      doneMessage: bulkDone('monitoring', { affected: count }, monitoring),
      queryClient,
      reload: [DEVICES_KEY],
    });
    return;
  }
  openModal({
    id: 'bulk-delete',
    title: i18next.t('devices.bulk.delete'),
    prompt: i18next.t('devices.bulk.deleteConfirm', { count }),
    input: { label: i18next.t('devices.bulk.deleteType', { count }), name: 'count' },
    confirmLabel: i18next.t('devices.bulk.delete'),
    minimizeDisable: true,
    disabled: (draft) => draft.value.trim() !== String(count),
    confirm: async () => {
      await bulk({ expected_count: count });
      toast(i18next.t('devices.bulk.deleted', { count }), { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: DEVICES_KEY });
    },
  });
}
