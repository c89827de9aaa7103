import type { DeviceAction } from '@fleetport/contracts/devices';
import i18next from 'i18next';
import { messageOf } from '../../../shared/api/messages.ts';
import { openActionStatus } from '../../../shared/modals/action-status.ts';
import { openModal } from '../../../shared/modals/store.ts';
import { toast } from '../../../shared/toasts/toasts.tsx';
import { startDeviceAction } from '../api/start-device-action.ts';

/** A device action from its page (reboot, refresh): its progress in the 'Action status' modal. */
export async function runDeviceAction(
  device: { id: number; name: string },
  action: DeviceAction,
): Promise<void> {
  try {
    const channel = await startDeviceAction(device.id, action);
    if (channel)
      openActionStatus(channel, { selection: [{ id: device.id, name: device.name }], autoClose: false });
  } catch (error) {
    toast(messageOf(error), { type: 'error' });
  }
}

/** Reboot asks first: the device goes offline for a while. */
export function confirmReboot(device: { id: number; name: string }): void {
  openModal({
    id: 'device-reboot',
    title: i18next.t('devices.page.reboot'),
    subtitle: device.name,
    prompt: i18next.t('devices.page.rebootConfirm', { name: device.name }),
    confirmLabel: i18next.t('devices.page.reboot'),
    minimizeDisable: true,
    confirm: () => runDeviceAction(device, 'reboot'),
  });
}
