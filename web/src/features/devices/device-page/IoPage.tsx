import type { DeviceDetail } from '@fleetport/contracts/device-schemas';
import { formatAnalog, formatCurrentLoop } from '@fleetport/contracts/format';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TABLE_SX } from '../../../shared/ui/readings.tsx';
import { type Period, useDeviceTelemetry } from '../api/get-device-telemetry.ts';
import { DeviceFrame } from './DeviceFrame.tsx';
import {
  Charts,
  capable,
  latestReading,
  NotAvailable,
  PeriodPicker,
  Section,
  seriesOf,
} from './device-parts.tsx';
import { type IoPoint, ioList, ioValue } from './io-points.ts';

/** The inputs and outputs now, and the measured inputs over the period. */
function Io({ device }: { device: DeviceDetail }) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<Period>('24h');
  const readings = useDeviceTelemetry(device.id, 'io', period);
  const latest = latestReading(device, 'io')?.data;
  const inputs = ioList(latest?.inputs);
  const outputs = ioList(latest?.outputs);
  const measured = inputs.filter((input) => input.kind === 'analog' || input.kind === 'current_loop');
  const series = measured.map((input) => ({
    key: `io-${input.id}`,
    label: t('device.io.inputOf', { id: input.id }),
    points: seriesOf(
      readings.data,
      (data) => ioList(data.inputs).find((item) => item.id === input.id)?.value,
    ),
    format: (value: number) => (input.kind === 'analog' ? formatAnalog(value) : formatCurrentLoop(value)),
  }));
  if (!latest) return <Typography color="text.secondary">{t('devices.page.noData')}</Typography>;
  const table = (rows: IoPoint[], testId: string) => (
    <Box component="table" sx={TABLE_SX} data-testid={testId}>
      <thead>
        <tr>
          <th>{t('device.io.name')}</th>
          <th>{t('device.io.kind')}</th>
          <th>{t('device.io.value')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id}>
            <td>{row.id}</td>
            <td>{t(`device.io.kinds.${row.kind}`, { defaultValue: row.kind })}</td>
            <td>{ioValue(t, row)}</td>
          </tr>
        ))}
      </tbody>
    </Box>
  );
  return (
    <>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, mb: 2 }}>
        <Section title={t('device.io.inputs')}>{table(inputs, 'io-inputs')}</Section>
        <Section title={t('device.io.outputs')}>{table(outputs, 'io-outputs')}</Section>
      </Box>
      {measured.length > 0 && (
        <>
          <PeriodPicker value={period} onChange={setPeriod} />
          <Charts readings={readings} series={series} />
        </>
      )}
    </>
  );
}

/** /management/devices/{id}/metrics/io. */
export default function IoPage() {
  return (
    <DeviceFrame tab="device.metrics.io">
      {(device) => (capable(device, 'io') ? <Io device={device} /> : <NotAvailable />)}
    </DeviceFrame>
  );
}
