import type { UserInvitation } from '@fleetport/contracts/users';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import SendIcon from '@mui/icons-material/Send';
import type { QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RowActions } from '../../shared/ui/RowActions.tsx';

const dialogs = () => import('./user-dialogs.tsx');

/** Resend (a new link and expiry) and delete for an open invitation. */
export function InvitationActions({
  invitation,
  queryClient,
}: {
  invitation: UserInvitation;
  queryClient: QueryClient;
}) {
  const { t } = useTranslation();
  return (
    <RowActions
      label={t('admin.invitations.actions', { email: invitation.email })}
      actions={[
        {
          label: t('admin.invitations.resend'),
          icon: <SendIcon fontSize="small" />,
          onClick: () => void dialogs().then((module) => module.resendAndReload(invitation, queryClient)),
        },
        {
          label: t('admin.invitations.delete'),
          icon: <DeleteIcon fontSize="small" />,
          onClick: () =>
            void dialogs().then((module) => module.confirmDeleteInvitation(invitation, queryClient)),
        },
      ]}
    />
  );
}
