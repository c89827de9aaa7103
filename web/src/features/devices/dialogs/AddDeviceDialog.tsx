import { SERIAL_LENGTH } from '@fleetport/contracts/device-protocol';
import { addDeviceSchema } from '@fleetport/contracts/device-schemas';
import i18next from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldSchema, FormValues } from '../../../shared/forms/field-schema.ts';
import { SchemaForm } from '../../../shared/forms/SchemaForm.tsx';
import { useModalControls } from '../../../shared/modals/controls.ts';
import { registerModal } from '../../../shared/modals/registry.ts';
import { openModal } from '../../../shared/modals/store.ts';
import { DEVICE_LIST_KEY, DEVICES_URL } from '../api/list-devices.ts';
import { companyField, descriptionField, nameField, requestContract } from './device-fields.ts';

const ADD_DEVICE = 'add-device';

/** The request of POST /devices: a name left empty is none (the API names the device by its serial). */
const requestOf = ({ name, ...values }: FormValues) => ({ ...values, ...(name ? { name } : {}) });

const contract = requestContract(addDeviceSchema, requestOf);

/**
 * Spec §2 "Add device" (form): an approved device's serial and MAC address, into a company
 * (POST /devices, checked against its request schema `addDeviceSchema`).
 */
function AddDeviceBody() {
  const { t } = useTranslation();
  const { close } = useModalControls();
  const fields = useMemo<FieldSchema[]>(
    () => [
      companyField(t('devices.columns.company')),
      {
        key: 'serial',
        label: t('devices.columns.serial'),
        required: true,
        maxlength: SERIAL_LENGTH.max,
        patternMessage: t('devices.fields.serialFormat', SERIAL_LENGTH),
      },
      {
        key: 'mac',
        label: t('devices.columns.mac'),
        required: true,
        placeholder: '00:1E:42:12:34:56',
        patternMessage: t('devices.fields.macFormat'),
      },
      nameField(t('devices.columns.name')),
      descriptionField(t('devices.fields.description')),
    ],
    [t],
  );
  return (
    <SchemaForm
      fields={fields}
      contract={contract}
      submitLabel={t('devices.add.title')}
      onCancel={close}
      submit={{
        url: DEVICES_URL,
        item: t('devices.item'),
        data: requestOf,
        schema: { id: ADD_DEVICE, tableRef: DEVICE_LIST_KEY },
        onClose: close,
      }}
    />
  );
}

registerModal(ADD_DEVICE, AddDeviceBody);

export function openAddDevice(): void {
  openModal({ id: ADD_DEVICE, title: i18next.t('devices.add.title'), component: ADD_DEVICE, props: {} });
}
