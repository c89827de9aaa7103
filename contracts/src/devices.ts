import { z } from 'zod';
import { textSchema } from './fields.ts';
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
export const DEVICE_ACTIONS = ['reboot', 'refresh'] as const;
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

/*
 * The answers of the device routes (`data` of the envelope), declared by the API as each route's
 * `response` and read by the console. Every text in them is the device's or a user's: untrusted.
 */

/** A tag on a device row. */
export const deviceTagSchema = z.object({ id: z.number(), name: z.string(), color: z.string().nullable() });
export type DeviceTag = z.infer<typeof deviceTagSchema>;

/** A row of GET /devices; also the answer of POST /devices, PATCH /devices/{id} and PUT …/tags. */
export const deviceSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  serial: z.string(),
  mac: z.string(),
  model: z.string().nullable(),
  firmware: z.string().nullable(),
  company_id: z.number(),
  company_name: z.string(),
  status: z.enum(DEVICE_STATUSES),
  monitoring: z.boolean(),
  /** The modem's connection type as reported (LTE, 5G-NSA…); the console maps it (spec §9). */
  connection_type: z.string().nullable(),
  operator: z.string().nullable(),
  /** RSSI in dBm. */
  signal: z.number().nullable(),
  tags: z.array(deviceTagSchema),
  last_seen_at: z.string().nullable(),
  credit_until: z.string().nullable(),
  created_at: z.string(),
});
export type Device = z.infer<typeof deviceSchema>;

/** Spec §2 "Device custom box": a title and up to 20 labelled values (PUT /devices/{id}/custom). */
export const customBoxSchema = z.object({
  title: textSchema().min(1, 'Give the box a title.').max(60),
  fields: z
    .array(
      z.object({
        label: textSchema().min(1, 'Each line needs a label.').max(60),
        value: textSchema({ multiline: true }).max(500),
      }),
    )
    .max(20, 'A box holds at most 20 lines.'),
});
export type CustomBox = z.infer<typeof customBoxSchema>;

/** GET /devices/{id}: the row with its capabilities, latest readings, intervals and custom box. */
export const deviceDetailSchema = deviceSchema.extend({
  capabilities: z.record(z.string(), z.unknown()).nullable(),
  state: z.record(z.string(), z.unknown()),
  dynamic_interval_s: z.number(),
  static_interval_s: z.number(),
  custom: customBoxSchema.nullable(),
});
export type DeviceDetail = z.infer<typeof deviceDetailSchema>;

/** GET /devices/count: the exact number of devices matching the list's filters. */
export const deviceCountSchema = z.object({ total: z.number() });
export type DeviceCount = z.infer<typeof deviceCountSchema>;

/** A device on the map (GET /devices/positions): its last GPS fix. */
export const devicePositionSchema = z.object({
  id: z.number(),
  name: z.string(),
  company_id: z.number(),
  status: z.enum(DEVICE_STATUSES),
  lat: z.number(),
  lon: z.number(),
});
export type DevicePosition = z.infer<typeof devicePositionSchema>;

/** The device a write acted on (DELETE /devices/{id}, POST …/cli, POST …/actions). */
export const deviceRefSchema = z.object({ id: z.number() });
export type DeviceRef = z.infer<typeof deviceRefSchema>;

/** POST /devices/bulk: how many devices the action reached. */
export const bulkDevicesResultSchema = z.object({ affected: z.number() });
export type BulkDevicesResult = z.infer<typeof bulkDevicesResultSchema>;

/** One row of Add device from a file or a list, or of Verify devices: its own answer. */
export const deviceRowResultSchema = z.object({
  row: z.number(),
  serial: z.string(),
  ok: z.boolean(),
  id: z.number().optional(),
  message: z.string().optional(),
});
export type DeviceRowResult = z.infer<typeof deviceRowResultSchema>;

/** POST /devices/batch: how many were added, and every row's answer. */
export const deviceBatchResultSchema = z.object({ added: z.number(), rows: z.array(deviceRowResultSchema) });
export type DeviceBatchResult = z.infer<typeof deviceBatchResultSchema>;

