import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import MoveIcon from '@mui/icons-material/DriveFileMoveOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import type { QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { can, useSignedInUser } from '../../shared/lib/auth.ts';
import { type RowAction, RowActions } from '../../shared/ui/RowActions.tsx';
import type { CompanyRef } from './company-dialogs.tsx';

const dialogs = () => import('./company-dialogs.tsx');

/**
 * Edit, move and delete for a company (spec §2 dialogs), for a user who manages companies.
 * Nobody but platform staff moves or deletes the company they belong to (the API refuses too).
 */
export function CompanyActions({
  company,
  queryClient,
  onDeleted,
}: {
  company: CompanyRef;
  queryClient: QueryClient;
  onDeleted?: () => void;
}) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const ownCompany = company.id === user.company_id && !can(user, 'super_admin');
  const actions: RowAction[] = [
    {
      label: t('admin.companies.edit'),
      icon: <EditIcon fontSize="small" />,
      onClick: () => void dialogs().then((module) => module.openEditCompany(company)),
    },
  ];
  if (!ownCompany) {
    actions.push(
      {
        label: t('admin.companies.move'),
        icon: <MoveIcon fontSize="small" />,
        onClick: () => void dialogs().then((module) => module.openMoveCompany(company)),
      },
      {
        label: t('admin.companies.delete'),
        icon: <DeleteIcon fontSize="small" />,
        onClick: () =>
          void dialogs()
            .then((module) => module.confirmDeleteCompany(company, queryClient))
            .then((deleted) => {
              if (deleted) onDeleted?.();
            }),
      },
    );
  }
  return <RowActions label={t('admin.companies.actions', { name: company.name })} actions={actions} />;
}
