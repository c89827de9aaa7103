import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import RoleIcon from '@mui/icons-material/ManageAccountsOutlined';
import type { QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RowActions } from '../../components/RowActions.tsx';
import { useSignedInUser } from '../../lib/auth.ts';
import type { UserListItem } from './api.ts';

const dialogs = () => import('./user-dialogs.tsx');

/** Change role and delete for a user other than oneself (the API refuses one's own too). */
export function UserActions({ user, queryClient }: { user: UserListItem; queryClient: QueryClient }) {
  const { t } = useTranslation();
  const me = useSignedInUser();
  if (user.id === me.id) return null;
  return (
    <RowActions
      label={t('admin.users.actions', { email: user.email })}
      actions={[
        {
          label: t('admin.users.editRole'),
          icon: <RoleIcon fontSize="small" />,
          onClick: () => void dialogs().then((module) => module.openEditUserRole(user)),
        },
        {
          label: t('admin.users.delete'),
          icon: <DeleteIcon fontSize="small" />,
          onClick: () => void dialogs().then((module) => module.deleteUser(user, queryClient)),
        },
      ]}
    />
  );
}
