import type { DeviceFacet, DeviceFacetField, DeviceFilter } from '@fleetport/contracts/device-schemas';
import { CONNECTION_GENERATIONS, DEVICE_STATUSES, SIGNAL_BUCKETS } from '@fleetport/contracts/devices';
import AddIcon from '@mui/icons-material/Add';
import CancelIcon from '@mui/icons-material/Cancel';
import Autocomplete, { type AutocompleteRenderInputParams } from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ComponentProps, lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_DELAY_MS } from '../../shared/grid/ListToolbar.tsx';
import { BottomSheet } from '../../shared/ui/BottomSheet.tsx';
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

/** The input of a filter with a list (company, tag, model, firmware): an outlined MUI field like the rest. */
function filterInput(input: { label: string; placeholder: string; testId: string; maxLength?: number }) {
  return (params: AutocompleteRenderInputParams) => (
    <TextField
      {...params}
      size="small"
      label={input.label}
      placeholder={input.placeholder}
      slotProps={{
        ...params.slotProps,
        inputLabel: { ...params.slotProps?.inputLabel, shrink: true },
        htmlInput: {
          ...params.slotProps.htmlInput,
          maxLength: input.maxLength,
          'data-testid': input.testId,
        },
      }}
    />
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
}: {
  label: string;
  url: string;
  value: number | undefined;
  onChange: (id: number | undefined) => void;
  testId: string;
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
      renderInput={filterInput({ label, placeholder: t('devices.filters.any'), testId })}
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
        maxLength: 60,
      })}
    />
  );
}

interface FilterProps {
  filters: DeviceFilters;
  onChange: (next: DeviceFilters) => void;
  /** What else narrows the list (the page's scope, the search): the model and firmware values offered are within it. */
  within?: DeviceFilter | undefined;
  /** Filters the page has fixed (a company's devices tab has no company filter). */
  fixed?: readonly (keyof DeviceFilters)[] | undefined;
}

/** Below the theme's `sm` breakpoint (600 px): a phone. */
const PHONE_QUERY = '(max-width: 599.95px)';

type ChoiceKey = 'status' | 'connection_type' | 'signal' | 'template';

/** The filters with a fixed list of values, each value in words. */
function useChoices(): Record<ChoiceKey, { label: string; options: { value: string; label: string }[] }> {
  const { t } = useTranslation();
  return {
    status: {
      label: t('devices.columns.status'),
      options: DEVICE_STATUSES.map((status) => ({ value: status, label: t(`devices.status.${status}`) })),
    },
    connection_type: {
      label: t('devices.columns.connection'),
      options: CONNECTION_GENERATIONS.map((generation) => ({
        value: generation,
        label: generation === 'none' ? t('devices.noService') : generation,
      })),
    },
    signal: {
      label: t('devices.columns.signal'),
      options: SIGNAL_BUCKETS.map((bucket) => ({ value: bucket, label: t(`devices.signal.${bucket}`) })),
    },
    template: {
      label: t('device.templates.filter.label'),
      options: TEMPLATE_STATES.map((state) => ({
        value: state,
        label: t(`device.templates.filter.${state}`),
      })),
    },
  };
}

const CHOICE_KEYS = [
  'status',
  'connection_type',
  'signal',
  'template',
] as const satisfies readonly ChoiceKey[];

/**
 * The devices list's filters (issue 28): status, connection type, signal, configuration,
 * company, tag, model and firmware, each one list parameter of GET /devices, all in MUI's
 * outlined fields. Beside the Filters button on a wide screen; a sheet from the bottom on a
 * phone. A choice applies at once (it is in the page's address); Done closes.
 */
