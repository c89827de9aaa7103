import type { DataHistoryEntry } from '@fleetport/contracts/credits';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { dateColumn } from '../../shared/grid/columns.tsx';
import type { ServerColumn } from '../../shared/grid/grid-query.ts';
import { ListGrid } from '../../shared/grid/ListGrid.tsx';
import type { GridPhone } from '../../shared/grid/phone.tsx';
import { ServicesTabs } from '../../shared/routing/ServicesTabs.tsx';
import { useDataHistory } from './api/list-data-history.ts';

/** The grid on a phone (issue 28). */
const PHONE: GridPhone<DataHistoryEntry> = {
  keep: ['created_at', 'company_name'],
  title: (row) => row.company_name,
};

/** System services → Data history: every data purchase (N credits → 2N GB), newest first. */
export default function DataHistoryPage() {
  const { t, i18n } = useTranslation();
  const columns = useMemo<ServerColumn<DataHistoryEntry>[]>(
    () => [
      dateColumn('created_at', t('admin.credits.columns.when'), i18n.language, false),
      {
        field: 'company_name',
        headerName: t('admin.credits.columns.company'),
        flex: 1,
        minWidth: 160,
        sortable: false,
      },
      {
        field: 'credits',
        headerName: t('admin.credits.columns.credits'),
        type: 'number',
        width: 110,
        sortable: false,
      },
      { field: 'gb', headerName: t('admin.credits.columns.gb'), type: 'number', width: 90, sortable: false },
      {
        field: 'remaining_after',
        headerName: t('admin.credits.columns.remaining'),
        type: 'number',
        width: 140,
        sortable: false,
      },
    ],
    [t, i18n.language],
  );
  const list = useDataHistory();
  return (
    <>
      <ServicesTabs current="services.data-history" />
      <ListGrid<DataHistoryEntry>
        phone={PHONE}
        list={list}
        label={t('admin.credits.dataHistory')}
        columns={columns}
        emptyText={t('admin.credits.noDataHistory')}
      />
    </>
  );
}
