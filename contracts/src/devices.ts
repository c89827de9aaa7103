import type { ConnectionGeneration } from './format.ts';

/**
 * The device list's vocabulary shared by the API and the console (spec §2
 * /management/devices, §4 "Device online label", §9 connection types): statuses, the filters
 * above the grid, the bulk actions and the device actions a user may start.
 */

/** Spec §4 "Device online label": Offline, Online, Pending, otherwise Not Activated. */
export const DEVICE_STATUSES = ['online', 'offline', 'pending', 'not_activated'] as const;
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];

/** Spec §9 connection types as the list filters them (`none` is 'No service'). */
export const CONNECTION_GENERATIONS = [
  '5G',
  '4G',
  '3G',
  '2G',
  'none',
] as const satisfies readonly ConnectionGeneration[];

/**
 * Signal strength buckets of the list filter, by the modem's RSSI in dBm (the usual cellular
 * bars): excellent ≥ −70, good −85…−71, fair −100…−86, poor < −100, none without a reading.
 */
export const SIGNAL_BUCKETS = ['excellent', 'good', 'fair', 'poor', 'none'] as const;
export type SignalBucket = (typeof SIGNAL_BUCKETS)[number];
export const SIGNAL_BUCKET_FLOORS = { excellent: -70, good: -85, fair: -100 } as const;

export function signalBucket(rssi: number | null | undefined): SignalBucket {
  if (typeof rssi !== 'number' || !Number.isFinite(rssi)) return 'none';
  if (rssi >= SIGNAL_BUCKET_FLOORS.excellent) return 'excellent';
  if (rssi >= SIGNAL_BUCKET_FLOORS.good) return 'good';
  if (rssi >= SIGNAL_BUCKET_FLOORS.fair) return 'fair';
  return 'poor';
}

/** Spec §2 "Add device", "Edit device": the longest name and description of a device. */
export const DEVICE_NAME_MAX_LENGTH = 120;
export const DEVICE_DESCRIPTION_MAX_LENGTH = 500;

/** A note left on a device (POST /devices/{id}/notes). */
export const NOTE_MAX_LENGTH = 2000;
/** A CLI command sent to a device (POST /devices/{id}/cli). */
export const CLI_COMMAND_MAX_LENGTH = 1000;
/** A device's admin password as the password manager sets it: printable, no spaces. */
export const DEVICE_PASSWORD_LENGTH = { min: 8, max: 128 } as const;
/** Spec §2 "Device custom box": a title and up to 20 lines, each a label and a value. */
export const CUSTOM_BOX_LIMITS = { title: 60, label: 60, value: 500, lines: 20 } as const;

/** The most tags one request names: a device's tags, or those a bulk action adds or removes. */
export const MAX_TAG_IDS = 50;

/** The most devices one bulk action names by id; beyond that, act on the filter. */
export const MAX_BULK_IDS = 1000;

/** Bulk actions on the selection (ids) or on every device matching a filter. */
export const BULK_DEVICE_ACTIONS = [
  'add_tags',
  'remove_tags',
  'move',
  'monitoring',
  'period',
  'delete',
] as const;
export type BulkDeviceAction = (typeof BULK_DEVICE_ACTIONS)[number];

/** Actions a user starts on a device page; results come on the 'Action status' channel. */
export const DEVICE_ACTIONS = ['reboot', 'refresh', 'backup'] as const;
export type DeviceAction = (typeof DEVICE_ACTIONS)[number];

/** Spec §4 "L2TP instance status". */
export const L2TP_STATUSES = ['online', 'offline', 'disabled', 'mixed', 'none'] as const;
export type L2tpStatus = (typeof L2TP_STATUSES)[number];

/**
 * Spec §4: All online/running, All offline/stopped, All disabled, Mixed, or No L2TP instances.
 * An instance is up when it is enabled, running and online; down when it is enabled but stopped
 * or offline. Disabled instances beside enabled ones do not count.
 */
export function l2tpStatus(
  instances: readonly { enabled: boolean; running: boolean; online: boolean }[],
): L2tpStatus {
  if (instances.length === 0) return 'none';
  const enabled = instances.filter((instance) => instance.enabled);
  if (enabled.length === 0) return 'disabled';
  const up = enabled.filter((instance) => instance.running && instance.online).length;
  if (up === enabled.length) return 'online';
  if (up === 0) return 'offline';
  return 'mixed';
}

export interface MobileCounter {
  sim: number;
  rx_bytes: number;
  tx_bytes: number;
}

/**
 * The data used between readings, per SIM, from counters that count from the device's start:
 * each step is the counter's growth; a counter that went down (the device restarted) counts its
 * new value. The first reading of a SIM only sets where it starts.
 */
export function counterSteps<T extends { mobile: readonly MobileCounter[] }>(
  readings: readonly T[],
): { reading: T; sim: number; rx_bytes: number; tx_bytes: number }[] {
  const last = new Map<number, MobileCounter>();
  const grew = (now: number, then: number) => (now >= then ? now - then : now);
  const steps: { reading: T; sim: number; rx_bytes: number; tx_bytes: number }[] = [];
  for (const reading of readings) {
    for (const counter of reading.mobile) {
      const before = last.get(counter.sim);
      last.set(counter.sim, counter);
      if (!before) continue;
      steps.push({
        reading,
        sim: counter.sim,
        rx_bytes: grew(counter.rx_bytes, before.rx_bytes),
        tx_bytes: grew(counter.tx_bytes, before.tx_bytes),
      });
    }
  }
  return steps;
}

/** Spec §9 device kinds, each drawn with its own illustration. */
export const DEVICE_KINDS = ['router', 'gateway', 'access_point', 'switch'] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];

/** Spec §9: the device kind shown (and drawn) for a model. */
export function deviceKind(model: string): DeviceKind {
  const family = model.slice(0, 3).toUpperCase();
  if (family === 'TSW') return 'switch';
  if (family === 'TAP') return 'access_point';
  if (family === 'TRB') return 'gateway';
  return 'router';
}
