import type { DeviceDetail } from '@fleetport/contracts/device-schemas';
import { formatCoordinate } from '@fleetport/contracts/format';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/lib/dates.ts';
import { type Period, useDeviceTelemetry } from '../api/get-device-telemetry.ts';
import { DeviceFrame } from './DeviceFrame.tsx';
import {
  Charts,
  capable,
  Fact,
  Facts,
  fixOf,
  latestReading,
  NotAvailable,
  PeriodPicker,
  Section,
  seriesOf,
} from './device-parts.tsx';

/** The fix now, and speed, altitude and satellites over the period. */
function Gps({ device }: { device: DeviceDetail }) {
  const { t, i18n } = useTranslation();
  const [period, setPeriod] = useState<Period>('24h');
  const readings = useDeviceTelemetry(device.id, 'gps', period);
  const latest = latestReading(device, 'gps');
  const fix = latest ? fixOf(latest.at, latest.data) : null;
  return (
    <>
      {fix && (
        <Section title={t('device.location.latest')}>
          <Facts testId="gps-fix">
            <Fact label={t('device.location.latitude')}>{formatCoordinate(fix.lat)}</Fact>
            <Fact label={t('device.location.longitude')}>{formatCoordinate(fix.lon)}</Fact>
            <Fact label={t('device.location.satellites')}>{fix.satellites ?? '—'}</Fact>
            <Fact label={t('device.location.fixAt')}>{formatDateTime(fix.at, i18n.language)}</Fact>
          </Facts>
        </Section>
      )}
      <PeriodPicker value={period} onChange={setPeriod} />
      <Charts
        readings={readings}
        series={[
          {
            key: 'speed',
            label: t('device.location.speedChart'),
            points: seriesOf(readings.data, (data) => data.speed),
          },
          {
            key: 'altitude',
            label: t('device.location.altitudeChart'),
            points: seriesOf(readings.data, (data) => data.altitude),
          },
          {
            key: 'satellites',
            label: t('device.location.satellites'),
            points: seriesOf(readings.data, (data) => data.satellites),
          },
        ]}
      />
    </>
  );
}

/** /management/devices/{id}/metrics/gps. */
export default function GpsPage() {
  return (
    <DeviceFrame tab="device.metrics.gps">
      {(device) => (capable(device, 'gps') ? <Gps device={device} /> : <NotAvailable />)}
    </DeviceFrame>
  );
}
