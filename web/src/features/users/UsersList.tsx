import type { UserListItem } from '@fleetport/contracts/users';
import AddIcon from '@mui/icons-material/PersonAddAlt1';
import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { actionsColumn, dateColumn } from '../../shared/grid/columns.tsx';
import { filterParamsOf, type ServerColumn } from '../../shared/grid/grid-query.ts';
import { ListGrid } from '../../shared/grid/ListGrid.tsx';
import { ListToolbar } from '../../shared/grid/ListToolbar.tsx';
import type { GridPhone } from '../../shared/grid/phone.tsx';
import { can, useSignedInUser } from '../../shared/lib/auth.ts';
import { pathOf } from '../../shared/routing/web-routes.ts';
import { USERS_URL, useUserList } from './api/list-users.ts';

// The row actions render inside the grid, which is lazy too: they come with it.
const UserActions = lazy(() =>
  import('./UserActions.tsx').then((module) => ({ default: module.UserActions })),
);
const dialogs = () => import('./user-dialogs.tsx');

/** The grid on a phone (issue 28). */
const PHONE: GridPhone<UserListItem> = { keep: ['email'], title: (row) => row.email };

/**
 * The users of the companies the signed-in user sees (spec §2 /users), or of one company (its
 * Users tab): searched, sorted, filtered and paged by the server, columns kept in user storage,
 * CSV export; invite, change role and delete for those allowed (spec §6).
 */
export function UsersList({ companyId }: { companyId?: number }) {
  const { t, i18n } = useTranslation();
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  const manages = can(user, 'manage_users');
  const invites = can(user, 'manage_user_invitations');

  const columns = useMemo<ServerColumn<UserListItem>[]>(
    () => [
      {
        field: 'email',
        headerName: t('admin.users.columns.email'),
        flex: 2,
        minWidth: 200,
        filter: { param: 'email', match: 'contains' },
      },
      { field: 'username', headerName: t('admin.users.columns.name'), flex: 1, minWidth: 120 },
      ...(companyId
        ? []
        : [
            {
              field: 'company_name',
              headerName: t('admin.users.columns.company'),
              flex: 1.5,
              minWidth: 150,
              filter: { param: 'company_name', match: 'contains' },
            } satisfies ServerColumn<UserListItem>,
          ]),
      { field: 'role_title', headerName: t('admin.users.columns.role'), flex: 1, minWidth: 130 },
      {
        field: 'mfa_type',
        headerName: t('admin.users.columns.mfa'),
        width: 140,
        valueFormatter: (value: UserListItem['mfa_type']) =>
          value ? t(`admin.users.mfa.${value}`) : t('admin.users.mfa.none'),
      },
      dateColumn('created_at', t('admin.users.columns.created'), i18n.language),
      ...(manages
        ? [
            actionsColumn<UserListItem>(t('admin.users.columns.actions'), 110, (row) => (
              <UserActions user={row} queryClient={queryClient} />
            )),
          ]
        : []),
    ],
    [t, i18n.language, manages, queryClient, companyId],
  );
  const filterable = useMemo(() => filterParamsOf(columns), [columns]);
  const list = useUserList({ companyId, filterable });

  return (
    <>
      <ListToolbar<UserListItem>
        searchLabel={t('admin.users.search')}
        onSearch={list.setSearch}
        search={list.state.search}
        csv={{
          url: USERS_URL,
          params: list.exportParams,
          fileName: t('admin.users.exportFile'),
          columns: [
            { header: t('admin.users.columns.email'), value: (row) => row.email },
            { header: t('admin.users.columns.name'), value: (row) => row.username },
            { header: t('admin.users.columns.company'), value: (row) => row.company_name },
            { header: t('admin.users.columns.role'), value: (row) => row.role_title },
            { header: t('admin.users.columns.created'), value: (row) => row.created_at },
          ],
        }}
      >
        {can(user, 'view_user_invitations') && (
          <Button
            component={RouterLink}
            to={
              companyId
                ? pathOf('company.invitations', { company_id: companyId })
                : pathOf('users.invitations')
            }
          >
            {t('route.users_invitations')}
          </Button>
        )}
        {invites && (
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => void dialogs().then((module) => module.openInviteUser(companyId))}
            data-testid="invite-user"
          >
            {t('admin.users.invite')}
          </Button>
        )}
      </ListToolbar>
      <ListGrid<UserListItem>
        phone={PHONE}
        list={list}
        label={t('route.users')}
        columns={columns}
        emptyText={t('admin.users.empty')}
        noMatchText={t('admin.users.noMatch')}
      />
    </>
  );
}
