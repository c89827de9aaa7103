import type { DataUsageDay } from '@fleetport/contracts/device-schemas';
import { counterSteps, type MobileCounter } from '@fleetport/contracts/devices';
import { and, asc, eq, gte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { deviceTelemetry } from '../../db/schema.ts';

/** The periods the metrics charts offer ("selectable periods"). */
export const METRIC_PERIODS = {
  '1h': 3_600_000,
  '24h': 86_400_000,
  '7d': 604_800_000,
  '30d': 2_592_000_000,
} as const;
/** A chart gets at most this many points; a longer history is thinned evenly. */
export const MAX_POINTS = 600;

/** A device's readings of a category since a time, oldest first. */
export const readings = (db: Db, deviceId: number, category: string, since: Date) =>
  db
    .select({ at: deviceTelemetry.at, data: deviceTelemetry.data })
    .from(deviceTelemetry)
    .where(
      and(
        eq(deviceTelemetry.deviceId, deviceId),
        eq(deviceTelemetry.category, category),
        gte(deviceTelemetry.at, since),
      ),
    )
    .orderBy(asc(deviceTelemetry.at));

/** Evenly thinned to at most `max` items, keeping the first and the last. */
export function thin<T>(items: readonly T[], max: number): T[] {
  if (items.length <= max) return [...items];
  const step = (items.length - 1) / (max - 1);
  return Array.from({ length: max }, (_, index) => items[Math.round(index * step)] as T);
}

/** Data used per SIM per day (UTC), from the dynamic readings' counters (`counterSteps`). */
export function dataUsageByDay(
  readings: readonly { at: Date; mobile: readonly MobileCounter[] }[],
): DataUsageDay[] {
  const days = new Map<string, DataUsageDay>();
  for (const step of counterSteps(readings)) {
    const day = step.reading.at.toISOString().slice(0, 10);
    const key = `${day}/${step.sim}`;
    const entry = days.get(key) ?? { day, sim: step.sim, rx_bytes: 0, tx_bytes: 0 };
    entry.rx_bytes += step.rx_bytes;
    entry.tx_bytes += step.tx_bytes;
    days.set(key, entry);
  }
  return [...days.values()].sort((a, b) => a.day.localeCompare(b.day) || a.sim - b.sim);
}
