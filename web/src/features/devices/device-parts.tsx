import { formatBytes } from '@fleetport/contracts/format';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/lib/api.ts';
import { type DeviceDetail, deviceKey } from './api.ts';

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

/** A titled box of the tab. */
export function Section({
  title,
  children,
  testId,
}: {
  title: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} data-testid={testId}>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

export const PERIODS = ['1h', '24h', '7d', '30d'] as const;
export type Period = (typeof PERIODS)[number];

export type Reading = { at: string; data: Record<string, unknown> };

export function useReadings(deviceId: number, category: string, period: Period) {
  return useQuery({
    queryKey: [...deviceKey(deviceId), 'telemetry', category, period],
    staleTime: 30_000,
    queryFn: async ({ signal }) =>
      (
        await api.http.get<{ data: Reading[] }>(`/devices/${deviceId}/telemetry`, {
          params: { category, period },
          signal,
        })
      ).data.data,
  });
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

export function NotAvailable() {
  const { t } = useTranslation();
  return (
    <Alert severity="info" data-testid="not-available">
      {t('devices.notAvailable')}
    </Alert>
  );
}

export const capable = (device: DeviceDetail, feature: string) => device.capabilities?.[feature] === true;

/** A small table of the tab (readings, history); cells are text. */
export const TABLE_SX = {
  width: '100%',
  borderCollapse: 'collapse',
  '& td, & th': { p: 1, textAlign: 'start', borderBottom: 1, borderColor: 'divider', fontSize: '0.875rem' },
} as const;

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

/** Spec §8 connection log reasons (0, 10, 12, 20, 104 alike). */
export function reasonText(t: TFunction, reason: number | undefined): string {
  if (reason === 14) return t('device.activity.reason14');
  if (reason === 15) return t('device.activity.reason15');
  if (reason === 7) return t('device.activity.reason7');
  return t('device.activity.reason0');
}