export function DeviceFilterPanel({
  anchor,
  onClose,
  filters,
  onChange,
  within,
  fixed = [],
}: FilterProps & { anchor: HTMLElement; onClose: () => void }) {
  const { t } = useTranslation();
  // A sheet on a phone, a panel beside the button elsewhere: as the screen is when it opens.
  const [phone] = useState(() => window.matchMedia?.(PHONE_QUERY).matches ?? false);
  const choices = useChoices();
  const set = (key: keyof DeviceFilters, value: string | number | undefined) =>
    onChange({ ...filters, [key]: value === '' ? undefined : value });
  const active = Object.values(filters).some((value) => value !== undefined && value !== '');
  const titleId = 'device-filters-title';
  const body = (
    <Box
      role="search"
      aria-labelledby={titleId}
      sx={{ p: 2, width: phone ? 'auto' : 560, maxWidth: '100%' }}
      data-testid="device-filters"
    >
      <Typography id={titleId} variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 2 }}>
        {t('devices.filters.label')}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
        {CHOICE_KEYS.map((key) => (
          <TextField
            key={key}
            select
            size="small"
            label={choices[key].label}
            value={filters[key] ?? ''}
            onChange={(event) => set(key, event.target.value)}
            slotProps={{
              select: { native: true },
              inputLabel: { shrink: true },
              htmlInput: { 'data-testid': `filter-${key}` },
            }}
          >
            <option value="">{t('devices.filters.any')}</option>
            {choices[key].options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </TextField>
        ))}
        {!fixed.includes('company_id') && (
          <SearchFilter
            label={t('devices.columns.company')}
            url="/companies"
            value={filters.company_id}
            onChange={(id) => set('company_id', id)}
            testId="filter-company_id"
          />
        )}
        {!fixed.includes('tag_id') && (
          <SearchFilter
            label={t('devices.columns.tags')}
            url="/tags"
            value={filters.tag_id}
            onChange={(id) => set('tag_id', id)}
            testId="filter-tag_id"
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
      </Box>
      <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end' }}>
        {active && (
          <Button onClick={() => onChange({})} data-testid="clear-filters">
            {t('devices.filters.clear')}
          </Button>
        )}
        <Button variant="contained" onClick={onClose} data-testid="filters-done">
          {t('devices.filters.done')}
        </Button>
      </Stack>
    </Box>
  );
  if (phone) {
    return (
      <BottomSheet labelledBy={titleId} onClose={onClose}>
        {body}
      </BottomSheet>
    );
  }
  return (
    <Popover
      open
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      transformOrigin={{ vertical: 'top', horizontal: 'left' }}
      slotProps={{ paper: { role: 'dialog', 'aria-labelledby': titleId, sx: { mt: 1 } } }}
    >
      {body}
    </Popover>
  );
}

/** The name of a company or tag filter, asked by id (a reload, a link). */
function OptionName({ url, id }: { url: string; id: number }) {
  const named = useOption(url, id);
  return <>{named.data?.name ?? `#${id}`}</>;
}

/** The active filters as chips beside the Filters button; each one's × takes it out. */
export function DeviceFilterChips({ filters, onChange }: FilterProps) {
  const { t } = useTranslation();
  const choices = useChoices();
  const chips: { key: keyof DeviceFilters; label: ReactNode; name: string }[] = [];
  for (const key of CHOICE_KEYS) {
    const value = filters[key];
    if (value === undefined) continue;
    const words = choices[key].options.find((option) => option.value === value)?.label ?? String(value);
    chips.push({ key, name: choices[key].label, label: words });
  }
  if (filters.company_id !== undefined) {
    chips.push({
      key: 'company_id',
      name: t('devices.columns.company'),
      label: <OptionName url="/companies" id={filters.company_id} />,
    });
  }
  if (filters.tag_id !== undefined) {
    chips.push({
      key: 'tag_id',
      name: t('devices.columns.tags'),
      label: <OptionName url="/tags" id={filters.tag_id} />,
    });
  }
  if (filters.model) chips.push({ key: 'model', name: t('devices.columns.model'), label: filters.model });
  if (filters.firmware) {
    chips.push({ key: 'firmware', name: t('devices.columns.firmware'), label: filters.firmware });
  }
  return (
    <>
      {chips.map((chip) => (
        <Chip
          key={chip.key}
          label={
            <>
              {chip.name}: {chip.label}
            </>
          }
          onDelete={() => onChange({ ...filters, [chip.key]: undefined })}
          deleteIcon={<CancelIcon aria-label={t('devices.filters.remove', { name: chip.name })} />}
          data-testid={`filter-chip-${chip.key}`}
        />
      ))}
    </>
  );
}

/** Add a device, import a file, paste a list: one menu (issue 28), the dialogs loaded on choice. */
export function AddDevicesMenu({ anchor, onClose }: { anchor: HTMLElement; onClose: () => void }) {
  const { t } = useTranslation();
  const open = (mode: 'form' | 'file' | 'list') => {
    onClose();
    void openAddDevices(mode);
  };
  return (
    <Menu
      open
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
    >
      <MenuItem onClick={() => open('form')} data-testid="add-device">
        {t('devices.addOne')}
      </MenuItem>
      <MenuItem onClick={() => open('file')} data-testid="add-from-file">
        {t('devices.add.fromFile')}
      </MenuItem>
      <MenuItem onClick={() => open('list')} data-testid="add-from-list">
        {t('devices.add.fromList')}
      </MenuItem>
    </Menu>
  );
}

/** An empty fleet: add a device or import a file, where the rows would be (issue 28). */
export function EmptyFleetActions() {
  const { t } = useTranslation();
  return (
    <>
      <Button
        variant="contained"
        startIcon={<AddIcon />}
        onClick={() => void openAddDevices('form')}
        data-testid="empty-add-device"
      >
        {t('devices.addOne')}
      </Button>
      <Button variant="outlined" onClick={() => void openAddDevices('file')} data-testid="empty-import">
        {t('devices.import')}
      </Button>
    </>
  );
}
