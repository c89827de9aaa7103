import type { Device } from '@fleetport/contracts/device-schemas';
import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { messageOf } from '../../shared/api/messages.ts';
import { dateColumn } from '../../shared/grid/columns.tsx';
import type { ServerColumn } from '../../shared/grid/grid-query.ts';
import { ListGrid } from '../../shared/grid/ListGrid.tsx';
import { ListToolbar } from '../../shared/grid/ListToolbar.tsx';
import { useServerList } from '../../shared/grid/use-server-list.ts';
import { can, useSignedInUser } from '../../shared/lib/auth.ts';
import { toast } from '../../shared/toasts/toasts.tsx';
import { exportDevices } from './api/export-devices.ts';
import { DEVICE_LIST_KEY, DEVICES_URL, type DeviceFilters, useLiveDeviceStatus } from './api/list-devices.ts';
import { connectionLabel, StatusLabel, signalLabel, TagChips } from './DeviceCells.tsx';

const laterCode = () => import('./DeviceFilterBar.tsx');
// The filters and the bulk bar come right after the first paint (first-load budget: this is the
// landing page); the filters' row keeps its height meanwhile, so nothing moves.
const DeviceFilterBar = lazy(() =>
  import('./DeviceFilterBar.tsx').then((module) => ({ default: module.DeviceFilterBar })),
);
const FleetMap = lazy(() => laterCode().then((module) => ({ default: module.FleetMapView })));
const BulkBar = lazy(() => import('./BulkBar.tsx').then((module) => ({ default: module.BulkBar })));
const FILTERS_HEIGHT = 78;

/** The filters as list parameters: the empty ones left out. */
function filterParams(filters: DeviceFilters): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(filters).filter(
      (entry): entry is [string, string | number] => entry[1] !== undefined && entry[1] !== '',
    ),
  );
}

/** The devices' links, in the brand's colour (plain router links: MUI's Link is not on this page). */
const LINK_SX = {
  '& a.device-link': { color: 'primary.main', textDecoration: 'none', fontWeight: 500 },
  '& a.device-link:hover': { textDecoration: 'underline' },
} as const;

/** Columns a first visit hides (the user's own choice is kept in user storage). */
const HIDDEN_AT_FIRST = { mac: false, monitoring: false, operator: false, firmware: false } as const;

/** The devices the page is about: all the user sees, or a company's, or a tag's. */
export interface DeviceScope {
  company_id?: number;
  tag_id?: number;
}

