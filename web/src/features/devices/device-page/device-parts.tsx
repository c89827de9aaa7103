import type { DeviceDetail, TelemetryPoint } from '@fleetport/contracts/device-schemas';
import { formatBytes } from '@fleetport/contracts/format';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../shared/api/messages.ts';
import { ErrorAlert } from '../../../shared/ui/ErrorAlert.tsx';
import { PageLoading } from '../../../shared/ui/PageLoading.tsx';
import { LineChart, TABLE_SX } from '../../../shared/ui/readings.tsx';
import { PERIODS, type Period, type useDeviceTelemetry } from '../api/get-device-telemetry.ts';

/** The pieces the device page's tabs share: facts, the period picker, readings, 'not available'. */

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 140 }}>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography variant="body2" component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** A row of facts. */
export function Facts({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <Stack
      component="dl"
      direction="row"
      spacing={3}
      useFlexGap
      sx={{ flexWrap: 'wrap', m: 0 }}
      data-testid={testId}
    >
      {children}
    </Stack>
  );
}

/** A titled box of the tab, with what may be done to it (`actions`) beside its title. */
export function Section({
  title,
  children,
  testId,
  actions,
}: {
  title: string;
  children: ReactNode;
  testId?: string;
  actions?: ReactNode;
}) {
  const heading = (
    <Typography variant="subtitle2" sx={{ mb: actions ? 0 : 1 }}>
      {title}
    </Typography>
  );
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} data-testid={testId}>
      {actions ? (
        <Stack
          direction="row"
          spacing={1}
          sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}
        >
          {heading}
          <Stack direction="row" spacing={0.5}>
            {actions}
          </Stack>
        </Stack>
      ) : (
        heading
      )}
      {children}
    </Paper>
  );
}

export function PeriodPicker({ value, onChange }: { value: Period; onChange: (next: Period) => void }) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size="small"
      label={t('devices.page.period')}
      value={value}
      onChange={(event) => onChange(event.target.value as Period)}
      sx={{ width: 200, mb: 2 }}
    >
      {PERIODS.map((period) => (
        <MenuItem key={period} value={period}>
          {t(`devices.page.periods.${period}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}

export const numberOf = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/** The device's own words: a string, or nothing. */
export const textOf = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** The latest reading of a monitoring category the device reported (its `state`), if any. */
export function latestReading(device: DeviceDetail, category: string): TelemetryPoint | undefined {
  const reading = device.state[category];
  if (typeof reading !== 'object' || reading === null) return undefined;
  const { at, data } = reading as Partial<TelemetryPoint>;
  return typeof at === 'string' && typeof data === 'object' && data !== null
    ? (reading as TelemetryPoint)
    : undefined;
}

export function NotAvailable() {
  const { t } = useTranslation();
  return (
    <Alert severity="info" data-testid="not-available">
      {t('devices.notAvailable')}
    </Alert>
  );
}

export const capable = (device: DeviceDetail, feature: string) => device.capabilities?.[feature] === true;

/** Data received, sent and in all, after the columns that say whose and when (bytes in 1024 steps). */
export function UsageTable({
  heads,
  rows,
  testId,
}: {
  heads: readonly string[];
  rows: readonly { key: string; cells: readonly ReactNode[]; rx: number; tx: number }[];
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Box component="table" sx={TABLE_SX} data-testid={testId}>
      <thead>
        <tr>
          {heads.map((head) => (
            <th key={head}>{head}</th>
          ))}
          <th>{t('device.usage.received')}</th>
          <th>{t('device.usage.sent')}</th>
          <th>{t('device.usage.total')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            {row.cells.map((cell, index) => (
              <td key={heads[index]}>{cell}</td>
            ))}
            <td>{formatBytes(row.rx)}</td>
            <td>{formatBytes(row.tx)}</td>
            <td>{formatBytes(row.rx + row.tx)}</td>
          </tr>
        ))}
      </tbody>
    </Box>
  );
}

/** A GPS fix of the device (spec §9: coordinates written with 6 decimals). */
export interface Fix {
  at: string;
  lat: number;
  lon: number;
  altitude: number | null;
  speed: number | null;
  satellites: number | null;
}

/** The fix of a reading (at the device's own fix time when it gave one), or none without coordinates. */
export function fixOf(at: string, data: Record<string, unknown> | undefined): Fix | null {
  const lat = numberOf(data?.lat);
  const lon = numberOf(data?.lon);
  if (lat === null || lon === null) return null;
  return {
    at: textOf(data?.fix_at) ?? at,
    lat,
    lon,
    altitude: numberOf(data?.altitude),
    speed: numberOf(data?.speed),
    satellites: numberOf(data?.satellites),
  };
}

export interface ChartSeries {
  key: string;
  label: string;
  points: { at: number; value: number }[];
  format?: (value: number) => string;
}

/** The charts of one period: each series in its own box, two to a row on wide screens. */
export function Charts({
  readings,
  series,
}: {
  readings: ReturnType<typeof useDeviceTelemetry>;
  series: ChartSeries[];
}) {
  const { t, i18n } = useTranslation();
  if (readings.isError) return <ErrorAlert>{messageOf(readings.error)}</ErrorAlert>;
  if (readings.isPending) return <PageLoading />;
  const drawn = series.filter((line) => line.points.length > 0);
  if (drawn.length === 0) return <Typography color="text.secondary">{t('devices.page.noData')}</Typography>;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
      {drawn.map((line) => (
        <Paper key={line.key} variant="outlined" sx={{ p: 2 }} data-testid={`chart-${line.key}`}>
          <Typography variant="subtitle2">{line.label}</Typography>
          <LineChart
            label={t('device.metrics.chartOf', { name: line.label })}
            points={line.points}
            language={i18n.language}
            format={line.format}
          />
        </Paper>
      ))}
    </Box>
  );
}

/** A numeric field of each reading as a series. */
export function seriesOf(
  readings: readonly TelemetryPoint[] | undefined,
  pick: (data: Record<string, unknown>) => unknown,
) {
  return (readings ?? []).flatMap((reading) => {
    const value = numberOf(pick(reading.data));
    return value === null ? [] : [{ at: Date.parse(reading.at), value }];
  });
}
