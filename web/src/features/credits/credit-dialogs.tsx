import {
  activateCreditCodeSchema,
  buyDataSchema,
  gbForCredits,
  moveCreditsSchema,
  newCreditCodeSchema,
  newPoolSchema,
  PAID_CREDIT_TYPE_IDS,
} from '@fleetport/contracts/credits';
import { ADD_DATA_CREDITS_MAX, CREDIT_CODE_COMMENT_MAX } from '@fleetport/contracts/limits';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import i18next, { type TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldSchema } from '../../shared/forms/field-schema.ts';
import { SchemaForm } from '../../shared/forms/SchemaForm.tsx';
import { api } from '../../shared/lib/api.ts';
import { ensureArea } from '../../shared/lib/i18n.ts';
import type { UserStorage } from '../../shared/lib/user-storage.ts';
import { useModalControls } from '../../shared/modals/controls.ts';
import { confirmModal } from '../../shared/modals/prompts.ts';
import { registerModal } from '../../shared/modals/registry.ts';
import { openModal } from '../../shared/modals/store.ts';
import { toast } from '../../shared/toasts/toasts.tsx';
import { CREDIT_RELOAD, type CreditBalance, type CreditCode, DATA_AGREEMENT_KEY } from './api.ts';

// The strings of this code come with it, not with the page (lib/i18n.ts).
await ensureArea('admin');

const NEW_POOL = 'new-pool';
const MOVE_RESOURCES = 'move-resources';
const NEW_CREDIT_CODE = 'new-credit-code';
const ACTIVATE_CREDIT_CODE = 'activate-credit-code';
const ADD_DATA = 'add-data';
const CREDIT_REPORT = 'credit-report';
const CREDIT_CODE_SHOWN = 'credit-code-shown';

const companyPicker = (key: string, label: string): FieldSchema => ({
  key,
  label,
  component: 'ItemSelect',
  required: true,
  options: { url: '/companies', fields: ['id', 'name'], params: { sort: 'name' } },
});

/** The credit types the user sees (spec §6), chosen by name as the calls of spec §7 send them. */
const typeByName = (t: TFunction): FieldSchema => ({
  key: 'credit_type_name',
  label: t('admin.credits.fields.type'),
  component: 'ItemSelect',
  required: true,
  options: { url: '/credits/types', fields: ['id', 'name'], valueKey: 'name' },
});

const amountField = (t: TFunction, key = 'amount'): FieldSchema => ({
  key,
  label: t('admin.credits.fields.amount'),
  type: 'number',
  required: true,
  min: 1,
  step: 1,
});

/** Spec §5: price and pro-forma number only for the paid types. */
const PAID_ONLY = [{ key: 'credit_type_id', values: PAID_CREDIT_TYPE_IDS }];

/** What every credit write does after success: the credit figures reload, the modal closes. */
const creditWrite = (close: () => void) => ({ reload: [...CREDIT_RELOAD], onClose: close });

/** Spec §2 'New pool', §5: count ≥ 1; price (≥ 0, step 0.01) and pro-forma number for paid types. */
function NewPoolBody({ companyId }: { companyId?: number }) {
  const { t } = useTranslation();
  const { close } = useModalControls();
  const fields = useMemo<FieldSchema[]>(
    () => [
      {
        key: 'credit_type_id',
        label: t('admin.credits.fields.type'),
        component: 'ItemSelect',
        required: true,
        options: { url: '/credits/types', fields: ['id', 'name'] },
      },
      companyPicker('company_id', t('admin.credits.fields.company')),
      amountField(t, 'credit_count'),
      {
        key: 'credit_price',
        label: t('admin.credits.fields.price'),
        type: 'number',
        required: true,
        min: 0,
        step: 0.01,
        depends: PAID_ONLY,
      },
      {
        key: 'pro_form_nr',
        label: t('admin.credits.fields.proForma'),
        required: true,
        maxlength: 100,
        depends: PAID_ONLY,
      },
    ],
    [t],
  );
  return (
    <SchemaForm
      fields={fields}
      contract={newPoolSchema}
      submitLabel={t('admin.credits.newPool')}
      onCancel={close}
      submit={{
        url: '/credits',
        successMsg: t('admin.credits.poolCreated'),
        schema: { id: NEW_POOL, defaults: companyId ? { company_id: companyId } : {} },
        ...creditWrite(close),
      }}
    />
  );
}

