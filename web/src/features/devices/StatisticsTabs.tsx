import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { messageOf } from '../../shared/api/messages.ts';
import { dateColumn } from '../../shared/grid/columns.tsx';
import type { ServerColumn } from '../../shared/grid/grid-query.ts';
import { ListGrid } from '../../shared/grid/ListGrid.tsx';
import { ListToolbar } from '../../shared/grid/ListToolbar.tsx';
import { useServerList } from '../../shared/grid/use-server-list.ts';
import { api } from '../../shared/lib/api.ts';
import { ensureArea } from '../../shared/lib/i18n.ts';
import { RouteTabs } from '../../shared/routing/RouteTabs.tsx';
import { useRouteTitle } from '../../shared/routing/titles.ts';
import { PageLoading } from '../../shared/ui/PageLoading.tsx';
import { reasonText, TABLE_SX } from './device-parts.tsx';
import { LineChart } from './LineChart.tsx';

// The strings of this code come with it, not with the page (lib/i18n.ts).
await Promise.all([ensureArea('devices'), ensureArea('device'), ensureArea('grid')]);

interface Connection {
  id: number;
  at: string;
  reason: number;
  detail: string | null;
  device_id: number;
  device_name: string;
  serial: string;
  company_name: string;
}

/** Spec §8 reasons a filter offers (0 is an accepted connection). */
const REASONS = [0, 10, 7, 14, 15] as const;

/** /statistics/connection-manager: the connection log of every device the user sees, newest first. */
export function ConnectionManagerPage() {
  const { t, i18n } = useTranslation();
  const titleOf = useRouteTitle();
  const [reason, setReason] = useState<number | undefined>();
  const columns = useMemo<ServerColumn<Connection>[]>(
    () => [
      { ...dateColumn('at', t('device.statistics.log.when'), i18n.language), sortable: false },
      {
        field: 'device_name',
        headerName: t('devices.item'),
        flex: 1,
        minWidth: 180,
        sortable: false,
        renderCell: ({ row }) => (
          <RouterLink to={`/devices/${row.device_id}/activity`} className="device-link">
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
  const list = useServerList<Connection>({
    gridId: 'connection-manager',
    url: '/statistics/connections',
    queryKey: ['statistics', 'connections'],
    fixed,
    initial: { sort: [] },
  });
  return (
    <>
      <RouteTabs parent="statistics" current="statistics.connection-manager" label={t('route.statistics')} />
      <ListToolbar<Connection> searchLabel={t('devices.search')} onSearch={list.setSearch}>
        <Box
          component="label"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, fontSize: '0.875rem' }}
        >
          {t('device.activity.event')}
          <select
            value={reason ?? ''}
            onChange={(event) =>
              setReason(event.target.value === '' ? undefined : Number(event.target.value))
            }
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
      <Box sx={{ '& a.device-link': { color: 'primary.main' } }}>
        <ListGrid<Connection>
          list={list}
          label={titleOf('statistics.connection-manager')}
          columns={columns}
          emptyText={t('device.statistics.noConnections')}
        />
      </Box>
    </>
  );
}

interface Period {
  period: string;
  unique_devices: number;
  connections: number;
  refused: number;
  devices_added: number;
}

function useActivity(by: 'day' | 'month', periods: number) {
  return useQuery({
    queryKey: ['statistics', 'activity', by, periods],
    staleTime: 60_000,
    queryFn: async ({ signal }) =>
      (await api.http.get<{ data: Period[] }>('/statistics/activity', { params: { by, periods }, signal }))
        .data.data,
  });
}

/** Unique devices, connections, refused attempts and devices added per period, as a chart and a table. */
function ActivityTable({ by, periods, tab }: { by: 'day' | 'month'; periods: number; tab: string }) {
  const { t, i18n } = useTranslation();
  const activity = useActivity(by, periods);
  const label = (period: string) =>
    new Intl.DateTimeFormat(i18n.language, {
      timeZone: 'UTC',
      ...(by === 'month'
        ? { year: 'numeric', month: 'long' }
        : { year: 'numeric', month: 'short', day: 'numeric' }),
    }).format(new Date(`${period}T00:00:00Z`));
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <>
      <RouteTabs parent="statistics" current={tab} label={t('route.statistics')} />
      {activity.isError && <Alert severity="error">{messageOf(activity.error)}</Alert>}
      {activity.isPending && <PageLoading />}
      {activity.data && (
        <>
          <Paper variant="outlined" sx={{ p: 2, mb: 2, maxWidth: 900 }}>
            <Typography variant="subtitle2">{t('device.statistics.uniqueDevices')}</Typography>
            <LineChart
              label={t('device.metrics.chartOf', { name: t('device.statistics.uniqueDevices') })}
              points={activity.data.map((row) => ({
                at: Date.parse(`${row.period}T00:00:00Z`),
                value: row.unique_devices,
              }))}
              language={i18n.language}
              format={(value) => number.format(Math.round(value))}
            />
          </Paper>
          <Paper variant="outlined">
            <Box component="table" sx={TABLE_SX} data-testid={`statistics-${by}`}>
              <thead>
                <tr>
                  <th>{by === 'month' ? t('device.statistics.month') : t('device.statistics.day')}</th>
                  <th>{t('device.statistics.uniqueDevices')}</th>
                  <th>{t('device.statistics.connections')}</th>
                  <th>{t('device.statistics.refused')}</th>
                  <th>{t('device.statistics.added')}</th>
                </tr>
              </thead>
              <tbody>
                {[...activity.data].reverse().map((row) => (
                  <tr key={row.period}>
                    <td>{label(row.period)}</td>
                    <td>{number.format(row.unique_devices)}</td>
                    <td>{number.format(row.connections)}</td>
                    <td>{number.format(row.refused)}</td>
                    <td>{number.format(row.devices_added)}</td>
                  </tr>
                ))}
              </tbody>
            </Box>
          </Paper>
        </>
      )}
    </>
  );
}

/** /statistics/months-stats: the last 12 months. */
export function MonthlyStatisticsPage() {
  return <ActivityTable by="month" periods={12} tab="statistics.months-stats" />;
}

/** /statistics/unique-devices: the devices that connected each day of the last 30. */
export function UniqueDevicesPage() {
  return <ActivityTable by="day" periods={30} tab="statistics.unique-devices" />;
}
