import {
  ACTION_STATUS_EVENT,
  type ActionStatusItem,
  FINISHED_ACTION_ITEM_STATES,
} from '@fleetport/contracts/action-status';
import type { QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { messageOf } from '../../../shared/api/messages.ts';
import { openActionStatus } from '../../../shared/modals/action-status.ts';
import { confirmModal } from '../../../shared/modals/prompts.ts';
import { pathOf } from '../../../shared/routing/web-routes.ts';
import { toast } from '../../../shared/toasts/toasts.tsx';
import { deviceBackupsKey } from '../api/list-device-backups.ts';
import { deviceTasksKey } from '../api/list-device-tasks.ts';
import { startBackups } from '../api/start-backups.ts';
import { startDeviceAction } from '../api/start-device-action.ts';
import type { ActionTarget } from './device-action.ts';
import { taskChannel, taskStatusSource } from './task-status.ts';

/** How long the Backups list keeps following a backup after 'Action status' is gone (an offline device's may wait a day). */
const FOLLOW_MS = 10 * 60_000;

/**
 * Take a backup of one device (issue 22): a one-device task (POST /devices/{id}/actions
 * `backup`), followed in 'Action status' like the page's other actions; the device's Backups
 * list reloads when it ends.
 */
export async function takeBackup(
  device: ActionTarget,
  companyId: number,
  queryClient: QueryClient,
): Promise<void> {
  try {
    const started = await startDeviceAction(device.id, 'backup');
    // The device's Actions list shows the new task at once.
    void queryClient.invalidateQueries({ queryKey: deviceTasksKey(device.id) });
    const shown = { id: device.id, name: device.name };
    const source = taskStatusSource({
      groupId: started.group_id,
      companyId,
      tasks: [{ taskId: started.task_id, device: shown, connected: device.connected }],
    });
    const channel = taskChannel(started.group_id);
    openActionStatus(channel, { selection: [shown], autoClose: false, source });
    // Followed apart from the modal, which the user may close before the device has uploaded.
    let stop: (() => void) | undefined;
    const giveUp = setTimeout(() => stop?.(), FOLLOW_MS);
    stop = source.listen(channel, ACTION_STATUS_EVENT, (payload) => {
      const item = (payload as { items: ActionStatusItem[] }).items[0];
      if (!item || !FINISHED_ACTION_ITEM_STATES.has(item.state)) return;
      clearTimeout(giveUp);
      stop?.();
      void queryClient.invalidateQueries({ queryKey: deviceBackupsKey(device.id) });
    });
  } catch (error) {
    toast(messageOf(error), { type: 'error' });
  }
}

/**
 * Take a backup of the selected devices (the devices list's bulk bar): asked first, then a
 * `backup.upload` task group, whose progress opens in the Task manager (`go`).
 */
export async function confirmBackups(ids: readonly number[], go: (path: string) => void): Promise<void> {
  const count = ids.length;
  const confirmed = await confirmModal({
    id: 'bulk-backup',
    title: i18next.t('device.backups.take'),
    subtitle: i18next.t('devices.bulk.selected', { count }),
    prompt: i18next.t('device.backups.takeMany', { count }),
    confirmLabel: i18next.t('device.backups.take'),
    minimizeDisable: true,
  });
  if (!confirmed) return;
  try {
    const group = await startBackups(ids);
    toast(i18next.t('device.backups.started', { count: group.total }), { type: 'success' });
    go(`${pathOf('task-manager')}?group=${group.id}`);
  } catch (error) {
    toast(messageOf(error), { type: 'error' });
  }
}
