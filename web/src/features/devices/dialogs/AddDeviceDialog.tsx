import i18next from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldSchema } from '../../../shared/forms/field-schema.ts';
import { SchemaForm } from '../../../shared/forms/SchemaForm.tsx';
import { useModalControls } from '../../../shared/modals/controls.ts';
import { registerModal } from '../../../shared/modals/registry.ts';
import { openModal } from '../../../shared/modals/store.ts';
import { DEVICE_LIST_KEY, DEVICES_URL } from '../api/list-devices.ts';
import { companyField } from './device-fields.ts';

const ADD_DEVICE = 'add-device';

/**
 * Spec §2 "Add device" (form): an approved device's serial and MAC address, into a company
 * (POST /devices; its request schema is the API's own, not yet in `contracts/`).
 */
function AddDeviceBody() {
  const { t } = useTranslation();
  const { close } = useModalControls();
  const fields = useMemo<FieldSchema[]>(
    () => [
      companyField(t('devices.columns.company')),
      { key: 'serial', label: t('devices.columns.serial'), required: true, maxlength: 20 },
      { key: 'mac', label: t('devices.columns.mac'), required: true, placeholder: '00:1E:42:12:34:56' },
      { key: 'name', label: t('devices.columns.name'), maxlength: 120 },
      { key: 'description', label: t('devices.fields.description'), type: 'textarea', maxlength: 500 },
    ],
    [t],
  );
  return (
    <SchemaForm
      fields={fields}
      submitLabel={t('devices.add.title')}
      onCancel={close}
      submit={{
        url: DEVICES_URL,
        item: t('devices.item'),
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
