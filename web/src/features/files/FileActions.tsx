import type { CompanyFile } from '@fleetport/contracts/files';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import DetailsIcon from '@mui/icons-material/DescriptionOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import ShareIcon from '@mui/icons-material/ShareOutlined';
import type { QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { messageOf } from '../../shared/api/messages.ts';
import { toast } from '../../shared/toasts/toasts.tsx';
import { type RowAction, RowActions } from '../../shared/ui/RowActions.tsx';
import { downloadFile } from './api/download-file.ts';

const details = () => import('./dialogs/file-details.tsx');
const permissions = () => import('./dialogs/file-permissions.tsx');
const deletion = () => import('./dialogs/delete-file.ts');

/**
 * A file's actions: download and details for everyone who sees it; File permissions (a company's
 * file) and Delete for those who manage it (`can_manage`, from the API).
 */
export function FileActions({ file, queryClient }: { file: CompanyFile; queryClient: QueryClient }) {
  const { t } = useTranslation();
  // The details' links show a page: the modal layer is outside the router, so they go through here.
  const navigate = useNavigate();
  const actions: RowAction[] = [
    {
      label: t('files.actions.download'),
      icon: <DownloadIcon fontSize="small" />,
      onClick: () =>
        void downloadFile(file).catch((error: unknown) => toast(messageOf(error), { type: 'error' })),
    },
    {
      label: t('files.actions.details'),
      icon: <DetailsIcon fontSize="small" />,
      onClick: () =>
        void details().then((module) => module.openFileDetails(file, (path) => void navigate(path))),
    },
  ];
  if (file.can_manage && !file.global) {
    actions.push({
      label: t('files.actions.permissions'),
      icon: <ShareIcon fontSize="small" />,
      onClick: () => void permissions().then((module) => module.openFilePermissions(file)),
    });
  }
  if (file.can_manage) {
    actions.push({
      label: t('files.actions.delete'),
      icon: <DeleteIcon fontSize="small" />,
      onClick: () => void deletion().then((module) => module.confirmDeleteFile(file, queryClient)),
    });
  }
  return <RowActions label={t('files.actions.label', { name: file.name })} actions={actions} />;
}
