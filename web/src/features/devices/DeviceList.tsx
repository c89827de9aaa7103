import type { Device } from '@fleetport/contracts/device-schemas';
import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/Download';
import MapIcon from '@mui/icons-material/Map';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { messageOf } from '../../shared/api/messages.ts';
import { dateColumn } from '../../shared/grid/columns.tsx';
import type { ServerColumn } from '../../shared/grid/grid-query.ts';
import { ListGrid } from '../../shared/grid/ListGrid.tsx';
import { ListToolbar, ToolbarButton } from '../../shared/grid/ListToolbar.tsx';
import { PAGE_PARAM, useListAddress } from '../../shared/grid/list-address.ts';
import { useServerList } from '../../shared/grid/use-server-list.ts';
import { can, useSignedInUser } from '../../shared/lib/auth.ts';
import { toast } from '../../shared/toasts/toasts.tsx';
import { exportDevices } from './api/export-devices.ts';
import { DEVICE_LIST_KEY, DEVICES_URL, type DeviceFilters, useLiveDeviceStatus } from './api/list-devices.ts';
import { connectionLabel, StatusLabel, signalLabel, TagChips } from './DeviceCells.tsx';

const laterCode = () => import('./DeviceFilterBar.tsx');
// The filters' panel and chips, the add menu and the bulk bar come after the first paint
// (first-load budget: this is the landing page); the Filters button is there from the start.
type LaterCode = Awaited<ReturnType<typeof laterCode>>;
/** A component of the later code, loaded with it. */
const later = <
  Name extends
    | 'DeviceFilterPanel'
    | 'DeviceFilterChips'
    | 'EmptyFleetActions'
    | 'AddDevicesMenu'
    | 'FleetMapView',
>(
  name: Name,
) => lazy(() => laterCode().then((module) => ({ default: module[name] as LaterCode[Name] })));
const DeviceFilterPanel = later('DeviceFilterPanel');
const DeviceFilterChips = later('DeviceFilterChips');
const EmptyFleetActions = later('EmptyFleetActions');
const AddDevicesMenu = later('AddDevicesMenu');
const FleetMap = later('FleetMapView');
const BulkBar = lazy(() => import('./BulkBar.tsx').then((module) => ({ default: module.BulkBar })));

/** The filters above the grid, each an address parameter of its own (as it is a list parameter). */
const FILTER_KEYS = [
  'status',
  'connection_type',
  'signal',
  'company_id',
  'tag_id',
  'model',
  'firmware',
  'template',
] as const satisfies readonly (keyof DeviceFilters)[];
const ID_FILTERS: ReadonlySet<string> = new Set(['company_id', 'tag_id']);

/** The filters the address names (a reload, a link, Back); an id that is not one is left out. */
function filtersOf(search: URLSearchParams): DeviceFilters {
  const filters: Record<string, string | number> = {};
  for (const key of FILTER_KEYS) {
    const value = search.get(key)?.trim();
    if (!value) continue;
    if (!ID_FILTERS.has(key)) filters[key] = value;
    else if (/^[1-9]\d{0,9}$/.test(value)) filters[key] = Number(value);
  }
  return filters as DeviceFilters;
}

/** The filters as list parameters: the empty ones left out. */
function filterParams(filters: DeviceFilters): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(filters).filter(
      (entry): entry is [string, string | number] => entry[1] !== undefined && entry[1] !== '',
    ),
  );
}

/** The list's start: sorted by name (what the address leaves out). */
const INITIAL_STATE = { sort: [{ field: 'name', sort: 'asc' as const }] };

/**
 * Columns a first visit hides (the user's own choice is kept in user storage): what is left fits
 * a laptop's 1440 pixels with the navigation open, "Last seen" included.
 */
const HIDDEN_AT_FIRST = {
  mac: false,
  monitoring: false,
  operator: false,
  firmware: false,
  tags: false,
} as const;

