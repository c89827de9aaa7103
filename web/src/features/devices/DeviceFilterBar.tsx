import { CONNECTION_GENERATIONS, DEVICE_STATUSES, SIGNAL_BUCKETS } from '@fleetport/contracts/devices';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { type ComponentProps, lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_DELAY_MS } from '../../shared/grid/ListToolbar.tsx';
import type { DeviceFilters } from './api/list-devices.ts';
import { type Option, useOptionSearch } from './api/list-options.ts';

/*
 * The devices page's later code is reached through this module, which the page loads right after
 * its first paint: the page's own chunk then does not carry their preload lists (first-load
 * budget of the landing page).
 */
export function openAddDevices(mode: 'form' | 'file' | 'list'): Promise<void> {
  return mode === 'form'
    ? import('./dialogs/AddDeviceDialog.tsx').then((module) => module.openAddDevice())
    : import('./dialogs/AddDevicesDialog.tsx').then((module) => module.openAddDevices(mode));
}
const FleetMap = lazy(() => import('./map/FleetMap.tsx').then((module) => ({ default: module.FleetMap })));
/** The map view (a lazy component may not resolve to another lazy one: this one renders it). */
export function FleetMapView(props: ComponentProps<typeof FleetMap>) {
  return (
    <Suspense fallback={null}>
      <FleetMap {...props} />
    </Suspense>
  );
}

/**
 * A filter's label above a native select: the browser's own list (light, keyboard and screen
 * reader friendly, a phone's picker) styled like the outlined inputs beside it.
 */
const LABEL_SX = {
  display: 'inline-flex',
  flexDirection: 'column',
  gap: 0.25,
  fontSize: '0.75rem',
  color: 'text.secondary',
  '& select, & input': {
    height: 40,
    px: 1,
    font: 'inherit',
    fontSize: '0.875rem',
    color: 'text.primary',
    bgcolor: 'background.paper',
    border: 1,
    borderColor: 'divider',
    borderRadius: 1,
  },
  '& input': { boxSizing: 'border-box' },
  '& select:focus-visible, & input:focus-visible': {
    outline: 2,
    outlineColor: 'primary.main',
    outlineOffset: 1,
  },
} as const;

/**
 * A company or tag filter that searches as you type: the server answers the first 100 matches
 * by name (spec §9 option lists), so a tree of any size can be filtered by any of its companies.
 */
