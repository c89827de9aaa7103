import Box from '@mui/material/Box';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { dateColumn } from '../../shared/grid/columns.tsx';
import type { ServerColumn } from '../../shared/grid/grid-query.ts';
import { ListGrid } from '../../shared/grid/ListGrid.tsx';
import { ListToolbar } from '../../shared/grid/ListToolbar.tsx';
import { useServerList } from '../../shared/grid/use-server-list.ts';
import { ensureArea } from '../../shared/lib/i18n.ts';
import { RouteTabs } from '../../shared/routing/RouteTabs.tsx';
import { useRouteTitle } from '../../shared/routing/titles.ts';

// The strings of this code come with it, not with the page (lib/i18n.ts).
await Promise.all([ensureArea('device'), ensureArea('grid')]);

interface AuditEntry {
  id: number;
  at: string;
  user_email: string | null;
  actor_user_id: number | null;
  company_name: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
}

/**
 * /statistics/action-logs (spec §2 Statistics): the audit log of the companies the user sees,
 * newest first: when, who (and whether an admin acted for them), where, what and on which item.
 */
export default function ActionLogsPage() {
  const { t, i18n } = useTranslation();
  const titleOf = useRouteTitle();
  const columns = useMemo<ServerColumn<AuditEntry>[]>(
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
  const list = useServerList<AuditEntry>({
    gridId: 'action-logs',
    url: '/audit-log',
    queryKey: ['audit-log', 'list'],
    initial: { sort: [] },
  });
  return (
    <>
      <RouteTabs parent="statistics" current="statistics.action-logs" label={t('route.statistics')} />
      <ListToolbar<AuditEntry> searchLabel={t('device.statistics.log.search')} onSearch={list.setSearch} />
      <ListGrid<AuditEntry>
        list={list}
        label={titleOf('statistics.action-logs')}
        columns={columns}
        emptyText={t('device.statistics.log.empty')}
      />
    </>
  );
}
