import {
  changeUserRoleSchema,
  inviteUserSchema,
  type UserInvitation,
  type UserListItem,
} from '@fleetport/contracts/users';
import type { QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../shared/api/messages.ts';
import { StepUpCancelled, withStepUp } from '../../shared/api/step-up.ts';
import type { FieldSchema, FormValues } from '../../shared/forms/field-schema.ts';
import { FORM_RUNTIME } from '../../shared/forms/form-runtime.ts';
import { SchemaForm } from '../../shared/forms/SchemaForm.tsx';
import { confirmAction } from '../../shared/modals/confirm-action.ts';
import { useModalControls } from '../../shared/modals/controls.ts';
import { registerModal } from '../../shared/modals/registry.ts';
import { openModal } from '../../shared/modals/store.ts';
import { toast } from '../../shared/toasts/toasts.tsx';
import { deleteInvitation } from './api/delete-invitation.ts';
import { deleteUser } from './api/delete-user.ts';
import { impersonateUser } from './api/impersonate-user.ts';
import { USERS_KEY } from './api/list-users.ts';
import { requestImpersonation } from './api/request-impersonation.ts';
import { resendInvitation } from './api/resend-invitation.ts';

const INVITE_USER = 'invite-user';
const EDIT_USER_ROLE = 'edit-user-role';

/**
 * The roles the caller may give in the chosen company (spec §6), asked once a company is chosen:
 * the same list in Invite and in Edit user role. It holds the caller's built-in roles and that
 * company's custom roles, so two companies may offer different roles: the hint says so.
 */
function roleField(label: string, hint: string, companyOf: (values: FormValues) => unknown): FieldSchema {
  return {
    key: 'role',
    label,
    hint,
    component: 'ItemSelect',
    required: true,
    options: {
      url: '/users/invite/roles',
      fields: ['id', 'title'],
      labelKey: 'title',
      params: (values) => {
        const company = companyOf(values);
        return {
          company_id: typeof company === 'number' || typeof company === 'string' ? company : undefined,
        };
      },
      requires: ['company_id'],
    },
  };
}

/**
 * Spec §2 'Invite new user', §5: company and e-mail required; the role is chosen from the list
 * the chosen company allows, and changing the company resets the role and reloads the list.
 */
function InviteUserBody({ companyId }: { companyId?: number }) {
  const { t } = useTranslation();
  const { close } = useModalControls();
  const fields = useMemo<FieldSchema[]>(
    () => [
      {
        key: 'company_id',
        label: t('admin.users.fields.company'),
        component: 'ItemSelect',
        required: true,
        options: { url: '/companies', fields: ['id', 'name'], params: { sort: 'name' } },
        onChange: (_value, form) => form.setValue('role', ''),
      },
      // Its maxlength is the contract's (EMAIL_MAX_LENGTH).
      { key: 'email', label: t('admin.users.fields.email'), required: true },
      roleField(
        t('admin.users.fields.role'),
        t('admin.users.fields.roleHint'),
        (values) => values.company_id,
      ),
    ],
    [t],
  );
  return (
    <SchemaForm
      fields={fields}
      contract={inviteUserSchema}
      submitLabel={t('admin.users.invite')}
      onCancel={close}
      submit={{
        url: '/users/invite',
        schema: {
          id: INVITE_USER,
          defaults: companyId ? { company_id: companyId } : {},
          tableRef: USERS_KEY,
        },
        successMsg: t('admin.users.invited'),
        onClose: close,
      }}
    />
  );
}

/** Spec §2 'Edit user role': a role the caller may give in the user's company. */
function EditUserRoleBody({ user }: { user: UserListItem }) {
  const { t } = useTranslation();
  const { close } = useModalControls();
  const fields = useMemo<FieldSchema[]>(
    () => [roleField(t('admin.users.fields.role'), t('admin.users.fields.roleHint'), () => user.company_id)],
    [t, user.company_id],
  );
  return (
    <SchemaForm
      fields={fields}
      contract={changeUserRoleSchema}
      submitLabel={t('admin.companies.save')}
      onCancel={close}
      submit={{
        url: `/users/${user.id}`,
        method: 'put',
        schema: { id: EDIT_USER_ROLE, defaults: { role: user.role_id }, tableRef: USERS_KEY },
        successMsg: t('admin.users.roleChanged', { email: user.email }),
        onClose: close,
      }}
    />
  );
}

registerModal(INVITE_USER, InviteUserBody);
registerModal(EDIT_USER_ROLE, EditUserRoleBody);

export function openInviteUser(companyId?: number): void {
  openModal({
    id: INVITE_USER,
    title: i18next.t('admin.users.invite'),
    component: INVITE_USER,
    props: companyId ? { companyId } : {},
  });
}

export function openEditUserRole(user: UserListItem): void {
  openModal({
    id: EDIT_USER_ROLE,
    title: i18next.t('admin.users.editRole'),
    subtitle: user.email,
    component: EDIT_USER_ROLE,
    props: { user },
  });
}

/** Spec §2: delete a user, after the question and the password (423). */
export function confirmDeleteUser(user: UserListItem, queryClient: QueryClient): Promise<boolean> {
  return confirmAction({
    id: 'delete-user',
    title: i18next.t('admin.users.delete'),
    subtitle: user.email,
    prompt: i18next.t('admin.users.deleteConfirm', { email: user.email }),
    confirmLabel: i18next.t('admin.users.delete'),
    action: () => deleteUser(user.id),
    doneMessage: i18next.t('admin.users.deleted', { email: user.email }),
    queryClient,
    reload: [USERS_KEY],
  });
}

/** Withdraws an invitation: its link stops working. */
export function confirmDeleteInvitation(
  invitation: UserInvitation,
  queryClient: QueryClient,
): Promise<boolean> {
  return confirmAction({
    id: 'delete-invitation',
    title: i18next.t('admin.invitations.delete'),
    subtitle: invitation.email,
    prompt: i18next.t('admin.invitations.deleteConfirm', { email: invitation.email }),
    confirmLabel: i18next.t('admin.invitations.delete'),
    action: () => deleteInvitation(invitation.id),
    doneMessage: i18next.t('admin.invitations.deleted', { email: invitation.email }),
    queryClient,
    reload: [USERS_KEY],
  });
}

export async function resendAndReload(invitation: UserInvitation, queryClient: QueryClient): Promise<void> {
  try {
    await resendInvitation(invitation.id);
    toast(i18next.t('admin.invitations.resent', { email: invitation.email }), { type: 'success' });
    await queryClient.invalidateQueries({ queryKey: USERS_KEY });
  } catch (error) {
    toast(messageOf(error), { type: 'error' });
  }
}

/** Spec §2 impersonation request: the user gets an e-mail to allow access for 24 hours. */
export async function askForImpersonation(user: UserListItem): Promise<void> {
  try {
    await requestImpersonation(user.id);
    toast(i18next.t('admin.impersonation.requested', { email: user.email }), { type: 'success' });
  } catch (error) {
    toast(messageOf(error), { type: 'error' });
  }
}

/**
 * Signs in as the user (spec §2 impersonation), after the admin's own second factor when the
 * API asks for it; the console then starts again as that user, under the banner.
 */
export async function impersonate(user: UserListItem): Promise<void> {
  try {
    await withStepUp((extra) => impersonateUser(user.id, extra), FORM_RUNTIME.prompts);
    window.location.assign('/');
  } catch (error) {
    if (error instanceof StepUpCancelled) return;
    const code = (error as { response?: { data?: { errors?: { code?: string }[] } } }).response?.data
      ?.errors?.[0]?.code;
    toast(
      code === 'IMPERSONATION_NOT_ALLOWED'
        ? i18next.t('admin.impersonation.notAllowed', { email: user.email })
        : messageOf(error),
      { type: 'error' },
    );
  }
}
