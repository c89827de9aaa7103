import { PERMISSION_CATEGORIES, type PermissionCategory } from '@fleetport/contracts/permissions';
import { editRoleSchema, newRoleSchema } from '@fleetport/contracts/role-forms';
import type { Role } from '@fleetport/contracts/roles';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { QueryClient } from '@tanstack/react-query';
import i18next, { type TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldSchema } from '../../shared/forms/field-schema.ts';
import { SchemaForm } from '../../shared/forms/SchemaForm.tsx';
import { can, useSignedInUser } from '../../shared/lib/auth.ts';
import { confirmAction } from '../../shared/modals/confirm-action.ts';
import { useModalControls } from '../../shared/modals/controls.ts';
import { registerModal } from '../../shared/modals/registry.ts';
import { openModal } from '../../shared/modals/store.ts';
import { deleteRole } from './api/delete-role.ts';
import { ROLE_OPTIONS_KEY } from './api/list-assignable-roles.ts';
import { ROLES_KEY, ROLES_URL } from './api/list-roles.ts';

const NEW_ROLE = 'new-role';
const EDIT_ROLE = 'edit-role';
const ROLE_PERMISSIONS = 'role-permissions';

const CATEGORIES = Object.keys(PERMISSION_CATEGORIES) as PermissionCategory[];

/** The permissions a role may be given, grouped by category: those the signed-in user holds. */
function permissionOptions(t: TFunction, held: ReadonlySet<string>) {
  return CATEGORIES.flatMap((category) =>
    PERMISSION_CATEGORIES[category]
      .filter((name) => name !== 'super_admin' && held.has(name))
      .map((name) => ({
        value: name,
        label: name,
        group: t(`layout.permissions.category.${category}`),
      })),
  );
}

function roleFields(t: TFunction, held: ReadonlySet<string>, companyScoped: boolean): FieldSchema[] {
  return [
    // Their maxlengths are the contract's (ROLE_TITLE_MAX_LENGTH, ROLE_DESCRIPTION_MAX_LENGTH).
    { key: 'title', label: t('admin.roles.fields.title'), required: true },
    { key: 'description', label: t('admin.roles.fields.description'), type: 'textarea' },
    {
      key: 'scope',
      label: t('admin.roles.fields.scope'),
      type: 'radio',
      required: true,
      options: [
        { value: 'company', label: t('admin.roles.scope.company') },
        // A user whose own role is for one company cannot make a role for a whole subtree.
        { value: 'subtree', label: t('admin.roles.scope.subtree'), disabled: companyScoped },
      ],
    },
    {
      key: 'permissions',
      label: t('admin.roles.fields.permissions'),
      type: 'checkbox',
      required: true,
      options: permissionOptions(t, held),
    },
  ];
}

/** Spec §2 'New role': a custom role of a company, its permissions grouped by category. */
function NewRoleBody() {
  const { t } = useTranslation();
  const { close } = useModalControls();
  const user = useSignedInUser();
  const fields = useMemo<FieldSchema[]>(
    () => [
      {
        key: 'company_id',
        label: t('admin.roles.fields.company'),
        component: 'ItemSelect',
        required: true,
        options: { url: '/companies', fields: ['id', 'name'], params: { sort: 'name' } },
      },
      ...roleFields(t, new Set(user.permissions), !can(user, 'manage_companies')),
    ],
    [t, user],
  );
  return (
    <SchemaForm
      fields={fields}
      contract={newRoleSchema}
      submitLabel={t('admin.roles.new')}
      onCancel={close}
      submit={{
        url: ROLES_URL,
        item: t('admin.roles.item'),
        schema: {
          id: NEW_ROLE,
          defaults: { company_id: user.company_id, scope: 'company' },
          tableRef: ROLES_KEY,
        },
        reload: [ROLE_OPTIONS_KEY],
        onClose: close,
      }}
    />
  );
}

/** Edit role: title, description, scope and permissions; its holders follow at once. */
function EditRoleBody({ role }: { role: Role }) {
  const { t } = useTranslation();
  const { close } = useModalControls();
  const user = useSignedInUser();
  const fields = useMemo(
    () => roleFields(t, new Set(user.permissions), !can(user, 'manage_companies')),
    [t, user],
  );
  return (
    <SchemaForm
      fields={fields}
      contract={editRoleSchema}
      submitLabel={t('admin.companies.save')}
      onCancel={close}
      submit={{
        url: `/roles/${role.id}`,
        method: 'put',
        item: t('admin.roles.item'),
        schema: {
          id: EDIT_ROLE,
          defaults: {
            title: role.title,
            description: role.description,
            scope: role.scope === 'all' ? 'subtree' : role.scope,
            permissions: role.permissions,
          },
          tableRef: ROLES_KEY,
        },
        reload: [ROLE_OPTIONS_KEY],
        onClose: close,
      }}
    />
  );
}

/** Spec §2 'Role permissions table': what a role may do, by category. */
function RolePermissionsBody({ role }: { role: Role }) {
  const { t } = useTranslation();
  const held = new Set(role.permissions);
  const groups = CATEGORIES.map((category) => ({
    category,
    names: PERMISSION_CATEGORIES[category].filter((name) => held.has(name)),
  })).filter((group) => group.names.length > 0);
  return (
    <Stack spacing={2} data-testid="role-permissions">
      {role.description && <Typography variant="body2">{role.description}</Typography>}
      {groups.map(({ category, names }) => (
        <div key={category}>
          <Typography variant="overline" component="h3">
            {t(`layout.permissions.category.${category}`)}
          </Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            {names.map((name) => (
              <Chip
                key={name}
                label={name}
                size="small"
                variant="outlined"
                sx={{ fontFamily: 'monospace' }}
              />
            ))}
          </Stack>
        </div>
      ))}
    </Stack>
  );
}

registerModal(NEW_ROLE, NewRoleBody);
registerModal(EDIT_ROLE, EditRoleBody);
registerModal(ROLE_PERMISSIONS, RolePermissionsBody);

export function openNewRole(): void {
  openModal({ id: NEW_ROLE, title: i18next.t('admin.roles.new'), component: NEW_ROLE });
}

export function openEditRole(role: Role): void {
  openModal({
    id: EDIT_ROLE,
    title: i18next.t('admin.roles.edit'),
    subtitle: role.title,
    component: EDIT_ROLE,
    props: { role },
  });
}

export function openRolePermissions(role: Role): void {
  openModal({
    id: ROLE_PERMISSIONS,
    title: i18next.t('admin.roles.permissionsOf', { title: role.title }),
    component: ROLE_PERMISSIONS,
    props: { role },
    minimizeDisable: true,
  });
}

/** Deletes a custom role nobody holds (the API refuses a held one: shown in the dialog). */
export function confirmDeleteRole(role: Role, queryClient: QueryClient): Promise<boolean> {
  return confirmAction({
    id: 'delete-role',
    title: i18next.t('admin.roles.delete'),
    subtitle: role.title,
    prompt: i18next.t('admin.roles.deleteConfirm', { title: role.title }),
    confirmLabel: i18next.t('admin.roles.delete'),
    action: () => deleteRole(role.id),
    doneMessage: i18next.t('admin.roles.deleted', { title: role.title }),
    queryClient,
    reload: [ROLES_KEY, ROLE_OPTIONS_KEY],
  });
}
