import type { CreditCode } from '@fleetport/contracts/credits';
import AddIcon from '@mui/icons-material/Add';
import KeyIcon from '@mui/icons-material/VpnKeyOutlined';
import Button from '@mui/material/Button';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { dateColumn } from '../../shared/grid/columns.tsx';
import type { ServerColumn } from '../../shared/grid/grid-query.ts';
import { ListGrid } from '../../shared/grid/ListGrid.tsx';
import { ListToolbar } from '../../shared/grid/ListToolbar.tsx';
import { can, useSignedInUser } from '../../shared/lib/auth.ts';
import { CREDIT_CODES_URL, useCreditCodes } from './api/list-credit-codes.ts';
import { creditTypeName } from './credit-type-name.ts';

// Each dialog's code comes when it is first opened.
const activateCode = () => import('./dialogs/activate-credit-code.tsx');
const newCreditCode = () => import('./dialogs/new-credit-code.tsx');

/**
 * Credit codes (spec §2 company.credit-codes, services.credit-codes): issued from one company,
 * or from every company the user sees; Used or Not Used (spec §4); new code and activation for
 * those who manage credits.
 */
export function CreditCodesList({ companyId }: { companyId?: number }) {
  const { t, i18n } = useTranslation();
  const user = useSignedInUser();
  const manages = can(user, 'manage_credits');
  const columns = useMemo<ServerColumn<CreditCode>[]>(
    () => [
      {
        field: 'code',
        headerName: t('admin.credits.columns.code'),
        width: 230,
        sortable: false,
        cellClassName: 'credit-code',
      },
      {
        field: 'credit_type_name',
        headerName: t('admin.credits.columns.type'),
        flex: 1,
        minWidth: 150,
        sortable: false,
        valueFormatter: (value: string) => creditTypeName(t, value),
      },
      {
        field: 'amount',
        headerName: t('admin.credits.columns.amount'),
        type: 'number',
        width: 100,
        sortable: false,
      },
      {
        field: 'status',
        headerName: t('admin.credits.columns.status'),
        width: 120,
        sortable: false,
        valueFormatter: (value: CreditCode['status']) => t(`admin.credits.status.${value}`),
      },
      ...(companyId
        ? []
        : [
            {
              field: 'from_company_name',
              headerName: t('admin.credits.columns.from'),
              flex: 1,
              minWidth: 140,
              sortable: false,
            } satisfies ServerColumn<CreditCode>,
          ]),
      {
        field: 'used_by_company_name',
        headerName: t('admin.credits.columns.usedBy'),
        flex: 1,
        minWidth: 140,
        sortable: false,
      },
      {
        field: 'comment',
        headerName: t('admin.credits.columns.comment'),
        flex: 1.5,
        minWidth: 150,
        sortable: false,
      },
      dateColumn('created_at', t('admin.credits.columns.created'), i18n.language, false),
    ],
    [t, i18n.language, companyId],
  );
  const list = useCreditCodes(companyId);
  return (
    <>
      <ListToolbar<CreditCode>
        searchLabel={t('admin.credits.searchCodes')}
        onSearch={list.setSearch}
        search={list.state.search}
        csv={{
          url: CREDIT_CODES_URL,
          params: list.exportParams,
          fileName: t('admin.credits.exportCodes'),
          columns: [
            { header: t('admin.credits.columns.code'), value: (row) => row.code },
            {
              header: t('admin.credits.columns.type'),
              value: (row) => creditTypeName(t, row.credit_type_name),
            },
            { header: t('admin.credits.columns.amount'), value: (row) => row.amount },
            {
              header: t('admin.credits.columns.status'),
              value: (row) => t(`admin.credits.status.${row.status}`),
            },
            { header: t('admin.credits.columns.from'), value: (row) => row.from_company_name },
            { header: t('admin.credits.columns.usedBy'), value: (row) => row.used_by_company_name },
            { header: t('admin.credits.columns.comment'), value: (row) => row.comment },
          ],
        }}
      >
        {manages && (
          <Button
            startIcon={<KeyIcon />}
            onClick={() => void activateCode().then((module) => module.openActivateCode())}
            data-testid="activate-code"
          >
            {t('admin.credits.activate')}
          </Button>
        )}
        {manages && (
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => void newCreditCode().then((module) => module.openNewCreditCode(companyId))}
            data-testid="new-credit-code"
          >
            {t('admin.credits.newCode')}
          </Button>
        )}
      </ListToolbar>
      <ListGrid<CreditCode>
        list={list}
        label={t('admin.credits.codes')}
        columns={columns}
        emptyText={t('admin.credits.noCodes')}
      />
    </>
  );
}
