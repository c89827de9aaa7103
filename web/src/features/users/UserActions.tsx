import type { UserListItem } from '@fleetport/contracts/users';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import LoginIcon from '@mui/icons-material/Login';
import RoleIcon from '@mui/icons-material/ManageAccountsOutlined';
import RequestIcon from '@mui/icons-material/MarkEmailReadOutlined';
import type { QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { can, isImpersonating, useSignedInUser } from '../../shared/lib/auth.ts';
import { type RowAction, RowActions } from '../../shared/ui/RowActions.tsx';

const dialogs = () => import('./user-dialogs.tsx');

/**
 * Change role and delete for a user other than oneself (the API refuses one's own too); for
 * admins who may impersonate, asking the user for access (an e-mail) and signing in as them.
 */
export function UserActions({ user, queryClient }: { user: UserListItem; queryClient: QueryClient }) {
  const { t } = useTranslation();
  const me = useSignedInUser();
  if (user.id === me.id) return null;
  const actions: RowAction[] = [
    {
      label: t('admin.users.editRole'),
      icon: <RoleIcon fontSize="small" />,
      onClick: () => void dialogs().then((module) => module.openEditUserRole(user)),
    },
    {
      label: t('admin.users.delete'),
      icon: <DeleteIcon fontSize="small" />,
      onClick: () => void dialogs().then((module) => module.confirmDeleteUser(user, queryClient)),
    },
  ];
  if (can(me, 'impersonate_users') && !isImpersonating(me)) {
    actions.push(
      {
        label: t('admin.impersonation.request'),
        icon: <RequestIcon fontSize="small" />,
        onClick: () => void dialogs().then((module) => module.askForImpersonation(user)),
      },
      {
        label: t('admin.impersonation.impersonate'),
        icon: <LoginIcon fontSize="small" />,
        onClick: () => void dialogs().then((module) => module.impersonate(user)),
      },
    );
  }
  return <RowActions label={t('admin.users.actions', { email: user.email })} actions={actions} />;
}
