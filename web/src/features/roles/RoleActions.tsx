import type { Role } from '@fleetport/contracts/roles';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import ListIcon from '@mui/icons-material/ListAlt';
import type { QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type RowAction, RowActions } from '../../shared/ui/RowActions.tsx';

const dialogs = () => import('./role-dialogs.tsx');

/** A role's permissions for everyone; edit and delete for a custom role, for role managers. */
export function RoleActions({
  role,
  manages,
  queryClient,
}: {
  role: Role;
  manages: boolean;
  queryClient: QueryClient;
}) {
  const { t } = useTranslation();
  const actions: RowAction[] = [
    {
      label: t('admin.roles.viewPermissions'),
      icon: <ListIcon fontSize="small" />,
      onClick: () => void dialogs().then((module) => module.openRolePermissions(role)),
    },
  ];
  if (manages && !role.built_in) {
    actions.push(
      {
        label: t('admin.roles.edit'),
        icon: <EditIcon fontSize="small" />,
        onClick: () => void dialogs().then((module) => module.openEditRole(role)),
      },
      {
        label: t('admin.roles.delete'),
        icon: <DeleteIcon fontSize="small" />,
        onClick: () => void dialogs().then((module) => module.confirmDeleteRole(role, queryClient)),
      },
    );
  }
  return <RowActions label={t('admin.roles.actions', { title: role.title })} actions={actions} />;
}
