import { type BulkDevicesResult, bulkDevicesSchema, type Device } from '@fleetport/contracts/device-schemas';
import type { BulkDeviceAction } from '@fleetport/contracts/devices';
import type { QueryClient } from '@tanstack/react-query';
import i18next, { type TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldSchema, FormValues, OptionCreator } from '../../../shared/forms/field-schema.ts';
import { SchemaForm } from '../../../shared/forms/SchemaForm.tsx';
import { can, useCurrentUser } from '../../../shared/lib/auth.ts';
import { confirmAction } from '../../../shared/modals/confirm-action.ts';
import { useModalControls } from '../../../shared/modals/controls.ts';
import { registerModal } from '../../../shared/modals/registry.ts';
import { openModal } from '../../../shared/modals/store.ts';
import { toast } from '../../../shared/toasts/toasts.tsx';
import { type BulkTarget, bulkDevices, bulkDone, targetBody } from '../api/bulk-devices.ts';
import { DEVICE_LIST_KEY, DEVICES_KEY } from '../api/list-devices.ts';
import { companyField, periodFields, periodValues, requestContract, tagsField } from './device-fields.ts';

const BULK_DEVICES = 'bulk-devices';

/** The request of POST /devices/bulk the form's values make (periods typed in minutes go in seconds). */
const requestOf = (action: BulkDeviceAction, target: BulkTarget, values: FormValues) => ({
  action,
  ...(action === 'period' ? periodValues(values) : values),
  ...targetBody(target),
});

/**
 * 'Add tags' makes a missing tag with the tags' own New tag form (shared/tags), named as typed
 * and in the devices' company when they share one; the tag made is chosen.
 */
function tagCreator(t: TFunction, companyId: number | undefined): OptionCreator {
  return {
    label: (name) => t('devices.bulk.createTag', { name }),
    create: async (name) => {
      // The form and the tags' strings load when first asked for, never with the devices page.
      const { openNewTag } = await import('../../../shared/tags/new-tag-dialog.tsx');
      const tag = await openNewTag({ companyId, name });
      return tag && { value: tag.id, label: tag.name };
    },
  };
}

/**
 * The one company every targeted device is in, when the page knows it already: the filter's
 * company, or that of each selected device in the list's cached pages (else none).
 */
function commonCompany(queryClient: QueryClient, target: BulkTarget): number | undefined {
  if (!('ids' in target)) {
    const id = Number(target.filter.company_id);
    return Number.isInteger(id) && id > 0 ? id : undefined;
  }
  const companyOf = new Map<number, number>();
  for (const [, page] of queryClient.getQueriesData<{ data?: Device[] }>({ queryKey: DEVICE_LIST_KEY })) {
    for (const row of page?.data ?? []) companyOf.set(row.id, row.company_id);
  }
  const companies = new Set(target.ids.map((id) => companyOf.get(id)));
  const [only] = companies;
  return companies.size === 1 ? only : undefined;
}

/** Tags or a company or the periods for a bulk action, then POST /devices/bulk. */
function BulkDevicesBody({
  action,
  target,
  companyId,
  onDone,
}: {
  action: BulkDeviceAction;
  target: BulkTarget;
  /** The targeted devices' one company, if known: a tag made here starts in it. */
  companyId?: number;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { close } = useModalControls();
  const user = useCurrentUser();
  // Who may make tags makes a missing one while adding tags (never while removing them).
  const createsTags = action === 'add_tags' && can(user, 'manage_tags');
  const fields = useMemo<FieldSchema[]>(
    () =>
      action === 'move'
        ? [companyField(t('devices.bulk.targetCompany'))]
        : action === 'period'
          ? periodFields(t)
          : [
              {
                ...tagsField(t('devices.columns.tags')),
                required: true,
                ...(createsTags
                  ? { create: tagCreator(t, companyId), hint: t('devices.bulk.createTagHint') }
                  : {}),
              },
            ],
    [t, action, createsTags, companyId],
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
      props: { action, target, onDone, companyId: commonCompany(queryClient, target) },
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
