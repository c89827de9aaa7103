import type { ConnectionLogEntry } from '@fleetport/contracts/device-schemas';
import Box from '@mui/material/Box';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { dateColumn } from '../../shared/grid/columns.tsx';
import type { ServerColumn } from '../../shared/grid/grid-query.ts';
import { ListGrid } from '../../shared/grid/ListGrid.tsx';
import { ListToolbar } from '../../shared/grid/ListToolbar.tsx';
import { useAddressFilter } from '../../shared/grid/list-address.ts';
import type { GridPhone } from '../../shared/grid/phone.tsx';
import { useServerList } from '../../shared/grid/use-server-list.ts';
import { RouteTabs } from '../../shared/routing/RouteTabs.tsx';
import { useRouteTitle } from '../../shared/routing/titles.ts';
import { pathOf } from '../../shared/routing/web-routes.ts';
import { reasonText } from '../../shared/ui/readings.tsx';
import { CONNECTIONS_KEY, CONNECTIONS_URL, REASONS } from './api/list-connections.ts';

/** The grid on a phone (issue 28). */
const PHONE: GridPhone<ConnectionLogEntry> = { keep: ['at', 'device_name'], title: (row) => row.device_name };

/** /statistics/connection-manager: the connection log of every device the user sees, newest first. */
export default function ConnectionManagerPage() {
  const { t, i18n } = useTranslation();
  const titleOf = useRouteTitle();
  const [reasonParam, setReason] = useAddressFilter('reason');
  const reason = /^\d+$/.test(reasonParam) ? Number(reasonParam) : undefined;
  const columns = useMemo<ServerColumn<ConnectionLogEntry>[]>(
    () => [
      { ...dateColumn('at', t('device.statistics.log.when'), i18n.language), sortable: false },
      {
        field: 'device_name',
        headerName: t('devices.item'),
        flex: 1,
        minWidth: 180,
        sortable: false,
        renderCell: ({ row }) => (
          <RouterLink to={pathOf('device.activity', { id: row.device_id })} className="device-link">
            {row.device_name}
          </RouterLink>
        ),
      },
      { field: 'serial', headerName: t('devices.columns.serial'), width: 130, sortable: false },
      {
        field: 'company_name',
        headerName: t('devices.columns.company'),
        flex: 1,
        minWidth: 150,
        sortable: false,
      },
      {
        field: 'reason',
        headerName: t('device.activity.event'),
        flex: 2,
        minWidth: 260,
        sortable: false,
        valueFormatter: (_value, row) => reasonText(t, row.reason),
      },
      { field: 'detail', headerName: t('device.activity.details'), width: 200, sortable: false },
    ],
    [t, i18n.language],
  );
  const fixed = useMemo(() => (reason === undefined ? undefined : { reason }), [reason]);
  const list = useServerList<ConnectionLogEntry>({
    gridId: 'connection-manager',
    url: CONNECTIONS_URL,
    queryKey: CONNECTIONS_KEY,
    inAddress: true,
    fixed,
    initial: { sort: [] },
  });
  return (
    <>
      <RouteTabs parent="statistics" current="statistics.connection-manager" label={t('route.statistics')} />
      <ListToolbar<ConnectionLogEntry>
        searchLabel={t('devices.search')}
        onSearch={list.setSearch}
        search={list.state.search}
      >
        <Box
          component="label"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, fontSize: '0.875rem' }}
        >
          {t('device.activity.event')}
          <select
            value={reason ?? ''}
            onChange={(event) => setReason(event.target.value)}
            data-testid="connections-reason"
            style={{ height: 36, font: 'inherit' }}
          >
            <option value="">{t('devices.filters.any')}</option>
            {REASONS.map((code) => (
              <option key={code} value={code}>
                {code === 0 ? t('device.statistics.connected') : t(`device.statistics.reasons.r${code}`)}
              </option>
            ))}
          </select>
        </Box>
      </ListToolbar>
      <Box>
        <ListGrid<ConnectionLogEntry>
          phone={PHONE}
          list={list}
          label={titleOf('statistics.connection-manager')}
          columns={columns}
          emptyText={t('device.statistics.noConnections')}
        />
      </Box>
    </>
  );
}