/** The devices list of a page: the devices page, a company's devices tab, a tag's page. */
export function DeviceList({ scope }: { scope?: DeviceScope }) {
  const { t, i18n } = useTranslation();
  const user = useSignedInUser();
  const manages = can(user, 'manage_devices');
  const [filters, setFilters] = useState<DeviceFilters>({});
  const [selected, setSelected] = useState<(string | number)[]>([]);
  // The map view is in the address, so it can be linked and survives a reload.
  const [search, setSearch] = useSearchParams();
  const onMap = search.get('view') === 'map';
  useLiveDeviceStatus();

  const columns = useMemo<ServerColumn<Device>[]>(
    () => [
      {
        field: 'status',
        headerName: t('devices.columns.status'),
        width: 150,
        renderCell: ({ row }) => <StatusLabel status={row.status} />,
      },
      {
        field: 'name',
        headerName: t('devices.columns.name'),
        flex: 1.5,
        minWidth: 180,
        renderCell: ({ row }) => (
          <RouterLink to={`/devices/${row.id}`} data-testid="device-link" className="device-link">
            {row.name}
          </RouterLink>
        ),
      },
      { field: 'serial', headerName: t('devices.columns.serial'), width: 130 },
      { field: 'mac', headerName: t('devices.columns.mac'), width: 160 },
      { field: 'model', headerName: t('devices.columns.model'), width: 110 },
      {
        field: 'company_name',
        headerName: t('devices.columns.company'),
        flex: 1,
        minWidth: 150,
      },
      {
        field: 'connection_type',
        headerName: t('devices.columns.connection'),
        width: 140,
        valueFormatter: (_value, row) => connectionLabel(t, row.connection_type),
      },
      {
        field: 'signal',
        headerName: t('devices.columns.signal'),
        type: 'number',
        width: 110,
        valueFormatter: (_value, row) => signalLabel(t, row.signal),
      },
      { field: 'operator', headerName: t('devices.columns.operator'), width: 130 },
      { field: 'firmware', headerName: t('devices.columns.firmware'), width: 170 },
      {
        field: 'tags',
        headerName: t('devices.columns.tags'),
        width: 160,
        sortable: false,
        renderCell: ({ row }) => <TagChips tags={row.tags} />,
      },
      {
        field: 'monitoring',
        headerName: t('devices.columns.monitoring'),
        width: 120,
        valueFormatter: (_value, row) => (row.monitoring ? t('devices.on') : t('devices.off')),
      },
      dateColumn('last_seen_at', t('devices.columns.lastSeen'), i18n.language),
    ],
    [t, i18n.language],
  );
  const fixed = useMemo(() => filterParams({ ...filters, ...scope }), [filters, scope]);
  const list = useServerList<Device>({
    gridId: 'devices',
    url: DEVICES_URL,
    queryKey: DEVICE_LIST_KEY,
    initial: { sort: [{ field: 'name', sort: 'asc' }] },
    fixed,
    defaultColumns: HIDDEN_AT_FIRST,
  });
  const changeFilters = (next: DeviceFilters) => {
    setFilters(next);
    setSelected([]);
    list.setState((now) => ({ ...now, page: 0 }));
  };
  const exportCsv = () =>
    exportDevices(list.exportParams as Record<string, string>).catch((error: unknown) =>
      toast(messageOf(error), { type: 'error' }),
    );

  return (
    <>
      <ListToolbar<Device> searchLabel={t('devices.search')} onSearch={list.setSearch}>
        <Button
          variant="outlined"
          aria-pressed={onMap}
          onClick={() => setSearch(onMap ? {} : { view: 'map' }, { replace: true })}
          data-testid="toggle-map"
        >
          {onMap ? t('devices.showTable') : t('devices.showMap')}
        </Button>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          onClick={() => void exportCsv()}
          data-testid="list-export"
        >
          {t('grid.exportCsv')}
        </Button>
        {manages && (
          <Button
            onClick={() => void laterCode().then((module) => module.openAddDevices('file'))}
            data-testid="add-from-file"
          >
            {t('devices.add.fromFile')}
          </Button>
        )}
        {manages && (
          <Button
            onClick={() => void laterCode().then((module) => module.openAddDevices('list'))}
            data-testid="add-from-list"
          >
            {t('devices.add.fromList')}
          </Button>
        )}
        {manages && (
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => void laterCode().then((module) => module.openAddDevices('form'))}
            data-testid="add-device"
          >
            {t('devices.add.title')}
          </Button>
        )}
      </ListToolbar>
      <Box sx={{ minHeight: FILTERS_HEIGHT }}>
        <Suspense fallback={null}>
          <DeviceFilterBar
            filters={filters}
            onChange={changeFilters}
            fixed={scope ? (Object.keys(scope) as (keyof DeviceScope)[]) : undefined}
          />
        </Suspense>
      </Box>
      {manages && selected.length > 0 && !onMap && (
        <Suspense fallback={null}>
          <BulkBar
            selected={selected}
            onClear={() => setSelected([])}
            total={list.total}
            capped={list.capped}
            pageIds={list.rows.map((row) => row.id)}
            names={new Map(list.rows.map((row) => [row.id, row.name]))}
            filter={{ ...list.exportParams }}
          />
        </Suspense>
      )}
      {onMap ? (
        <Suspense fallback={null}>
          <FleetMap params={list.exportParams as Record<string, string | number>} total={list.total} />
        </Suspense>
      ) : (
        <Box sx={LINK_SX}>
          <ListGrid<Device>
            list={list}
            label={t('route.devices')}
            columns={columns}
            emptyText={t('devices.empty')}
            selection={manages ? { ids: selected, onChange: setSelected } : undefined}
          />
        </Box>
      )}
    </>
  );
}
