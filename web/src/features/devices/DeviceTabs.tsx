import { counterSteps, l2tpStatus, type MobileCounter } from '@fleetport/contracts/devices';
import { formatAnalog, formatBytes, formatCoordinate, formatCurrentLoop } from '@fleetport/contracts/format';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../shared/api/messages.ts';
import { formatDateTime } from '../../shared/lib/dates.ts';
import { PageLoading } from '../../shared/ui/PageLoading.tsx';
import type { DeviceDetail } from './api.ts';
import {
  Fact,
  Facts,
  NotAvailable,
  numberOf,
  type Period,
  PeriodPicker,
  type Reading,
  Section,
  TABLE_SX,
  UsageTable,
  useReadings,
} from './device-parts.tsx';
import { LineChart } from './LineChart.tsx';

// Leaflet comes with the location tab only.
const DeviceMap = lazy(() => import('./map/DeviceMap.tsx').then((module) => ({ default: module.DeviceMap })));

/** The device's own words: a string, or nothing. */
const textOf = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** The charts of one period: each series in its own box, two to a row on wide screens. */
function Charts({
  readings,
  series,
}: {
  readings: ReturnType<typeof useReadings>;
  series: {
    key: string;
    label: string;
    points: { at: number; value: number }[];
    format?: (value: number) => string;
  }[];
}) {
  const { t, i18n } = useTranslation();
  if (readings.isError) return <Alert severity="error">{messageOf(readings.error)}</Alert>;
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
function seriesOf(
  readings: readonly Reading[] | undefined,
  pick: (data: Record<string, unknown>) => unknown,
) {
  return (readings ?? []).flatMap((reading) => {
    const value = numberOf(pick(reading.data));
    return value === null ? [] : [{ at: Date.parse(reading.at), value }];
  });
}

interface Fix {
  at: string;
  lat: number;
  lon: number;
  altitude: number | null;
  speed: number | null;
  satellites: number | null;
}

function fixOf(at: string, data: Record<string, unknown> | undefined): Fix | null {
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

const HISTORY_ROWS = 200;

/** /devices/{id}/location: the last fix on a map, the route over a period and its history (spec §9: 6 decimals). */
export function Location({ device }: { device: DeviceDetail }) {
  const { t, i18n } = useTranslation();
  const [period, setPeriod] = useState<Period>('24h');
  const readings = useReadings(device.id, 'gps', period);
  const latest = device.state.gps;
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
        {readings.isError && <Alert severity="error">{messageOf(readings.error)}</Alert>}
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

const countersOf = (data: Record<string, unknown>): MobileCounter[] =>
  Array.isArray(data.mobile) ? (data.mobile as MobileCounter[]) : [];

/** /management/devices/{id}/metrics/mobile-data: the data used over the period, per SIM (bytes in 1024 steps). */
export function MobileData({ device }: { device: DeviceDetail }) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<Period>('24h');
  const readings = useReadings(device.id, 'dynamic', period);
  const { totals, series } = useMemo(() => {
    const steps = counterSteps(
      (readings.data ?? []).map((reading) => ({
        at: Date.parse(reading.at),
        mobile: countersOf(reading.data),
      })),
    );
    const sims = new Map<number, { rx: number; tx: number; points: { at: number; value: number }[] }>();
    for (const step of steps) {
      const sim = sims.get(step.sim) ?? { rx: 0, tx: 0, points: [] };
      sim.rx += step.rx_bytes;
      sim.tx += step.tx_bytes;
      sim.points.push({ at: step.reading.at, value: sim.rx + sim.tx });
      sims.set(step.sim, sim);
    }
    const ordered = [...sims.entries()].sort(([a], [b]) => a - b);
    return {
      totals: ordered.map(([sim, total]) => ({ sim, rx: total.rx, tx: total.tx })),
      series: ordered.map(([sim, total]) => ({
        key: `sim${sim}`,
        label: t('device.mobile.usedOn', { slot: sim }),
        points: total.points,
        format: (value: number) => formatBytes(value, 1),
      })),
    };
  }, [readings.data, t]);
  const latest = device.state.dynamic?.data;
  return (
    <>
      <Section title={t('device.metrics.latest')}>
        <Facts testId="mobile-latest">
          <Fact label={t('device.metrics.simSlot')}>
            {numberOf(latest?.sim_slot) !== null
              ? t('device.metrics.simSlotValue', { slot: latest?.sim_slot as number })
              : '—'}
          </Fact>
          <Fact label={t('device.metrics.operator')}>{textOf(latest?.operator) ?? '—'}</Fact>
          <Fact label={t('device.mobile.sims')}>{numberOf(device.capabilities?.sim_count) ?? '—'}</Fact>
        </Facts>
      </Section>
      <PeriodPicker value={period} onChange={setPeriod} />
      {totals.length > 0 && (
        <Section title={t('device.mobile.inPeriod')} testId="mobile-totals">
          <UsageTable
            heads={[t('device.usage.sim')]}
            rows={totals.map((total) => ({
              key: String(total.sim),
              cells: [t('device.metrics.simSlotValue', { slot: total.sim })],
              rx: total.rx,
              tx: total.tx,
            }))}
          />
        </Section>
      )}
      <Charts readings={readings} series={series} />
    </>
  );
}

interface IoPoint {
  id: string;
  kind: string;
  value: number;
}
const ioList = (value: unknown): IoPoint[] =>
  Array.isArray(value)
    ? value.filter(
        (item): item is IoPoint =>
          typeof item === 'object' &&
          item !== null &&
          typeof item.id === 'string' &&
          typeof item.value === 'number',
      )
    : [];

/** Spec §9 labels and units: digital Low/High, relay Closed/Open, analog ÷1000 V, current loop ×1000 mA. */
export function ioValue(t: TFunction, point: IoPoint): string {
  switch (point.kind) {
    case 'digital':
      return point.value ? t('device.io.high') : t('device.io.low');
    case 'relay':
      return point.value ? t('device.io.closed') : t('device.io.open');
    case 'analog':
      return formatAnalog(point.value);
    case 'current_loop':
      return formatCurrentLoop(point.value);
    default:
      return String(point.value);
  }
}

/** /management/devices/{id}/metrics/io: the inputs and outputs now, and the measured inputs over the period. */
export function Io({ device }: { device: DeviceDetail }) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<Period>('24h');
  const readings = useReadings(device.id, 'io', period);
  const latest = device.state.io?.data;
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

/** /management/devices/{id}/metrics/gps: the fix now, and speed, altitude and satellites over the period. */
export function Gps({ device }: { device: DeviceDetail }) {
  const { t, i18n } = useTranslation();
  const [period, setPeriod] = useState<Period>('24h');
  const readings = useReadings(device.id, 'gps', period);
  const latest = device.state.gps;
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

interface L2tpInstance {
  name: string;
  enabled: boolean;
  running: boolean;
  online: boolean;
}

/** /devices/{id}/services: what the device's services last reported (Wi-Fi, hotspot, dynamic DNS, L2TP). */
export function Services({ device }: { device: DeviceDetail }) {
  const { t, i18n } = useTranslation();
  const has = (feature: string) => device.capabilities?.[feature] === true;
  const reading = (category: string) => device.state[category];
  const when = (category: string) => {
    const at = reading(category)?.at;
    return at
      ? t('device.services.reported', { when: formatDateTime(at, i18n.language) })
      : t('device.services.notYet');
  };
  const shown = ['wifi', 'hotspot', 'ddns', 'l2tp'].filter(has);
  if (shown.length === 0) return <NotAvailable />;
  const ssids = Array.isArray(reading('wireless')?.data.ssids)
    ? (reading('wireless')?.data.ssids as { ssid: string; band: string; clients: number }[])
    : [];
  const hotspot = reading('hotspot')?.data;
  const ddns = reading('ddns')?.data;
  const instances = Array.isArray(reading('l2tp')?.data.instances)
    ? (reading('l2tp')?.data.instances as L2tpInstance[])
    : [];
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      {has('wifi') && (
        <Section title={t('device.services.wifi')} testId="service-wifi">
          <Typography variant="caption" color="text.secondary">
            {when('wireless')}
          </Typography>
          {ssids.length > 0 && (
            <Box component="table" sx={TABLE_SX}>
              <thead>
                <tr>
                  <th>{t('device.services.ssid')}</th>
                  <th>{t('device.services.band')}</th>
                  <th>{t('device.services.clients')}</th>
                </tr>
              </thead>
              <tbody>
                {ssids.map((ssid) => (
                  <tr key={`${ssid.ssid}/${ssid.band}`}>
                    <td>{ssid.ssid}</td>
                    <td>{ssid.band}</td>
                    <td>{ssid.clients}</td>
                  </tr>
                ))}
              </tbody>
            </Box>
          )}
        </Section>
      )}
      {has('hotspot') && (
        <Section title={t('device.services.hotspot')} testId="service-hotspot">
          <Typography variant="caption" color="text.secondary">
            {when('hotspot')}
          </Typography>
          {hotspot && (
            <Facts>
              <Fact label={t('device.services.sessions')}>{numberOf(hotspot.sessions) ?? '—'}</Fact>
              <Fact label={t('device.usage.received')}>{formatBytes(numberOf(hotspot.rx_bytes)) || '—'}</Fact>
              <Fact label={t('device.usage.sent')}>{formatBytes(numberOf(hotspot.tx_bytes)) || '—'}</Fact>
            </Facts>
          )}
        </Section>
      )}
      {has('ddns') && (
        <Section title={t('device.services.ddns')} testId="service-ddns">
          <Typography variant="caption" color="text.secondary">
            {when('ddns')}
          </Typography>
          {ddns && (
            <Facts>
              <Fact label={t('device.services.hostname')}>{textOf(ddns.hostname) ?? '—'}</Fact>
              <Fact label={t('device.services.ddnsStatus')}>
                {t(`device.services.ddnsStatuses.${textOf(ddns.status) ?? 'disabled'}`, {
                  defaultValue: textOf(ddns.status) ?? '',
                })}
              </Fact>
            </Facts>
          )}
        </Section>
      )}
      {has('l2tp') && (
        <Section title={t('device.services.l2tp')} testId="service-l2tp">
          <Typography variant="body2" sx={{ mb: 1 }} data-testid="l2tp-status">
            {t(`device.services.l2tpStatus.${l2tpStatus(instances)}`)}
          </Typography>
          {instances.length > 0 && (
            <Box component="table" sx={TABLE_SX}>
              <thead>
                <tr>
                  <th>{t('device.services.instance')}</th>
                  <th>{t('device.services.state')}</th>
                </tr>
              </thead>
              <tbody>
                {instances.map((instance) => (
                  <tr key={instance.name}>
                    <td>{instance.name}</td>
                    <td>
                      {!instance.enabled
                        ? t('device.services.disabled')
                        : instance.running && instance.online
                          ? t('device.services.up')
                          : t('device.services.down')}
                    </td>
                  </tr>
                ))}
              </tbody>
            </Box>
          )}
        </Section>
      )}
    </Box>
  );
}
