import type { DeviceDetail } from '@fleetport/contracts/device-schemas';
import { formatTemperature } from '@fleetport/contracts/format';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../shared/api/messages.ts';
import { ErrorAlert } from '../../../shared/ui/ErrorAlert.tsx';
import { LineChart } from '../../../shared/ui/readings.tsx';
import { type Period, useDeviceTelemetry } from '../api/get-device-telemetry.ts';
import { connectionLabel, signalLabel } from '../DeviceCells.tsx';
import { DeviceFrame } from './DeviceFrame.tsx';
import {
  capable,
  Fact,
  Facts,
  latestReading,
  NotAvailable,
  numberOf,
  PeriodPicker,
  Section,
} from './device-parts.tsx';

/** Dynamic metrics: the latest readings and the signal, radio and temperature charts over a period. */
function DynamicMetrics({ device }: { device: DeviceDetail }) {
  const { t, i18n } = useTranslation();
  const [period, setPeriod] = useState<Period>('24h');
  const readings = useDeviceTelemetry(device.id, 'dynamic', period);
  const latest = latestReading(device, 'dynamic')?.data ?? {};
  const series = (key: string, scale = 1) =>
    (readings.data ?? []).flatMap((reading) => {
      const value = numberOf(reading.data[key]);
      return value === null ? [] : [{ at: Date.parse(reading.at), value: value * scale }];
    });
  const charts = [
    { key: 'signal', label: t('device.metrics.signal') },
    { key: 'rsrp', label: t('device.metrics.rsrp') },
    { key: 'rsrq', label: t('device.metrics.rsrq') },
    { key: 'sinr', label: t('device.metrics.sinr') },
    { key: 'temperature', label: t('device.metrics.temperature'), scale: 0.1 },
  ];
  const uptime = numberOf(latest.uptime_s);
  return (
    <>
      <Section title={t('device.metrics.latest')}>
        <Facts testId="latest-readings">
          <Fact label={t('device.metrics.connection')}>
            {connectionLabel(t, (latest.connection_type as string | null) ?? null)}
          </Fact>
          <Fact label={t('device.metrics.signal')}>{signalLabel(t, numberOf(latest.signal))}</Fact>
          <Fact label={t('device.metrics.operator')}>
            {typeof latest.operator === 'string' ? latest.operator : '—'}
          </Fact>
          <Fact label={t('device.metrics.simSlot')}>
            {numberOf(latest.sim_slot) !== null
              ? t('device.metrics.simSlotValue', { slot: latest.sim_slot as number })
              : '—'}
          </Fact>
          <Fact label={t('device.metrics.temperature')}>
            {formatTemperature(numberOf(latest.temperature)) || '—'}
          </Fact>
          <Fact label={t('device.metrics.uptime')}>
            {uptime === null ? '—' : `${Math.floor(uptime / 3600)} h ${Math.floor((uptime % 3600) / 60)} min`}
          </Fact>
          <Fact label={t('device.metrics.wanIp')}>
            {typeof latest.wan_ip === 'string' ? latest.wan_ip : '—'}
          </Fact>
        </Facts>
      </Section>
      <PeriodPicker value={period} onChange={setPeriod} />
      {readings.isError && <ErrorAlert>{messageOf(readings.error)}</ErrorAlert>}
      {readings.data && readings.data.length === 0 && (
        <Typography color="text.secondary">{t('devices.page.noData')}</Typography>
      )}
      {readings.data && readings.data.length > 0 && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
          {charts.map((chart) => (
            <Paper key={chart.key} variant="outlined" sx={{ p: 2 }}>
              <Typography variant="subtitle2">{chart.label}</Typography>
              <LineChart
                label={t('device.metrics.chartOf', { name: chart.label })}
                points={series(chart.key, chart.scale)}
                language={i18n.language}
              />
            </Paper>
          ))}
        </Box>
      )}
    </>
  );
}

/** /management/devices/{id}/metrics/dynamic. */
export default function DynamicMetricsPage() {
  return (
    <DeviceFrame tab="device.metrics.dynamic">
      {(device) => (capable(device, 'mobile') ? <DynamicMetrics device={device} /> : <NotAvailable />)}
    </DeviceFrame>
  );
}
