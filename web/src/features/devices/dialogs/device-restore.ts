import {
  ACTION_STATUS_EVENT,
  type ActionStatusItem,
  FINISHED_ACTION_ITEM_STATES,
} from '@fleetport/contracts/action-status';
import type { DeviceBackup } from '@fleetport/contracts/device-backups';
import type { QueryClient } from '@tanstack/react-query';
import { openRestoreBackup } from '../../../shared/backups/restore-dialog.tsx';
import { openActionStatus } from '../../../shared/modals/action-status.ts';
import { deviceTasksKey } from '../api/list-device-tasks.ts';
import { refreshConfiguration } from './ConfigSectionDialog.tsx';
import type { ActionTarget } from './device-action.ts';
import { taskChannel, taskStatusSource } from './task-status.ts';

/** How long the tab keeps following a restore after 'Action status' is gone (an offline device's may wait a day). */
const FOLLOW_MS = 10 * 60_000;

/**
 * Restore one of the device's backups to it (issue 22): the diff first (the shared Restore
 * dialog), then the config.write task followed in 'Action status' like the page's other
 * actions; the Configuration tab shows the restored tree once the device reports it.
 */
export function restoreDeviceBackup(
  device: ActionTarget,
  backup: Pick<DeviceBackup, 'id' | 'name'>,
  target: { companyId: number; revision: number | null },
  queryClient: QueryClient,
): void {
  openRestoreBackup({
    file: { id: backup.id, name: backup.name },
    device: { id: device.id, name: device.name },
    onStarted: (started) => {
      void queryClient.invalidateQueries({ queryKey: deviceTasksKey(device.id) });
      const shown = { id: device.id, name: device.name };
      const source = taskStatusSource({
        groupId: started.group_id,
        companyId: target.companyId,
        tasks: [{ taskId: started.task_id, device: shown, connected: device.connected }],
      });
      const channel = taskChannel(started.group_id);
      openActionStatus(channel, { selection: [shown], autoClose: false, source });
      // Followed apart from the modal, which the user may close before the device has applied it.
      let stop: (() => void) | undefined;
      const giveUp = setTimeout(() => stop?.(), FOLLOW_MS);
      stop = source.listen(channel, ACTION_STATUS_EVENT, (payload) => {
        const item = (payload as { items: ActionStatusItem[] }).items[0];
        if (!item || !FINISHED_ACTION_ITEM_STATES.has(item.state)) return;
        clearTimeout(giveUp);
        stop?.();
        void refreshConfiguration(queryClient, device.id, target.revision, item.state === 'succeeded');
      });
    },
  });
}
