import type { DeviceDetail } from '@fleetport/contracts/device-schemas';
import { counterSteps, type MobileCounter } from '@fleetport/contracts/devices';
import { formatBytes } from '@fleetport/contracts/format';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Period, useDeviceTelemetry } from '../api/get-device-telemetry.ts';
import { DeviceFrame } from './DeviceFrame.tsx';
import {
  Charts,
  capable,
  Fact,
  Facts,
  latestReading,
  NotAvailable,
  numberOf,
  PeriodPicker,
  Section,
  textOf,
  UsageTable,
} from './device-parts.tsx';

const countersOf = (data: Record<string, unknown>): MobileCounter[] =>
  Array.isArray(data.mobile) ? (data.mobile as MobileCounter[]) : [];

/** The data used over the period, per SIM (bytes in 1024 steps). */
function MobileData({ device }: { device: DeviceDetail }) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<Period>('24h');
  const readings = useDeviceTelemetry(device.id, 'dynamic', period);
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
  const latest = latestReading(device, 'dynamic')?.data;
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

/** /management/devices/{id}/metrics/mobile-data. */
export default function MobileDataPage() {
  return (
    <DeviceFrame tab="device.metrics.mobile-data">
      {(device) => (capable(device, 'mobile') ? <MobileData device={device} /> : <NotAvailable />)}
    </DeviceFrame>
  );
}
