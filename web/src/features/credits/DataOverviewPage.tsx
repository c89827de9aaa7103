import type { CompanyListItem } from '@fleetport/contracts/companies';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ServerColumn } from '../../shared/grid/grid-query.ts';
import { ListGrid } from '../../shared/grid/ListGrid.tsx';
import { ListToolbar } from '../../shared/grid/ListToolbar.tsx';
import { ServicesTabs } from '../../shared/routing/ServicesTabs.tsx';
import { useDataOverview } from './api/list-data-overview.ts';

/** The grid on a phone (issue 28). */
const PHONE = { keep: ['name'], choices: ['remaining_data', 'credits_left', 'parent_name'] } as const;

/** System services → Data overview: every company's remaining data and credits, most data first. */
export default function DataOverviewPage() {
  const { t } = useTranslation();
  const columns = useMemo<ServerColumn<CompanyListItem>[]>(
    () => [
      {
        field: 'name',
        headerName: t('admin.credits.columns.company'),
        flex: 1,
        minWidth: 180,
        filter: { param: 'name', match: 'contains' },
      },
      { field: 'parent_name', headerName: t('admin.companies.columns.parent'), flex: 1, minWidth: 160 },
      {
        field: 'remaining_data',
        headerName: t('admin.credits.remainingData'),
        type: 'number',
        width: 150,
        valueFormatter: (value: number) => t('admin.credits.gb', { value }),
      },
      { field: 'credits_left', headerName: t('admin.credits.creditsLeft'), type: 'number', width: 140 },
    ],
    [t],
  );
  const list = useDataOverview();
  return (
    <>
      <ServicesTabs current="services.data-overview" />
      <ListToolbar<CompanyListItem>
        searchLabel={t('admin.companies.search')}
        onSearch={list.setSearch}
        search={list.state.search}
      />
      <ListGrid<CompanyListItem>
        phone={PHONE}
        list={list}
        label={t('admin.credits.dataOverview')}
        columns={columns}
        emptyText={t('admin.companies.empty')}
      />
    </>
  );
}
