import { truncateRoleName } from '@fleetport/contracts/limits';
import type { Role } from '@fleetport/contracts/roles';
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { actionsColumn } from '../../shared/grid/columns.tsx';
import type { ServerColumn } from '../../shared/grid/grid-query.ts';
import { ListGrid } from '../../shared/grid/ListGrid.tsx';
import { ListToolbar } from '../../shared/grid/ListToolbar.tsx';
import { can, useSignedInUser } from '../../shared/lib/auth.ts';
import { useRoleList } from './api/list-roles.ts';

const RoleActions = lazy(() =>
  import('./RoleActions.tsx').then((module) => ({ default: module.RoleActions })),
);
const dialogs = () => import('./role-dialogs.tsx');

/**
 * /users/roles (spec §2, §6): the built-in roles and the custom roles of the companies the user
 * sees, names cut to 45 characters (spec §9); new, edit and delete custom roles for role
 * managers; every role's permissions table for all.
 */
export default function RolesPage() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  const manages = can(user, 'manage_roles');
  const columns = useMemo<ServerColumn<Role>[]>(
    () => [
      {
        field: 'title',
        headerName: t('admin.roles.columns.title'),
        flex: 1.5,
        minWidth: 180,
        valueFormatter: (value: string) => truncateRoleName(value),
      },
      {
        field: 'company_name',
        headerName: t('admin.roles.columns.company'),
        flex: 1.2,
        minWidth: 150,
        valueGetter: (_value, row) => row.company_name ?? t('admin.roles.global'),
      },
      {
        field: 'scope',
        headerName: t('admin.roles.columns.scope'),
        width: 200,
        valueFormatter: (value: Role['scope']) => t(`admin.roles.scope.${value}`),
      },
      {
        field: 'permissions_count',
        headerName: t('admin.roles.columns.permissions'),
        type: 'number',
        width: 130,
      },
      { field: 'users', headerName: t('admin.roles.columns.users'), type: 'number', width: 100 },
      actionsColumn<Role>(t('admin.users.columns.actions'), 140, (row) => (
        <RoleActions role={row} manages={manages} queryClient={queryClient} />
      )),
    ],
    [t, manages, queryClient],
  );
  const list = useRoleList();
  return (
    <>
      <ListToolbar<Role>
        searchLabel={t('admin.roles.search')}
        onSearch={list.setSearch}
        search={list.state.search}
      >
        <Button component={RouterLink} to="/users">
          {t('route.users')}
        </Button>
        {manages && (
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => void dialogs().then((module) => module.openNewRole())}
            data-testid="new-role"
          >
            {t('admin.roles.new')}
          </Button>
        )}
      </ListToolbar>
      <ListGrid<Role>
        list={list}
        label={t('route.users_roles')}
        columns={columns}
        emptyText={t('admin.roles.empty')}
      />
    </>
  );
}
