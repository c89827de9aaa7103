import type { DeviceStatus, SignalBucket } from '@fleetport/contracts/devices';
import type { ConnectionGeneration } from '@fleetport/contracts/format';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { type ComponentProps, lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';
import { SEARCH_DELAY_MS } from '../../shared/grid/ListToolbar.tsx';
import type { DeviceFilters } from './api.ts';

type Option = { id: number; name: string };

/*
 * The devices page's later code is reached through this module, which the page loads right after
 * its first paint: the page's own chunk then does not carry their preload lists (first-load
 * budget of the landing page).
 */
export const loadDialogs = () => import('./device-dialogs.tsx');
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

/** Up to 100 choices of a list (spec §9 option lists), by name. */
function useOptions(url: string): Option[] {
  const query = useQuery({
    enabled: url !== '',
    queryKey: ['options', url],
    queryFn: async () =>
      (
        await api.http.get<{ data: Option[] }>(url, {
          params: { limit: 100, fields: 'id,name', sort: 'name' },
        })
      ).data.data,
    staleTime: 60_000,
  });
  return query.data ?? [];
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
  statuses: readonly DeviceStatus[];
  generations: readonly ConnectionGeneration[];
  buckets: readonly SignalBucket[];
  /** Filters the page has fixed (a company's devices tab has no company filter). */
  fixed?: readonly (keyof DeviceFilters)[];
}

/**
 * The filters above the devices grid (issue 6: the free DataGrid filters one column at a time,
 * so they live here and combine): status, model, company, tag, connection type, signal and
 * firmware. Each is one list parameter of GET /devices.
 */
export function DeviceFilterBar({
  filters,
  onChange,
  statuses,
  generations,
  buckets,
  fixed = [],
}: DeviceFilterBarProps) {
  const { t } = useTranslation();
  const companies = useOptions(fixed.includes('company_id') ? '' : '/companies');
  const tags = useOptions(fixed.includes('tag_id') ? '' : '/tags');
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
          const numeric = key === 'company_id' || key === 'tag_id';
          set(key, raw === '' ? undefined : numeric ? Number(raw) : raw);
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
        statuses.map((status) => ({ value: status, label: t(`devices.status.${status}`) })),
      )}
      {select(
        'connection_type',
        t('devices.columns.connection'),
        generations.map((generation) => ({
          value: generation,
          label: generation === 'none' ? t('devices.noService') : generation,
        })),
      )}
      {select(
        'signal',
        t('devices.columns.signal'),
        buckets.map((bucket) => ({ value: bucket, label: t(`devices.signal.${bucket}`) })),
      )}
      {!fixed.includes('company_id') &&
        select(
          'company_id',
          t('devices.columns.company'),
          companies.map((company) => ({ value: company.id, label: company.name })),
          180,
        )}
      {!fixed.includes('tag_id') &&
        select(
          'tag_id',
          t('devices.columns.tags'),
          tags.map((tag) => ({ value: tag.id, label: tag.name })),
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
