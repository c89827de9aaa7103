import {
  type Company,
  editCompanySchema,
  MAX_COMPANY_LEVEL,
  moveCompanySchema,
  newCompanySchema,
} from '@fleetport/contracts/companies';
import { inviteCompanySchema } from '@fleetport/contracts/users';
import type { QueryClient } from '@tanstack/react-query';
import i18next, { type TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldSchema } from '../../shared/forms/field-schema.ts';
import { SchemaForm } from '../../shared/forms/SchemaForm.tsx';
import { confirmAction } from '../../shared/modals/confirm-action.ts';
import { useModalControls } from '../../shared/modals/controls.ts';
import { registerModal } from '../../shared/modals/registry.ts';
import { openModal } from '../../shared/modals/store.ts';
import { toast } from '../../shared/toasts/toasts.tsx';
import { deleteCompany } from './api/delete-company.ts';
import { COMPANIES_KEY, COMPANIES_URL, COMPANY_OPTIONS_KEY } from './api/list-companies.ts';
import { levelLabel } from './level-label.ts';

const NEW_COMPANY = 'new-company';
const EDIT_COMPANY = 'edit-company';
const MOVE_COMPANY = 'move-company';
const INVITE_COMPANY = 'invite-company';

/** What the company dialogs need of a company. */
export type CompanyRef = Pick<Company, 'id' | 'name' | 'parent_id' | 'level'> & { show_payment?: boolean };

/** A company option: its name and tier (the same name may sit in two branches). */
function companyOption(item: Record<string, unknown>) {
  const level = Number(item.level);
  return {
    value: Number(item.id),
    label: `${String(item.name)} · ${levelLabel(i18next.t, level)}`,
  };
}

function nameField(t: TFunction): FieldSchema {
  return {
    key: 'name',
    label: t('admin.companies.fields.name'),
    required: true,
    hint: t('admin.companies.fields.nameHint'),
  };
}

/** A required choice among the companies the caller sees (limit 100, spec §7 option lists). */
function companyPicker(key: string, label: string, params: Record<string, number> = {}): FieldSchema {
  return {
    key,
    label,
    component: 'ItemSelect',
    required: true,
    options: {
      url: COMPANIES_URL,
      fields: ['id', 'name', 'level'],
      params: { sort: 'level,name', ...params },
      toOption: companyOption,
    },
  };
}

/** What every company write does after success: the pickers reload too, and the modal closes. */
function companyWrite(close: () => void) {
  return { reload: [COMPANY_OPTIONS_KEY], onClose: close };
}

/** Spec §2 "New company": name (required, ≥ 3 characters) and the parent, from the visible tree. */
function NewCompanyBody({ parentId }: { parentId?: number }) {
  const { t } = useTranslation();
  const { close } = useModalControls();
  const fields = useMemo<FieldSchema[]>(
    () => [
      nameField(t),
      {
        ...companyPicker('parent_id', t('admin.companies.fields.parent')),
        hint: t('admin.companies.fields.parentHint', { max: MAX_COMPANY_LEVEL }),
      },
    ],
    [t],
  );
  return (
    <SchemaForm
      fields={fields}
      contract={newCompanySchema}
      submitLabel={t('admin.companies.new')}
      onCancel={close}
      submit={{
        url: COMPANIES_URL,
        item: t('admin.companies.item'),
        schema: {
          id: NEW_COMPANY,
          defaults: parentId ? { parent_id: parentId } : {},
          tableRef: COMPANIES_KEY,
        },
        ...companyWrite(close),
      }}
    />
  );
}

/** Spec §2 "Edit company": the name ('Please input different value…' when unchanged). */
function EditCompanyBody({ company }: { company: CompanyRef }) {
  const { t } = useTranslation();
  const { close } = useModalControls();
  const fields = useMemo<FieldSchema[]>(
    () => [
      nameField(t),
      // Spec §3: show_payment is a company setting a super admin controls.
      {
        key: 'show_payment',
        label: t('admin.companies.fields.showPayment'),
        type: 'checkbox',
        permission: 'super_admin',
      },
    ],
    [t],
  );
  return (
    <SchemaForm
      fields={fields}
      contract={editCompanySchema}
      submitLabel={t('admin.companies.save')}
      onCancel={close}
      submit={{
        url: `/companies/${company.id}`,
        method: 'put',
        item: t('admin.companies.item'),
        schema: {
          id: EDIT_COMPANY,
          defaults: { name: company.name, show_payment: company.show_payment ?? false },
          tableRef: COMPANIES_KEY,
        },
        ...companyWrite(close),
      }}
    />
  );
}

