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
import { useServerList } from '../../shared/grid/use-server-list.ts';
import { can, useSignedInUser } from '../../shared/lib/auth.ts';
import { ensureArea } from '../../shared/lib/i18n.ts';
import { USER_LIST_KEY, type UserListItem } from './api.ts';

// The strings of this code come with it, not with the page (lib/i18n.ts).
await Promise.all([ensureArea('admin'), ensureArea('grid')]);

// The row actions render inside the grid, which is lazy too: they come with it.
const UserActions = lazy(() =>
  import('./UserActions.tsx').then((module) => ({ default: module.UserActions })),
);
const dialogs = () => import('./user-dialogs.tsx');

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
  const list = useServerList<UserListItem>({
    gridId: 'users',
    url: '/users',
    queryKey: [...USER_LIST_KEY, companyId ?? 'all'],
    filterable,
    fixed: companyId ? { company_id: companyId } : undefined,
    initial: { sort: [{ field: 'email', sort: 'asc' }] },
  });

  return (
    <>
      <ListToolbar<UserListItem>
        searchLabel={t('admin.users.search')}
        onSearch={list.setSearch}
        csv={{
          url: '/users',
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
            to={companyId ? `/companies/${companyId}/users/invitations` : '/users/invitations'}
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
        list={list}
        label={t('route.users')}
        columns={columns}
        emptyText={t('admin.users.empty')}
      />
    </>
  );
}
