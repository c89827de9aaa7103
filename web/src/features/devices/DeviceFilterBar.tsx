import type { DeviceFacet, DeviceFacetField, DeviceFilter } from '@fleetport/contracts/device-schemas';
import { CONNECTION_GENERATIONS, DEVICE_STATUSES, SIGNAL_BUCKETS } from '@fleetport/contracts/devices';
import Autocomplete, { type AutocompleteRenderInputParams } from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { type ComponentProps, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_DELAY_MS } from '../../shared/grid/ListToolbar.tsx';
import { useOption } from './api/get-option.ts';
import { useDeviceFacets } from './api/list-device-facets.ts';
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

/** Saved configurations: devices that differ from the template they follow, or hold it (`template=`). */
const TEMPLATE_STATES = ['drifted', 'in_line'] as const satisfies readonly NonNullable<
  DeviceFilter['template']
>[];

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

/** The input of a filter with a list (company, tag, model, firmware): its label above, as the selects beside it have. */
function filterInput(input: {
  label: string;
  placeholder: string;
  testId: string;
  width: number;
  maxLength?: number;
}) {
  return (params: AutocompleteRenderInputParams) => (
    <Box component="label" ref={params.slotProps.input.ref} sx={LABEL_SX}>
      <span>{input.label}</span>
      <input
        {...params.slotProps.htmlInput}
        placeholder={input.placeholder}
        maxLength={input.maxLength}
        data-testid={input.testId}
        style={{ width: input.width }}
      />
    </Box>
  );
}

/**
 * A company or tag filter that searches as you type: the server answers the first 100 matches
 * by name (spec §9 option lists), so a tree of any size can be filtered by any of its companies.
 * A filter that came with the page's address (a reload, a link, Back) shows its name, asked by id.
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
  const known = chosen !== null && chosen.id === value;
  const named = useOption(url, value, { enabled: !known });
  useEffect(() => {
    const timer = setTimeout(() => setTerm(text), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const query = useOptionSearch(url, term);
  // Cleared with the other filters, or another one from the address: what the filter is now.
  let shown: Option | null = known ? chosen : (named.data ?? null);
  if (!known && value !== undefined && named.isError) shown = { id: value, name: `#${value}` };
  if (value === undefined) shown = null;
  return (
    <Autocomplete<Option>
      options={query.data ?? []}
      value={shown}
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
      renderInput={filterInput({ label, placeholder: t('devices.filters.any'), testId, width })}
    />
  );
}

/**
 * The model or firmware filter: what is typed filters after a pause, matching anywhere in the
 * value (RUT9 finds RUT950 and RUT956); its list offers the values present among the devices the
 * list shows under its other filters, each with how many devices have it (GET /devices/facets).
 */
function FacetFilter({
  field,
  label,
  value,
  within,
  onChange,
}: {
  field: DeviceFacetField;
  label: string;
  value: string | undefined;
  /** The list's other filters, its scope and its search: the values offered are those under them. */
  within: DeviceFilter;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(value ?? '');
  const [term, setTerm] = useState(text);
  const [open, setOpen] = useState(false);
  // The filter changed elsewhere (cleared, Back, a link): the field shows it.
  useEffect(() => setText((now) => (now.trim() === (value ?? '') ? now : (value ?? ''))), [value]);
  const report = useRef(onChange);
  report.current = onChange;
  useEffect(() => {
    const timer = setTimeout(() => {
      setTerm(text);
      if (text.trim() !== (value ?? '')) report.current(text.trim());
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, value]);
  const facets = useDeviceFacets(field, term, within, { enabled: open });
  return (
    <Autocomplete<DeviceFacet, false, false, true>
      freeSolo
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={facets.data ?? []}
      value={value ?? null}
      inputValue={text}
      onInputChange={(_event, next) => setText(next)}
      onChange={(_event, next) => {
        const chosen = typeof next === 'string' ? next : (next?.value ?? '');
        setText(chosen);
        onChange(chosen.trim());
      }}
      // The server has filtered them: every value it answered contains what is typed.
      filterOptions={(options) => options}
      getOptionLabel={(option) => (typeof option === 'string' ? option : option.value)}
      isOptionEqualToValue={(option, other) =>
        option.value === (typeof other === 'string' ? other : other.value)
      }
      renderOption={({ key, ...props }, option) => (
        <li key={key} {...props}>
          {t('devices.filters.valueCount', { value: option.value, total: option.count })}
        </li>
      )}
      loading={facets.isFetching}
      loadingText={t('common.loading')}
      noOptionsText={t('devices.filters.noMatch')}
      renderInput={filterInput({
        label,
        placeholder: t('devices.filters.any'),
        testId: `filter-${field}`,
        width: 140,
        maxLength: 60,
      })}
    />
  );
}

interface DeviceFilterBarProps {
  filters: DeviceFilters;
  onChange: (next: DeviceFilters) => void;
  /** What else narrows the list (the page's scope, the search): the model and firmware values offered are within it. */
  within?: DeviceFilter;
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
export function DeviceFilterBar({ filters, onChange, within, fixed = [] }: DeviceFilterBarProps) {
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
      {select(
        'template',
        t('device.templates.filter.label'),
        TEMPLATE_STATES.map((state) => ({ value: state, label: t(`device.templates.filter.${state}`) })),
        190,
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
      <FacetFilter
        field="model"
        label={t('devices.columns.model')}
        value={filters.model}
        within={{ ...filters, ...within }}
        onChange={(value) => set('model', value)}
      />
      <FacetFilter
        field="firmware"
        label={t('devices.columns.firmware')}
        value={filters.firmware}
        within={{ ...filters, ...within }}
        onChange={(value) => set('firmware', value)}
      />
      {active && (
        <Button onClick={() => onChange({})} data-testid="clear-filters">
          {t('devices.filters.clear')}
        </Button>
      )}
    </Stack>
  );
}
