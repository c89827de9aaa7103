import type { DeviceDetail } from '@fleetport/contracts/device-schemas';
import { formatCoordinate } from '@fleetport/contracts/format';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../shared/api/messages.ts';
import { formatDateTime } from '../../../shared/lib/dates.ts';
import { ErrorAlert } from '../../../shared/ui/ErrorAlert.tsx';
import { PageLoading } from '../../../shared/ui/PageLoading.tsx';
import { TABLE_SX } from '../../../shared/ui/readings.tsx';
import { type Period, useDeviceTelemetry } from '../api/get-device-telemetry.ts';
import { DeviceFrame } from './DeviceFrame.tsx';
import {
  capable,
  Fact,
  Facts,
  fixOf,
  latestReading,
  NotAvailable,
  PeriodPicker,
  Section,
} from './device-parts.tsx';

// Leaflet comes with the location tab only.
const DeviceMap = lazy(() =>
  import('../map/DeviceMap.tsx').then((module) => ({ default: module.DeviceMap })),
);

const HISTORY_ROWS = 200;

/** The last fix on a map, the route over a period and its history (spec §9: 6 decimals). */
function Location({ device }: { device: DeviceDetail }) {
  const { t, i18n } = useTranslation();
  const [period, setPeriod] = useState<Period>('24h');
  const readings = useDeviceTelemetry(device.id, 'gps', period);
  const latest = latestReading(device, 'gps');
  const fix = useMemo(() => (latest ? fixOf(latest.at, latest.data) : null), [latest]);
  const history = useMemo(
    () => (readings.data ?? []).flatMap((reading) => fixOf(reading.at, reading.data) ?? []),
    [readings.data],
  );
  const points = useMemo(
    () =>
      fix ? [{ id: device.id, name: device.name, status: device.status, lat: fix.lat, lon: fix.lon }] : [],
    [fix, device.id, device.name, device.status],
  );
  if (!fix) return <Typography color="text.secondary">{t('device.location.none')}</Typography>;
  const unit = (value: number | null, key: 'device.location.metres' | 'device.location.kmh') =>
    value === null ? '—' : t(key, { value });
  return (
    <>
      <Section title={t('device.location.latest')}>
        <Facts testId="location-fix">
          <Fact label={t('device.location.latitude')}>{formatCoordinate(fix.lat)}</Fact>
          <Fact label={t('device.location.longitude')}>{formatCoordinate(fix.lon)}</Fact>
          <Fact label={t('device.location.altitude')}>{unit(fix.altitude, 'device.location.metres')}</Fact>
          <Fact label={t('device.location.speed')}>{unit(fix.speed, 'device.location.kmh')}</Fact>
          <Fact label={t('device.location.satellites')}>{fix.satellites ?? '—'}</Fact>
          <Fact label={t('device.location.fixAt')}>{formatDateTime(fix.at, i18n.language)}</Fact>
        </Facts>
      </Section>
      <PeriodPicker value={period} onChange={setPeriod} />
      <Box sx={{ mb: 2 }}>
        <Suspense fallback={<PageLoading />}>
          <DeviceMap points={points} track={history} height={380} label={t('device.location.mapLabel')} />
        </Suspense>
      </Box>
      <Section title={t('device.location.history')} testId="location-history">
        {readings.isError && <ErrorAlert>{messageOf(readings.error)}</ErrorAlert>}
        {readings.data && history.length === 0 && (
          <Typography color="text.secondary">{t('devices.page.noData')}</Typography>
        )}
        {history.length > 0 && (
          <Box component="table" sx={TABLE_SX}>
            <thead>
              <tr>
                <th>{t('device.location.fixAt')}</th>
                <th>{t('device.location.latitude')}</th>
                <th>{t('device.location.longitude')}</th>
                <th>{t('device.location.altitude')}</th>
                <th>{t('device.location.speed')}</th>
              </tr>
            </thead>
            <tbody>
              {history
                .slice(-HISTORY_ROWS)
                .reverse()
                .map((step) => (
                  <tr key={step.at}>
                    <td>{formatDateTime(step.at, i18n.language)}</td>
                    <td>{formatCoordinate(step.lat)}</td>
                    <td>{formatCoordinate(step.lon)}</td>
                    <td>{unit(step.altitude, 'device.location.metres')}</td>
                    <td>{unit(step.speed, 'device.location.kmh')}</td>
                  </tr>
                ))}
            </tbody>
          </Box>
        )}
        {history.length > HISTORY_ROWS && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('device.location.newest', { count: HISTORY_ROWS })}
          </Typography>
        )}
      </Section>
    </>
  );
}

/** /devices/{id}/location. */
export default function LocationPage() {
  return (
    <DeviceFrame tab="device.location">
      {(device) => (capable(device, 'gps') ? <Location device={device} /> : <NotAvailable />)}
    </DeviceFrame>
  );
}
