import type { DeviceDetail } from '@fleetport/contracts/device-schemas';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedInUser } from '../../../shared/lib/auth.ts';
import { deviceTasksKey } from '../api/list-device-tasks.ts';

// Each dialog is its own chunk, fetched when it is first opened.
const deviceAction = () => import('../dialogs/device-action.ts');

/**
 * The device's actions beside its status (spec §2): refresh and reboot are tasks of the task
 * engine, their progress in 'Action status'; for an offline device they wait until it connects.
 */
export function DeviceActions({ device }: { device: DeviceDetail }) {
  const { t } = useTranslation();
  const companyId = useSignedInUser().company_id;
  const connected = device.status === 'online' || device.status === 'not_activated';
  const target = { id: device.id, name: device.name, connected };
  const queryClient = useQueryClient();
  // The device's Actions list shows the new task at once.
  const started = () => void queryClient.invalidateQueries({ queryKey: deviceTasksKey(device.id) });
  return (
    <>
      <Button
        onClick={() =>
          void deviceAction().then((module) => module.runDeviceAction(target, 'refresh', companyId, started))
        }
        data-testid="device-refresh"
      >
        {t('devices.page.refresh')}
      </Button>
      <Button
        onClick={() => void deviceAction().then((module) => module.confirmReboot(target, companyId, started))}
        data-testid="device-reboot"
      >
        {t('devices.page.reboot')}
      </Button>
      <Button
        variant="outlined"
        onClick={() =>
          void import('../dialogs/EditDeviceDialog.tsx').then((module) => module.openEditDevice(device))
        }
      >
        {t('devices.edit')}
      </Button>
      <MoreActions device={device} connected={connected} companyId={companyId} />
    </>
  );
}

/** The device's less frequent tools, in a menu beside its main actions. */
function MoreActions({
  device,
  connected,
  companyId,
}: {
  device: DeviceDetail;
  connected: boolean;
  companyId: number;
}) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const run = (action: () => void) => () => {
    setAnchor(null);
    action();
  };
  return (
    <>
      <Button
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        data-testid="device-more"
      >
        {t('device.more')}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem
          disabled={!connected}
          onClick={run(
            () =>
              void import('../dialogs/DeviceCliDialog.tsx').then((module) =>
                module.openDeviceCli(device, companyId),
              ),
          )}
          data-testid="device-cli"
        >
          {t('device.cli.title')}
        </MenuItem>
        <MenuItem
          disabled={!connected}
          onClick={run(
            () =>
              void import('../dialogs/PasswordManagerDialog.tsx').then((module) =>
                module.openPasswordManager([device]),
              ),
          )}
          data-testid="device-password"
        >
          {t('device.passwords.title')}
        </MenuItem>
        <MenuItem
          onClick={run(
            () => void import('../dialogs/NewNoteDialog.tsx').then((module) => module.openNewNote(device)),
          )}
          data-testid="device-new-note"
        >
          {t('device.notes.new')}
        </MenuItem>
        <MenuItem
          onClick={run(
            () =>
              void import('../dialogs/CustomBoxDialog.tsx').then((module) => module.openCustomBox(device)),
          )}
          data-testid="device-custom-box"
        >
          {t('device.custom.title')}
        </MenuItem>
        <MenuItem
          onClick={run(
            () =>
              void import('../dialogs/UpdateHistoryDialog.tsx').then((module) =>
                module.openUpdateHistory(device),
              ),
          )}
          data-testid="device-update-history"
        >
          {t('device.updates.title')}
        </MenuItem>
        <MenuItem
          onClick={run(
            () =>
              void import('../dialogs/DeviceTagsDialog.tsx').then((module) => module.openDeviceTags(device)),
          )}
        >
          {t('devices.page.editTags')}
        </MenuItem>
      </Menu>
    </>
  );
}