/** A row of Approved Devices (GET /auth-devices): an identity allowed to connect. */
export const approvedDeviceSchema = z.object({
  id: z.number(),
  serial: z.string(),
  mac: z.string(),
  device_id: z.number().nullable(),
  company_name: z.string().nullable(),
  last_seen_at: z.string().nullable(),
  created_at: z.string(),
});
export type ApprovedDevice = z.infer<typeof approvedDeviceSchema>;

/** POST /auth-devices: identities imported from a manufacturer's CSV. */
export const identityImportSchema = z.object({ imported: z.number(), skipped: z.number() });
export type IdentityImport = z.infer<typeof identityImportSchema>;

/** A step of a device's update history (GET /devices/{id}/firmware-history). */
export const firmwareChangeSchema = z.object({
  id: z.number(),
  from_version: z.string().nullable(),
  to_version: z.string(),
  at: z.string(),
});
export type FirmwareChange = z.infer<typeof firmwareChangeSchema>;

export const DEVICE_ACTIVITY_KINDS = ['connection', 'action', 'note'] as const;

/** An event of a device's activity (GET /devices/{id}/activity): a connection, an action or a note. */
export const deviceActivitySchema = z.object({
  id: z.string(),
  at: z.string(),
  kind: z.enum(DEVICE_ACTIVITY_KINDS),
  reason: z.number().optional(),
  detail: z.string().nullable().optional(),
  action: z.string().optional(),
  user_id: z.number().nullable().optional(),
  /** Who did it or wrote it (an action, a note). */
  user_email: z.string().nullable().optional(),
  /** A note's id, for deleting it. */
  note_id: z.number().optional(),
});
export type DeviceActivity = z.infer<typeof deviceActivitySchema>;

/** A reading of one monitoring category (GET /devices/{id}/telemetry). */
export const telemetryPointSchema = z.object({ at: z.string(), data: z.record(z.string(), z.unknown()) });
export type TelemetryPoint = z.infer<typeof telemetryPointSchema>;

/** Mobile data used by one SIM on one day, UTC (GET /devices/{id}/data-usage). */
export const dataUsageDaySchema = z.object({
  day: z.string(),
  sim: z.number(),
  rx_bytes: z.number(),
  tx_bytes: z.number(),
});
export type DataUsageDay = z.infer<typeof dataUsageDaySchema>;

/** POST /devices/{id}/notes: the new note. */
export const newDeviceNoteSchema = z.object({ id: z.number() });
export type NewDeviceNote = z.infer<typeof newDeviceNoteSchema>;

/** PUT /devices/{id}/custom: the box as saved (null: cleared). */
export const deviceCustomSchema = z.object({ custom: customBoxSchema.nullable() });
export type DeviceCustom = z.infer<typeof deviceCustomSchema>;

/** POST /devices/passwords/generate. */
export const generatedPasswordsSchema = z.object({ passwords: z.array(z.string()) });
export type GeneratedPasswords = z.infer<typeof generatedPasswordsSchema>;

/** POST /devices/passwords/set: devices the password went to, and those offline (failed at once). */
export const devicePasswordsSentSchema = z.object({ sent: z.number(), offline: z.number() });
export type DevicePasswordsSent = z.infer<typeof devicePasswordsSentSchema>;

/** GET /statistics/devices: the largest groups, the rest summed into `other`. */
export const deviceStatisticsSchema = z.object({
  groups: z.array(z.object({ key: z.string().nullable(), count: z.number() })),
  other: z.number(),
  total: z.number(),
});
export type DeviceStatistics = z.infer<typeof deviceStatisticsSchema>;

/** A row of the connection manager (GET /statistics/connections). */
export const connectionLogEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  reason: z.number(),
  detail: z.string().nullable(),
  device_id: z.number(),
  device_name: z.string(),
  serial: z.string(),
  company_id: z.number(),
  company_name: z.string(),
});
export type ConnectionLogEntry = z.infer<typeof connectionLogEntrySchema>;

/** One day or month of GET /statistics/activity (monthly statistics and unique devices). */
export const deviceActivityPeriodSchema = z.object({
  period: z.string(),
  unique_devices: z.number(),
  connections: z.number(),
  refused: z.number(),
  devices_added: z.number(),
});
export type DeviceActivityPeriod = z.infer<typeof deviceActivityPeriodSchema>;