/** Spec §2 "Move company": under another company the caller sees, never into its own subtree. */
function MoveCompanyBody({ company }: { company: CompanyRef }) {
  const { t } = useTranslation();
  const { close } = useModalControls();
  const fields = useMemo<FieldSchema[]>(
    () => [
      {
        key: 'move_hint',
        label: t('admin.companies.moveHint', { name: company.name }),
        component: 'BaseAlert',
        severity: 'info',
      },
      // The company itself and its subsidiaries are no place to move it to.
      companyPicker('target', t('admin.companies.fields.target'), { exclude_subtree: company.id }),
    ],
    [t, company],
  );
  return (
    <SchemaForm
      fields={fields}
      contract={moveCompanySchema}
      submitLabel={t('admin.companies.move')}
      onCancel={close}
      submit={{
        url: '/companies/move',
        schema: { id: MOVE_COMPANY, defaults: { source: company.id }, tableRef: COMPANIES_KEY },
        hideMsg: true,
        onSuccess: () => toast(t('admin.companies.moved', { name: company.name }), { type: 'success' }),
        ...companyWrite(close),
      }}
    />
  );
}

/** Spec §2 'Invite new company (distributor)', §5: e-mail required. */
function InviteCompanyBody() {
  const { t } = useTranslation();
  const { close } = useModalControls();
  const fields = useMemo<FieldSchema[]>(
    () => [
      {
        key: 'hint',
        label: t('admin.companies.inviteCompanyHint'),
        component: 'BaseAlert',
        severity: 'info',
      },
      // Its maxlength is the contract's (EMAIL_MAX_LENGTH).
      { key: 'email', label: t('admin.companies.fields.email'), required: true },
    ],
    [t],
  );
  return (
    <SchemaForm
      fields={fields}
      contract={inviteCompanySchema}
      submitLabel={t('admin.companies.inviteCompany')}
      onCancel={close}
      submit={{
        url: '/distributors/invitations',
        successMsg: t('admin.companies.companyInvited'),
        schema: { id: INVITE_COMPANY },
        onClose: close,
      }}
    />
  );
}

registerModal(NEW_COMPANY, NewCompanyBody);
registerModal(INVITE_COMPANY, InviteCompanyBody);
registerModal(EDIT_COMPANY, EditCompanyBody);
registerModal(MOVE_COMPANY, MoveCompanyBody);

export function openNewCompany(parentId?: number): void {
  openModal({
    id: NEW_COMPANY,
    title: i18next.t('admin.companies.new'),
    component: NEW_COMPANY,
    props: parentId ? { parentId } : {},
  });
}

export function openInviteCompany(): void {
  openModal({
    id: INVITE_COMPANY,
    title: i18next.t('admin.companies.inviteCompany'),
    component: INVITE_COMPANY,
  });
}

export function openEditCompany(company: CompanyRef): void {
  openModal({
    id: EDIT_COMPANY,
    title: i18next.t('admin.companies.edit'),
    subtitle: company.name,
    component: EDIT_COMPANY,
    props: { company },
  });
}

export function openMoveCompany(company: CompanyRef): void {
  openModal({
    id: MOVE_COMPANY,
    title: i18next.t('admin.companies.move'),
    subtitle: company.name,
    component: MOVE_COMPANY,
    props: { company },
  });
}

/**
 * Spec §2 delete: asks first, then DELETE /companies/{id} from the dialog's Confirm. The API asks
 * for the password again (423, the password prompt) and refuses a company with subsidiaries,
 * users or files (409): the refusal shows in the dialog, which stays open. Resolves true when the
 * company is gone (its queries are reloaded by then).
 */
export function confirmDeleteCompany(company: CompanyRef, queryClient: QueryClient): Promise<boolean> {
  return confirmAction({
    id: 'delete-company',
    title: i18next.t('admin.companies.delete'),
    subtitle: company.name,
    prompt: i18next.t('admin.companies.deleteConfirm', { name: company.name }),
    confirmLabel: i18next.t('admin.companies.delete'),
    action: () => deleteCompany(company.id),
    doneMessage: i18next.t('admin.companies.deleted', { name: company.name }),
    queryClient,
    reload: [COMPANIES_KEY, COMPANY_OPTIONS_KEY],
  });
}
