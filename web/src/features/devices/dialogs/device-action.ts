import type { DeviceAction } from '@fleetport/contracts/devices';
import i18next from 'i18next';
import { messageOf } from '../../../shared/api/messages.ts';
import { openActionStatus } from '../../../shared/modals/action-status.ts';
import { openModal } from '../../../shared/modals/store.ts';
import { toast } from '../../../shared/toasts/toasts.tsx';
import { startDeviceAction } from '../api/start-device-action.ts';
import { taskChannel, taskStatusSource } from './task-status.ts';

/** The device an action is for, as its page knows it. */
export interface ActionTarget {
  id: number;
  name: string;
  /** Whether it is connected now: an offline device gets the action when it next connects. */
  connected: boolean;
}

/**
 * A device action from its page (reboot, refresh): a one-device task of the task engine, its
 * progress in the 'Action status' modal (an offline device's waits there until it connects).
 */
export async function runDeviceAction(
  device: ActionTarget,
  action: DeviceAction,
  companyId: number,
  onStarted?: () => void,
): Promise<void> {
  try {
    const started = await startDeviceAction(device.id, action);
    onStarted?.();
    const target = { id: device.id, name: device.name };
    openActionStatus(taskChannel(started.group_id), {
      selection: [target],
      autoClose: false,
      source: taskStatusSource({
        groupId: started.group_id,
        companyId,
        tasks: [{ taskId: started.task_id, device: target, connected: device.connected }],
      }),
    });
  } catch (error) {
    toast(messageOf(error), { type: 'error' });
  }
}

/** Reboot asks first: the device goes offline for a while (or, offline now, reboots when it connects). */
export function confirmReboot(device: ActionTarget, companyId: number, onStarted?: () => void): void {
  openModal({
    id: 'device-reboot',
    title: i18next.t('devices.page.reboot'),
    subtitle: device.name,
    prompt: i18next.t(device.connected ? 'devices.page.rebootConfirm' : 'devices.page.rebootWhenBack', {
      name: device.name,
    }),
    confirmLabel: i18next.t('devices.page.reboot'),
    minimizeDisable: true,
    confirm: () => runDeviceAction(device, 'reboot', companyId, onStarted),
  });
}
