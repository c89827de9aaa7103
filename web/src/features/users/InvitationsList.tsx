import type { UserInvitation } from '@fleetport/contracts/users';
import AddIcon from '@mui/icons-material/PersonAddAlt1';
import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { actionsColumn } from '../../shared/grid/columns.tsx';
import type { ServerColumn } from '../../shared/grid/grid-query.ts';
import { ListGrid } from '../../shared/grid/ListGrid.tsx';
import { ListToolbar } from '../../shared/grid/ListToolbar.tsx';
import type { GridPhone } from '../../shared/grid/phone.tsx';
import { can, useSignedInUser } from '../../shared/lib/auth.ts';
import { formatDateTime } from '../../shared/lib/dates.ts';
import { pathOf } from '../../shared/routing/web-routes.ts';
import { useInvitationList } from './api/list-invitations.ts';

const InvitationActions = lazy(() =>
  import('./InvitationActions.tsx').then((module) => ({ default: module.InvitationActions })),
);
const dialogs = () => import('./user-dialogs.tsx');

/** The grid on a phone (issue 28). */
const PHONE: GridPhone<UserInvitation> = { keep: ['email'], title: (row) => row.email };

/**
 * Open invitations (spec §2 /users/invitations, or a company's Invitations tab): who was
 * invited where with which role, by whom, until when; resend and delete for those allowed.
 */
export function InvitationsList({ companyId }: { companyId?: number }) {
  const { t, i18n } = useTranslation();
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  const manages = can(user, 'manage_user_invitations');
  const columns = useMemo<ServerColumn<UserInvitation>[]>(
    () => [
      { field: 'email', headerName: t('admin.users.columns.email'), flex: 2, minWidth: 200 },
      ...(companyId
        ? []
        : [
            {
              field: 'company_name',
              headerName: t('admin.users.columns.company'),
              flex: 1.5,
              minWidth: 150,
            } satisfies ServerColumn<UserInvitation>,
          ]),
      { field: 'role_title', headerName: t('admin.users.columns.role'), flex: 1, minWidth: 130 },
      { field: 'invited_by', headerName: t('admin.invitations.columns.invitedBy'), flex: 1.5, minWidth: 160 },
      {
        field: 'sent_at',
        headerName: t('admin.invitations.columns.sent'),
        width: 170,
        valueFormatter: (value: string) => formatDateTime(value, i18n.language),
      },
      {
        field: 'expires_at',
        headerName: t('admin.invitations.columns.expires'),
        width: 190,
        renderCell: ({ row }) =>
          row.expired ? t('admin.invitations.expired') : formatDateTime(row.expires_at, i18n.language),
      },
      ...(manages
        ? [
            actionsColumn<UserInvitation>(t('admin.users.columns.actions'), 110, (row) => (
              <InvitationActions invitation={row} queryClient={queryClient} />
            )),
          ]
        : []),
    ],
    [t, i18n.language, manages, queryClient, companyId],
  );
  const list = useInvitationList({ companyId });
  return (
    <>
      <ListToolbar<UserInvitation>
        searchLabel={t('admin.invitations.search')}
        onSearch={list.setSearch}
        search={list.state.search}
      >
        <Button
          component={RouterLink}
          to={companyId ? pathOf('company.userstable', { company_id: companyId }) : pathOf('users')}
        >
          {t('route.users')}
        </Button>
        {manages && (
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => void dialogs().then((module) => module.openInviteUser(companyId))}
          >
            {t('admin.users.invite')}
          </Button>
        )}
      </ListToolbar>
      <ListGrid<UserInvitation>
        phone={PHONE}
        list={list}
        label={t('route.users_invitations')}
        columns={columns}
        emptyText={t('admin.invitations.empty')}
      />
    </>
  );
}
