import type { CompanyFile } from '@fleetport/contracts/files';
import DownloadIcon from '@mui/icons-material/Download';
import RestoreIcon from '@mui/icons-material/SettingsBackupRestore';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { messageOf } from '../../shared/api/messages.ts';
import { can, useSignedInUser } from '../../shared/lib/auth.ts';
import { pathOf } from '../../shared/routing/web-routes.ts';
import { toast } from '../../shared/toasts/toasts.tsx';
import { type RowAction, RowActions } from '../../shared/ui/RowActions.tsx';
import { downloadBackup } from './api/download-backup.ts';

// The Restore dialog (its diff) is a chunk of its own, fetched on the first click.
const restoreDialog = () => import('../../shared/backups/restore-dialog.tsx');

/**
 * A backup's actions: Export (its archive) for everyone who sees it; with manage_devices,
 * Restore to a device (Upload to device): the device chosen (the backup's own first), the diff,
 * then its task, followed in the Task manager.
 */
export function BackupActions({ file }: { file: CompanyFile }) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  // The modal layer is outside the router: the task's page is opened through here.
  const navigate = useNavigate();
  const actions: RowAction[] = [
    {
      label: t('files.backups.export'),
      icon: <DownloadIcon fontSize="small" />,
      onClick: () =>
        void downloadBackup(file).catch((error: unknown) => toast(messageOf(error), { type: 'error' })),
    },
  ];
  if (can(user, 'manage_devices')) {
    actions.push({
      label: t('files.backups.restore'),
      icon: <RestoreIcon fontSize="small" />,
      onClick: () =>
        void restoreDialog().then((module) =>
          module.openRestoreBackup({
            file: { id: file.id, name: file.name },
            device:
              file.device_id !== null && file.device_name !== null
                ? { id: file.device_id, name: file.device_name }
                : undefined,
            choose: true,
            onStarted: (started, device) => {
              toast(t('files.backups.restoreStarted', { device: device.name }), { type: 'success' });
              void navigate(`${pathOf('task-manager')}?group=${started.group_id}`);
            },
          }),
        ),
    });
  }
  return <RowActions label={t('files.backups.rowActions', { name: file.name })} actions={actions} />;
}