/** On a phone: status and name, the column the user picks, the rest in the row's detail (issue 28). */
const PHONE = { keep: ['status', 'name'] } as const;

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
  const [selected, setSelected] = useState<(string | number)[]>([]);
  // Filters, search, sort, page and view are in the address: a reload keeps them, a link shares
  // them, and Back returns to the previous filter.
  const [search, setSearch] = useSearchParams();
  const filterText = FILTER_KEYS.map((key) => search.get(key) ?? '').join('\n');
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again when a filter's parameter changes
  const filters = useMemo(() => filtersOf(search), [filterText]);
  // Other filters (chosen here, or by Back) show other rows: the selection starts again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on a change of the filters
  useEffect(() => setSelected([]), [filterText]);
  const address = useListAddress(INITIAL_STATE);
  const onMap = search.get('view') === 'map';
  const filterCount = Object.keys(filters).length;
  const [filtersAt, setFiltersAt] = useState<HTMLElement | null>(null);
  const [addAt, setAddAt] = useState<HTMLElement | null>(null);
  useLiveDeviceStatus();

  const columns = useMemo<ServerColumn<Device>[]>(
    () => [
      {
        field: 'status',
        headerName: t('devices.columns.status'),
        width: 120,
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
        width: 125,
        valueFormatter: (_value, row) => connectionLabel(t, row.connection_type),
      },
      {
        field: 'signal',
        headerName: t('devices.columns.signal'),
        type: 'number',
        width: 100,
        valueFormatter: (_value, row) => signalLabel(t, row.signal),
      },
      dateColumn('last_seen_at', t('devices.columns.lastSeen'), i18n.language),
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
    ],
    [t, i18n.language],
  );
  const fixed = useMemo(() => filterParams({ ...filters, ...scope }), [filters, scope]);
  const list = useServerList<Device>({
    gridId: 'devices',
    url: DEVICES_URL,
    queryKey: DEVICE_LIST_KEY,
    fixed,
    defaultColumns: HIDDEN_AT_FIRST,
    state: address,
  });
  // A new history entry per change, back on the first page.
  const changeFilters = (next: DeviceFilters) => {
    const params = new URLSearchParams(search);
    for (const key of FILTER_KEYS) {
      const value = next[key];
      if (value === undefined || value === '') params.delete(key);
      else params.set(key, String(value));
    }
    params.delete(PAGE_PARAM);
    setSearch(params);
  };
  const toggleMap = () => {
    const params = new URLSearchParams(search);
    if (onMap) params.delete('view');
    else params.set('view', 'map');
    setSearch(params, { replace: true });
  };
  const within = useMemo(
    () => ({ ...scope, ...(list.state.search.trim() ? { q: list.state.search.trim() } : {}) }),
    [scope, list.state.search],
  );
  // The page's filters, the search and the grid's column filters all narrow the list; clearing
  // takes every one of them out of the address at once (one history entry, Back restores them).
  const filtering = list.filtered || Object.keys(filters).length > 0;
  const clearFilters = () => {
    const params = new URLSearchParams(search);
    for (const key of [...FILTER_KEYS, 'q', PAGE_PARAM]) params.delete(key);
    setSearch(params);
  };
  const exportCsv = () =>
    exportDevices(list.exportParams as Record<string, string>).catch((error: unknown) =>
      toast(messageOf(error), { type: 'error' }),
    );

  return (
    <>
      <ListToolbar<Device>
        searchLabel={t('devices.search')}
        placeholder={t('devices.searchHint')}
        search={list.state.search}
        onSearch={list.setSearch}
        inHeading={scope === undefined}
        filters={
          <>
            <Button
              variant="outlined"
              aria-haspopup="dialog"
              aria-expanded={filtersAt !== null}
              onClick={(event) => setFiltersAt(event.currentTarget)}
              data-testid="open-filters"
            >
              {filterCount > 0 ? t('grid.filtersCount', { count: filterCount }) : t('grid.filters')}
            </Button>
            {filterCount > 0 && (
              <Suspense fallback={null}>
                <DeviceFilterChips filters={filters} onChange={changeFilters} />
              </Suspense>
            )}
          </>
        }
      >
        <ToolbarButton
          label={onMap ? t('devices.showTable') : t('devices.showMap')}
          icon={<MapIcon />}
          aria-pressed={onMap}
          onClick={toggleMap}
          testId="toggle-map"
        />
        <ToolbarButton
          label={t('grid.exportCsv')}
          icon={<DownloadIcon />}
          onClick={() => void exportCsv()}
          testId="list-export"
        />
        {manages && (
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            aria-haspopup="menu"
            aria-expanded={addAt !== null}
            onClick={(event) => setAddAt(event.currentTarget)}
            data-testid="add-devices"
          >
            {t('devices.add.menu')}
          </Button>
        )}
      </ListToolbar>
      {filtersAt && (
        <Suspense fallback={null}>
          <DeviceFilterPanel
            anchor={filtersAt}
            onClose={() => setFiltersAt(null)}
            filters={filters}
            onChange={changeFilters}
            within={within}
            fixed={scope ? (Object.keys(scope) as (keyof DeviceScope)[]) : undefined}
          />
        </Suspense>
      )}
      {addAt && (
        <Suspense fallback={null}>
          <AddDevicesMenu anchor={addAt} onClose={() => setAddAt(null)} />
        </Suspense>
      )}
      {manages && selected.length > 0 && !onMap && (
        <Suspense fallback={null}>
          <BulkBar
            selected={selected}
            onClear={() => setSelected([])}
            scoped={scope !== undefined}
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
        <Box>
          <ListGrid<Device>
            list={list}
            label={t('route.devices')}
            columns={columns}
            emptyText={t('devices.none')}
            emptyActions={
              manages ? (
                <Suspense fallback={null}>
                  <EmptyFleetActions />
                </Suspense>
              ) : undefined
            }
            noMatchText={t('devices.noMatch')}
            filtered={filtering}
            pageFilters
            onClearFilters={clearFilters}
            selection={manages ? { ids: selected, onChange: setSelected } : undefined}
            phone={PHONE}
          />
        </Box>
      )}
    </>
  );
}