/** Spec §2 'Move resources', §5: amount ≥ 1, never more than the source has. */
function MoveResourcesBody({ companyId }: { companyId?: number }) {
  const { t } = useTranslation();
  const { close } = useModalControls();
  const fields = useMemo<FieldSchema[]>(
    () => [
      typeByName(t),
      companyPicker('source', t('admin.credits.fields.source')),
      companyPicker('target', t('admin.credits.fields.target')),
      amountField(t),
    ],
    [t],
  );
  return (
    <SchemaForm
      fields={fields}
      contract={moveCreditsSchema}
      submitLabel={t('admin.credits.move')}
      onCancel={close}
      submit={{
        url: '/credits/move',
        successMsg: t('admin.credits.moved'),
        schema: { id: MOVE_RESOURCES, defaults: companyId ? { source: companyId } : {} },
        ...creditWrite(close),
      }}
    />
  );
}

/** Spec §2 'New credit code', §5: type, amount (≤ 12 digits), comment ≤ 200; 'From company' for super admins. */
function NewCreditCodeBody({ companyId }: { companyId?: number }) {
  const { t } = useTranslation();
  const { close } = useModalControls();
  const fields = useMemo<FieldSchema[]>(
    () => [
      typeByName(t),
      { ...companyPicker('company_id', t('admin.credits.fields.fromCompany')), permission: 'super_admin' },
      { ...amountField(t), max: 999_999_999_999 },
      {
        key: 'comment',
        label: t('admin.credits.fields.comment'),
        type: 'textarea',
        maxlength: CREDIT_CODE_COMMENT_MAX,
      },
    ],
    [t],
  );
  return (
    <SchemaForm
      fields={fields}
      contract={newCreditCodeSchema}
      submitLabel={t('admin.credits.newCode')}
      onCancel={close}
      submit={{
        url: '/credits/codes',
        hideMsg: true,
        schema: { id: NEW_CREDIT_CODE, defaults: companyId ? { company_id: companyId } : {} },
        onSuccess: (response) => {
          const code = (response as { data?: CreditCode }).data;
          if (code) showCode(code);
        },
        ...creditWrite(close),
      }}
    />
  );
}

/** The new code, once: to copy and hand over. */
function CreditCodeShownBody({ code }: { code: CreditCode }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1}>
      <Typography>
        {t('admin.credits.codeCreated', { amount: code.amount, type: code.credit_type_name })}
      </Typography>
      <Typography
        variant="h6"
        component="p"
        sx={{ fontFamily: 'monospace', userSelect: 'all', letterSpacing: 1 }}
        data-testid="credit-code"
      >
        {code.code}
      </Typography>
    </Stack>
  );
}

function showCode(code: CreditCode): void {
  openModal({
    id: CREDIT_CODE_SHOWN,
    title: i18next.t('admin.credits.newCode'),
    component: CREDIT_CODE_SHOWN,
    props: { code },
    confirmLabel: i18next.t('admin.credits.copyCode'),
    confirm: async () => {
      await navigator.clipboard?.writeText(code.code).catch(() => undefined);
      toast(i18next.t('admin.credits.copied'), { type: 'success' });
    },
    cancelLabel: i18next.t('common.close'),
    minimizeDisable: true,
  });
}

/** Spec §2 'Activate credit code': its credits join the user's company. */
function ActivateCodeBody() {
  const { t } = useTranslation();
  const { close } = useModalControls();
  const fields = useMemo<FieldSchema[]>(
    () => [{ key: 'code', label: t('admin.credits.fields.code'), required: true, maxlength: 64 }],
    [t],
  );
  return (
    <SchemaForm
      fields={fields}
      contract={activateCreditCodeSchema}
      submitLabel={t('admin.credits.activate')}
      onCancel={close}
      submit={{
        url: '/credits/codes/activate',
        hideMsg: true,
        schema: { id: ACTIVATE_CREDIT_CODE },
        onSuccess: (response) => {
          const data = (response as { data?: { amount: number; credit_type_name: string } }).data;
          if (data)
            toast(t('admin.credits.activated', { amount: data.amount, type: data.credit_type_name }), {
              type: 'success',
            });
        },
        ...creditWrite(close),
      }}
    />
  );
}

/** Spec §2 'Data agreement': accepted once per user (kept in user storage). */
async function dataAgreementAccepted(storage: UserStorage | undefined): Promise<boolean> {
  if (storage?.get(DATA_AGREEMENT_KEY) === true) return true;
  const result = await confirmModal({
    id: 'data-agreement',
    title: i18next.t('admin.credits.agreement.title'),
    prompt: i18next.t('admin.credits.agreement.body'),
    confirmLabel: i18next.t('admin.credits.agreement.accept'),
    minimizeDisable: true,
  });
  if (!result) return false;
  await storage?.set(DATA_AGREEMENT_KEY, true).catch(() => undefined);
  return true;
}