function SearchFilter({
  label,
  url,
  value,
  onChange,
  testId,
  width,
}: {
  label: string;
  url: string;
  value: number | undefined;
  onChange: (id: number | undefined) => void;
  testId: string;
  width: number;
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<Option | null>(null);
  const [text, setText] = useState('');
  const [term, setTerm] = useState('');
  useEffect(() => {
    if (value === undefined) setChosen(null); // cleared with the other filters
  }, [value]);
  useEffect(() => {
    const timer = setTimeout(() => setTerm(text), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const query = useOptionSearch(url, term);
  return (
    <Autocomplete<Option>
      options={query.data ?? []}
      value={chosen}
      onChange={(_event, next) => {
        setChosen(next);
        onChange(next?.id);
      }}
      onInputChange={(_event, next, reason) => setText(reason === 'input' ? next : '')}
      // The server has filtered them: every option it answered matches.
      filterOptions={(options) => options}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, other) => option.id === other.id}
      loading={query.isFetching}
      loadingText={t('common.loading')}
      noOptionsText={t('devices.filters.noMatch')}
      renderInput={(params) => (
        <Box component="label" ref={params.slotProps.input.ref} sx={LABEL_SX}>
          <span>{label}</span>
          <input
            {...params.slotProps.htmlInput}
            placeholder={t('devices.filters.any')}
            data-testid={testId}
            style={{ width }}
          />
        </Box>
      )}
    />
  );
}

/** A text filter that asks the server after a pause in typing, like the search. */
function TypedFilter({
  label,
  value,
  onChange,
  testId,
}: {
  label: string;
  value: string | undefined;
  onChange: (value: string) => void;
  testId: string;
}) {
  const [text, setText] = useState(value ?? '');
  useEffect(() => setText(value ?? ''), [value]);
  useEffect(() => {
    if (text === (value ?? '')) return;
    const timer = setTimeout(() => onChange(text), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, value, onChange]);
  return (
    <Box component="label" sx={LABEL_SX}>
      <span>{label}</span>
      <input
        value={text}
        onChange={(event) => setText(event.target.value)}
        maxLength={60}
        data-testid={testId}
        style={{ width: 120 }}
      />
    </Box>
  );
}

interface DeviceFilterBarProps {
  filters: DeviceFilters;
  onChange: (next: DeviceFilters) => void;
  /** Filters the page has fixed (a company's devices tab has no company filter). */
  fixed?: readonly (keyof DeviceFilters)[];
}

/**
 * The filters above the devices grid (the free DataGrid filters one column at a time,
 * so they live here and combine): status, model, company, tag, connection type, signal and
 * firmware. Each is one list parameter of GET /devices. Their vocabularies come with this module, loaded after the
 * page's first paint: `@fleetport/contracts/devices` holds the API's zod schemas too, which the
 * list page's first load does not carry.
 */
export function DeviceFilterBar({ filters, onChange, fixed = [] }: DeviceFilterBarProps) {
  const { t } = useTranslation();
  const set = (key: keyof DeviceFilters, value: string | number | undefined) =>
    onChange({ ...filters, [key]: value === '' ? undefined : value });
  const select = (
    key: keyof DeviceFilters,
    label: string,
    options: readonly { value: string | number; label: string }[],
    width = 130,
  ) => (
    <Box component="label" sx={LABEL_SX}>
      <span>{label}</span>
      <select
        value={filters[key] ?? ''}
        onChange={(event) => {
          const raw = event.target.value;
          set(key, raw === '' ? undefined : raw);
        }}
        data-testid={`filter-${key}`}
        style={{ width }}
      >
        <option value="">{t('devices.filters.any')}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Box>
  );
  const active = Object.values(filters).some((value) => value !== undefined && value !== '');
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ mb: 2, flexWrap: 'wrap', alignItems: 'flex-end' }}
      role="search"
      aria-label={t('devices.filters.label')}
    >
      {select(
        'status',
        t('devices.columns.status'),
        DEVICE_STATUSES.map((status) => ({ value: status, label: t(`devices.status.${status}`) })),
      )}
      {select(
        'connection_type',
        t('devices.columns.connection'),
        CONNECTION_GENERATIONS.map((generation) => ({
          value: generation,
          label: generation === 'none' ? t('devices.noService') : generation,
        })),
      )}
      {select(
        'signal',
        t('devices.columns.signal'),
        SIGNAL_BUCKETS.map((bucket) => ({ value: bucket, label: t(`devices.signal.${bucket}`) })),
      )}
      {!fixed.includes('company_id') && (
        <SearchFilter
          label={t('devices.columns.company')}
          url="/companies"
          value={filters.company_id}
          onChange={(id) => set('company_id', id)}
          testId="filter-company_id"
          width={180}
        />
      )}
      {!fixed.includes('tag_id') && (
        <SearchFilter
          label={t('devices.columns.tags')}
          url="/tags"
          value={filters.tag_id}
          onChange={(id) => set('tag_id', id)}
          testId="filter-tag_id"
          width={140}
        />
      )}
      <TypedFilter
        label={t('devices.columns.model')}
        value={filters.model}
        onChange={(value) => set('model', value)}
        testId="filter-model"
      />
      <TypedFilter
        label={t('devices.columns.firmware')}
        value={filters.firmware}
        onChange={(value) => set('firmware', value)}
        testId="filter-firmware"
      />
      {active && (
        <Button onClick={() => onChange({})} data-testid="clear-filters">
          {t('devices.filters.clear')}
        </Button>
      )}
    </Stack>
  );
}
