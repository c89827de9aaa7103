import type { ApprovedDevice } from '@fleetport/contracts/device-schemas';
import type { QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { confirmAction } from '../../../shared/modals/confirm-action.ts';
import { APPROVED_KEY } from '../api/list-approved-devices.ts';
import { removeApprovedDevice } from '../api/remove-approved-device.ts';

/** Removes an identity from Approved Devices after asking; the list is loaded again. */
export function confirmRemoveApproved(row: ApprovedDevice, queryClient: QueryClient): Promise<boolean> {
  const serial = row.serial;
  return confirmAction({
    id: 'remove-approved-device',
    title: i18next.t('device.approved.remove'),
    subtitle: serial,
    prompt: i18next.t('device.approved.removeConfirm', { serial }),
    confirmLabel: i18next.t('device.approved.removeButton'),
    action: () => removeApprovedDevice(row.id),
    doneMessage: i18next.t('device.approved.removed', { serial }),
    queryClient,
    reload: [APPROVED_KEY],
  });
}
