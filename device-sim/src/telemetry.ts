import { deriveCapabilities } from '@fleetport/contracts/device-capabilities';
import {
  PROTOCOL_VERSION,
  type ReportedCapabilities,
  TELEMETRY_CATEGORIES,
  type TelemetryCategory,
  type TelemetryData,
  telemetrySchema,
} from '@fleetport/contracts/device-protocol';
import type { DeviceProfile } from './fleet.ts';
import { createRandom } from './random.ts';
import {
  createDdnsSensor,
  createGpsSensor,
  createHotspotSensor,
  createIoSensor,
  createL2tpSensor,
  createWirelessSensor,
} from './telemetry-peripherals.ts';
import {
  createRadio,
  createStaticSensor,
  type DeviceSettings,
  type RadioSnapshot,
  type SensorContext,
  uptimeSeconds,
} from './telemetry-radio.ts';

/**
 * A device's readings over time, one category at a time. Values wander the way real ones do;
 * every payload fits the contract's schema for its category (telemetrySchema).
 */
export interface Telemetry {
  read<K extends TelemetryCategory>(category: K, now?: number): TelemetryData[K];
  uptime(now?: number): number;
  /** The modem's state as of the latest reading, for `gsmctl` and `ifconfig`. */
  radio(): RadioSnapshot;
  /** Starts a new boot: uptime and counters from zero. */
  reboot(now?: number): void;
}

type Sensors = { [K in TelemetryCategory]: (now: number) => TelemetryData[K] };

/** Devices in the field have been running a while: up to 45 days, at least an hour. */
const LONGEST_UPTIME_MS = 45 * 86_400_000;

export function createTelemetry(
  profile: DeviceProfile,
  options: { now?: number; settings?: () => DeviceSettings } = {},
): Telemetry {
  const random = createRandom(profile.seed);
  const now = options.now ?? Date.now();
  const settings =
    options.settings ?? (() => ({ hostname: `Teltonika-${profile.model}.com`, lanIp: '192.168.1.1' }));
  const context: SensorContext = {
    profile,
    random,
    bootedAt: now - random.int(3_600_000, LONGEST_UPTIME_MS),
    settings,
  };
  // Position survives a reboot; everything else starts over.
  const gps = createGpsSensor(context);
  let radio = createRadio(context);
  let sensors = boot(context, radio, gps);
  return {
    read: <K extends TelemetryCategory>(category: K, at = Date.now()) =>
      (sensors[category] as (now: number) => TelemetryData[K])(at),
    uptime: (at = Date.now()) => uptimeSeconds(context.bootedAt, at),
    radio: () => radio.snapshot(),
    reboot: (at = Date.now()) => {
      context.bootedAt = at;
      radio = createRadio(context);
      sensors = boot(context, radio, gps);
    },
  };
}

function boot(context: SensorContext, radio: ReturnType<typeof createRadio>, gps: Sensors['gps']): Sensors {
  return {
    dynamic: radio.dynamic,
    static: createStaticSensor(context),
    io: createIoSensor(context),
    gps,
    wireless: createWirelessSensor(context),
    hotspot: createHotspotSensor(context),
    ddns: createDdnsSensor(context),
    l2tp: createL2tpSensor(context),
  };
}

const CATEGORY_NEEDS: Record<TelemetryCategory, keyof ReportedCapabilities | undefined> = {
  dynamic: undefined,
  static: undefined,
  io: 'io',
  gps: 'gps',
  wireless: 'wifi',
  hotspot: 'hotspot',
  ddns: 'ddns',
  l2tp: 'l2tp',
};

/**
 * The categories a device reports: those its family, its hardware and its firmware all allow
 * (the same rule the console applies, contracts/src/device-capabilities.ts).
 */
export function categoriesOf(
  model: string,
  firmware: string,
  reported: ReportedCapabilities,
): TelemetryCategory[] {
  const capabilities = deriveCapabilities(model, firmware, reported);
  return TELEMETRY_CATEGORIES.filter((category) => {
    const needs = CATEGORY_NEEDS[category];
    return needs === undefined || capabilities[needs] === true;
  });
}

export function telemetryMessage<K extends TelemetryCategory>(data: TelemetryData[K], now = Date.now()) {
  return { v: PROTOCOL_VERSION, at: new Date(now).toISOString(), data };
}

/** Built once: telemetrySchema makes a new schema on every call. */
const TELEMETRY_MESSAGE = Object.fromEntries(
  TELEMETRY_CATEGORIES.map((category) => [category, telemetrySchema(category)]),
) as { [K in TelemetryCategory]: ReturnType<typeof telemetrySchema<K>> };

/** The message of a reading, checked against the contract's schema before it is sent. */
export function checkedTelemetryMessage<K extends TelemetryCategory>(category: K, data: TelemetryData[K]) {
  return TELEMETRY_MESSAGE[category].parse(telemetryMessage(data));
}