/**
 * Spec §2 'Add data', §5: credits ≥ 1, at most 14 digits; before anything is sent, the data
 * agreement (once) and 'Are you sure you want to spend N credit(s) to get 2N GB of data?'.
 */
function AddDataBody({ companyId, storage }: { companyId: number; storage?: UserStorage }) {
  const { t } = useTranslation();
  const { close } = useModalControls();
  const fields = useMemo<FieldSchema[]>(
    () => [
      {
        key: 'credits',
        label: t('admin.credits.fields.credits'),
        type: 'number',
        required: true,
        min: 1,
        max: ADD_DATA_CREDITS_MAX,
        step: 1,
        hint: t('admin.credits.dataHint'),
      },
    ],
    [t],
  );
  return (
    <SchemaForm
      fields={fields}
      contract={buyDataSchema}
      submitLabel={t('admin.credits.addData')}
      onCancel={close}
      submit={{
        url: '/companies/data',
        schema: { id: ADD_DATA, defaults: { company_id: companyId } },
        confirm: async (payload) => {
          if (!(await dataAgreementAccepted(storage))) return false;
          const credits = Number(payload.credits);
          const answer = await confirmModal({
            id: 'add-data-confirm',
            title: i18next.t('admin.credits.addData'),
            prompt: i18next.t('admin.credits.spendConfirm', { count: credits, gb: gbForCredits(credits) }),
            minimizeDisable: true,
          });
          return answer !== undefined;
        },
        hideMsg: true,
        onSuccess: (response) => {
          const data = (response as { data?: { gb: number; remaining_gb: number } }).data;
          if (data)
            toast(t('admin.credits.dataAdded', { gb: data.gb, remaining: data.remaining_gb }), {
              type: 'success',
            });
        },
        ...creditWrite(close),
      }}
    />
  );
}

/** Spec §2 'Credit report': a company's balances by type. */
function CreditReportBody({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const balances = useQuery({
    queryKey: [...CREDIT_RELOAD[0], 'report', companyId],
    staleTime: 0,
    queryFn: async () =>
      (
        await api.http.get<{ data: CreditBalance[] }>('/credits', {
          params: { company_id: companyId, limit: 100 },
        })
      ).data.data,
  });
  if (balances.isPending) return <Typography>{t('common.loading')}</Typography>;
  if (balances.isError) return <Typography color="error">{t('admin.credits.loadFailed')}</Typography>;
  if (balances.data.length === 0)
    return <Typography data-testid="credit-report-empty">{t('admin.credits.none')}</Typography>;
  return (
    <Table size="small" aria-label={t('admin.credits.report')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('admin.credits.fields.type')}</TableCell>
          <TableCell align="right">{t('admin.credits.fields.amount')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {balances.data.map((row) => (
          <TableRow key={row.credit_type_id}>
            <TableCell>{row.credit_type_name}</TableCell>
            <TableCell align="right">{row.amount}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

registerModal(NEW_POOL, NewPoolBody);
registerModal(MOVE_RESOURCES, MoveResourcesBody);
registerModal(NEW_CREDIT_CODE, NewCreditCodeBody);
registerModal(ACTIVATE_CREDIT_CODE, ActivateCodeBody);
registerModal(ADD_DATA, AddDataBody);
registerModal(CREDIT_REPORT, CreditReportBody);
registerModal(CREDIT_CODE_SHOWN, CreditCodeShownBody);

const open = (id: string, title: string, props: Record<string, unknown> = {}, subtitle?: string) =>
  openModal({ id, title, component: id, props, ...(subtitle ? { subtitle } : {}) });

export const openNewPool = (companyId?: number) =>
  open(NEW_POOL, i18next.t('admin.credits.newPool'), { companyId });
export const openMoveResources = (companyId?: number) =>
  open(MOVE_RESOURCES, i18next.t('admin.credits.move'), { companyId });
export const openNewCreditCode = (companyId?: number) =>
  open(NEW_CREDIT_CODE, i18next.t('admin.credits.newCode'), { companyId });
export const openActivateCode = () => open(ACTIVATE_CREDIT_CODE, i18next.t('admin.credits.activate'));
export const openAddData = (companyId: number, companyName: string, storage: UserStorage | undefined) =>
  open(ADD_DATA, i18next.t('admin.credits.addData'), { companyId, storage }, companyName);
export const openCreditReport = (companyId: number, companyName: string) =>
  openModal({
    id: CREDIT_REPORT,
    title: i18next.t('admin.credits.report'),
    subtitle: companyName,
    component: CREDIT_REPORT,
    props: { companyId },
    minimizeDisable: true,
  });
