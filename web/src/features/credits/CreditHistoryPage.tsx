import type { CreditHistoryEntry } from '@fleetport/contracts/credits';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { dateColumn } from '../../shared/grid/columns.tsx';
import type { ServerColumn } from '../../shared/grid/grid-query.ts';
import { ListGrid } from '../../shared/grid/ListGrid.tsx';
import { ListToolbar } from '../../shared/grid/ListToolbar.tsx';
import type { GridPhone } from '../../shared/grid/phone.tsx';
import type { Catalogue } from '../../shared/lib/i18n.ts';
import { ServicesTabs } from '../../shared/routing/ServicesTabs.tsx';
import { useCreditHistory } from './api/list-credit-history.ts';
import { creditTypeName } from './credit-type-name.ts';

/** The reasons of a balance change the console has words for (the API sends them as text). */
type CreditReason = keyof Catalogue['admin']['credits']['reason'];

/** The grid on a phone (issue 28). */
const PHONE: GridPhone<CreditHistoryEntry> = {
  keep: ['created_at', 'company_name'],
  choices: ['change', 'balance_after', 'credit_type_name', 'reason', 'other_company_name'],
  title: (row) => row.company_name,
};

/** System services → Credit history: every balance change, newest first, with its reason. */
export default function CreditHistoryPage() {
  const { t, i18n } = useTranslation();
  const columns = useMemo<ServerColumn<CreditHistoryEntry>[]>(
    () => [
      dateColumn('created_at', t('admin.credits.columns.when'), i18n.language, false),
      {
        field: 'company_name',
        headerName: t('admin.credits.columns.company'),
        flex: 1,
        minWidth: 150,
        sortable: false,
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
        field: 'change',
        headerName: t('admin.credits.columns.change'),
        type: 'number',
        width: 100,
        sortable: false,
        valueFormatter: (value: number) => (value > 0 ? `+${value}` : String(value)),
      },
      {
        field: 'balance_after',
        headerName: t('admin.credits.columns.balance'),
        type: 'number',
        width: 110,
        sortable: false,
      },
      {
        field: 'reason',
        headerName: t('admin.credits.columns.reason'),
        width: 150,
        sortable: false,
        valueFormatter: (value: CreditReason) => t(`admin.credits.reason.${value}`),
      },
      {
        field: 'other_company_name',
        headerName: t('admin.credits.columns.other'),
        flex: 1,
        minWidth: 140,
        sortable: false,
      },
    ],
    [t, i18n.language],
  );
  const list = useCreditHistory();
  return (
    <>
      <ServicesTabs current="services.credit-history" />
      <ListToolbar<CreditHistoryEntry>
        searchLabel={t('admin.credits.history')}
        onSearch={list.setSearch}
        search={list.state.search}
      />
      <ListGrid<CreditHistoryEntry>
        phone={PHONE}
        list={list}
        label={t('admin.credits.history')}
        columns={columns}
        emptyText={t('admin.credits.noHistory')}
      />
    </>
  );
}
