import { type Device, type DeviceDetail, editDeviceSchema } from '@fleetport/contracts/device-schemas';
import i18next from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldSchema, FormValues } from '../../../shared/forms/field-schema.ts';
import { SchemaForm } from '../../../shared/forms/SchemaForm.tsx';
import { useModalControls } from '../../../shared/modals/controls.ts';
import { registerModal } from '../../../shared/modals/registry.ts';
import { openModal } from '../../../shared/modals/store.ts';
import { DEVICES_KEY } from '../api/list-devices.ts';
import { descriptionField, nameField, periodFields, periodValues, requestContract } from './device-fields.ts';

const EDIT_DEVICE = 'edit-device';

/** A row of the list, or the device of its page (which knows its periods). */
type EditedDevice = Device & Partial<Pick<DeviceDetail, 'dynamic_interval_s' | 'static_interval_s'>>;

/** The request of PATCH /devices/{id}: the periods typed in minutes go in seconds. */
const requestOf = (values: FormValues) => ({
  name: values.name,
  description: values.description ?? null,
  monitoring: Boolean(values.monitoring),
  ...periodValues(values),
});

const contract = requestContract(editDeviceSchema, requestOf);

/**
 * Spec §2 "Edit device": name, description, monitoring and its periods (shown in minutes, spec §9),
 * PATCH /devices/{id} (checked against its request schema `editDeviceSchema`).
 */
function EditDeviceBody({ device }: { device: EditedDevice }) {
  const { t } = useTranslation();
  const { close } = useModalControls();
  const fields = useMemo<FieldSchema[]>(
    () => [
      { ...nameField(t('devices.columns.name')), required: true },
      descriptionField(t('devices.fields.description')),
      { key: 'monitoring', label: t('devices.columns.monitoring'), type: 'checkbox' },
      ...periodFields(t),
    ],
    [t],
  );
  return (
    <SchemaForm
      fields={fields}
      contract={contract}
      submitLabel={t('devices.save')}
      onCancel={close}
      submit={{
        url: `/devices/${device.id}`,
        method: 'patch',
        item: t('devices.item'),
        data: requestOf,
        schema: {
          id: EDIT_DEVICE,
          defaults: {
            name: device.name,
            description: device.description ?? '',
            monitoring: device.monitoring,
            ...(device.dynamic_interval_s ? { dynamic_min: device.dynamic_interval_s / 60 } : {}),
            ...(device.static_interval_s ? { static_min: device.static_interval_s / 60 } : {}),
          },
          tableRef: DEVICES_KEY,
        },
        onClose: close,
      }}
    />
  );
}

registerModal(EDIT_DEVICE, EditDeviceBody);

export function openEditDevice(device: EditedDevice): void {
  openModal({
    id: EDIT_DEVICE,
    title: i18next.t('devices.edit'),
    subtitle: device.name,
    component: EDIT_DEVICE,
    props: { device },
  });
}
