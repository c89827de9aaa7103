import type { AuditLogEntry } from '@fleetport/contracts/audit';
import Box from '@mui/material/Box';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { dateColumn } from '../../shared/grid/columns.tsx';
import type { ServerColumn } from '../../shared/grid/grid-query.ts';
import { ListGrid } from '../../shared/grid/ListGrid.tsx';
import { ListToolbar } from '../../shared/grid/ListToolbar.tsx';
import { useServerList } from '../../shared/grid/use-server-list.ts';
import { RouteTabs } from '../../shared/routing/RouteTabs.tsx';
import { useRouteTitle } from '../../shared/routing/titles.ts';
import { AUDIT_LOG_KEY, AUDIT_LOG_URL } from './api/list-audit-log.ts';

/**
 * /statistics/action-logs (spec §2 Statistics): the audit log of the companies the user sees,
 * newest first: when, who (and whether an admin acted for them), where, what and on which item.
 */
export default function ActionLogsPage() {
  const { t, i18n } = useTranslation();
  const titleOf = useRouteTitle();
  const columns = useMemo<ServerColumn<AuditLogEntry>[]>(
    () => [
      { ...dateColumn('at', t('device.statistics.log.when'), i18n.language), sortable: false },
      {
        field: 'user_email',
        headerName: t('device.statistics.log.who'),
        flex: 1,
        minWidth: 200,
        sortable: false,
        valueFormatter: (_value, row) =>
          `${row.user_email ?? '—'}${row.actor_user_id ? ` ${t('device.statistics.log.impersonated')}` : ''}`,
      },
      {
        field: 'company_name',
        headerName: t('device.statistics.log.company'),
        flex: 1,
        minWidth: 160,
        sortable: false,
      },
      {
        field: 'action',
        headerName: t('device.statistics.log.action'),
        flex: 1.2,
        minWidth: 220,
        sortable: false,
        renderCell: ({ row }) => (
          <Box component="code" sx={{ fontSize: '0.8125rem' }}>
            {row.action}
          </Box>
        ),
      },
      {
        field: 'entity',
        headerName: t('device.statistics.log.item'),
        width: 180,
        sortable: false,
        valueFormatter: (_value, row) => (row.entity_id ? `${row.entity} #${row.entity_id}` : row.entity),
      },
    ],
    [t, i18n.language],
  );
  const list = useServerList<AuditLogEntry>({
    gridId: 'action-logs',
    url: AUDIT_LOG_URL,
    queryKey: AUDIT_LOG_KEY,
    initial: { sort: [] },
  });
  return (
    <>
      <RouteTabs parent="statistics" current="statistics.action-logs" label={t('route.statistics')} />
      <ListToolbar<AuditLogEntry> searchLabel={t('device.statistics.log.search')} onSearch={list.setSearch} />
      <ListGrid<AuditLogEntry>
        list={list}
        label={titleOf('statistics.action-logs')}
        columns={columns}
        emptyText={t('device.statistics.log.empty')}
      />
    </>
  );
}
