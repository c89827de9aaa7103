import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { dateColumn } from '../../shared/grid/columns.tsx';
import type { ServerColumn } from '../../shared/grid/grid-query.ts';
import { ListGrid } from '../../shared/grid/ListGrid.tsx';
import { ListToolbar } from '../../shared/grid/ListToolbar.tsx';
import { useServerList } from '../../shared/grid/use-server-list.ts';
import { ensureArea } from '../../shared/lib/i18n.ts';
import { ServicesTabs } from '../../shared/routing/ServicesTabs.tsx';
import { CREDITS_KEY, type CreditHistoryEntry } from './api.ts';

// The strings of this code come with it, not with the page (lib/i18n.ts).
await Promise.all([ensureArea('admin'), ensureArea('grid')]);

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
        valueFormatter: (value: CreditHistoryEntry['reason']) => t(`admin.credits.reason.${value}`),
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
  const list = useServerList<CreditHistoryEntry>({
    gridId: 'credit-history',
    url: '/credits/history',
    queryKey: [...CREDITS_KEY, 'history'],
  });
  return (
    <>
      <ServicesTabs current="services.credit-history" />
      <ListToolbar<CreditHistoryEntry> searchLabel={t('admin.credits.history')} onSearch={list.setSearch} />
      <ListGrid<CreditHistoryEntry>
        list={list}
        label={t('admin.credits.history')}
        columns={columns}
        emptyText={t('admin.credits.noHistory')}
      />
    </>
  );
}
