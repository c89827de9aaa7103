import { type Device, setDeviceTagsSchema } from '@fleetport/contracts/device-schemas';
import i18next from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormValues } from '../../../shared/forms/field-schema.ts';
import { SchemaForm } from '../../../shared/forms/SchemaForm.tsx';
import { useModalControls } from '../../../shared/modals/controls.ts';
import { registerModal } from '../../../shared/modals/registry.ts';
import { openModal } from '../../../shared/modals/store.ts';
import { DEVICES_KEY } from '../api/list-devices.ts';
import { requestContract, tagsField } from './device-fields.ts';

const DEVICE_TAGS = 'device-list-tags';

/** The request of PUT /devices/{id}/tags: every tag the device keeps (none clears them). */
const requestOf = (values: FormValues) => ({ tag_ids: (values.tag_ids as number[] | undefined) ?? [] });

const contract = requestContract(setDeviceTagsSchema, requestOf);

/**
 * Spec §2 "Device list tags": the device's tags, from its company and the companies above it
 * (PUT /devices/{id}/tags, checked against its request schema `setDeviceTagsSchema`).
 */
function DeviceTagsBody({ device }: { device: Device }) {
  const { t } = useTranslation();
  const { close } = useModalControls();
  const fields = useMemo(() => [tagsField(t('devices.columns.tags'))], [t]);
  return (
    <SchemaForm
      fields={fields}
      contract={contract}
      submitLabel={t('devices.save')}
      onCancel={close}
      submit={{
        url: `/devices/${device.id}/tags`,
        method: 'put',
        item: t('devices.item'),
        data: requestOf,
        schema: {
          id: DEVICE_TAGS,
          defaults: { tag_ids: device.tags.map((tag) => tag.id) },
          tableRef: DEVICES_KEY,
        },
        onClose: close,
      }}
    />
  );
}

registerModal(DEVICE_TAGS, DeviceTagsBody);

export function openDeviceTags(device: Device): void {
  openModal({
    id: DEVICE_TAGS,
    title: i18next.t('devices.tagsTitle'),
    subtitle: device.name,
    component: DEVICE_TAGS,
    props: { device },
  });
}
