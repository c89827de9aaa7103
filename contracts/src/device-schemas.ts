import { z } from 'zod';
import {
  DYNAMIC_INTERVAL_S,
  macSchema,
  SERIAL_LENGTH,
  SERIAL_PATTERN,
  STATIC_INTERVAL_S,
} from './device-protocol.ts';
import {
  BULK_DEVICE_ACTIONS,
  CONNECTION_GENERATIONS,
  CUSTOM_BOX_LIMITS,
  DEVICE_DESCRIPTION_MAX_LENGTH,
  DEVICE_NAME_MAX_LENGTH,
  DEVICE_STATUSES,
  MAX_BULK_IDS,
  MAX_TAG_IDS,
  SIGNAL_BUCKETS,
} from './devices.ts';
import { INT4_MAX, idSchema, integerSchema, textSchema } from './fields.ts';

/**
 * The devices' request and response schemas (the list's filters and bulk actions, adding,
 * editing and tagging a device; the answers of every device route), one definition for the API
 * and the console's forms. The constants the console shows are in devices.ts, which has no zod,
 * so a page that needs only them does not load zod.
 */

/** Spec §2 "Monitoring period", in seconds within spec §9's ranges (the console shows minutes). */
const dynamicIntervalS = z.number().int().min(DYNAMIC_INTERVAL_S.min).max(DYNAMIC_INTERVAL_S.max);
const staticIntervalS = z.number().int().min(STATIC_INTERVAL_S.min).max(STATIC_INTERVAL_S.max);

/** What claims a device (spec §5): the serial and MAC address of an approved identity, and a name. */
const claimFields = {
  serial: z
    .string()
    .trim()
    .regex(
      SERIAL_PATTERN,
      `A serial number is ${SERIAL_LENGTH.min}–${SERIAL_LENGTH.max} letters and digits.`,
    ),
  mac: macSchema,
  name: textSchema().min(1).max(DEVICE_NAME_MAX_LENGTH).optional(),
};

/** POST /devices (spec §2 "Add device"): an approved device into a company. */
export const addDeviceSchema = z.object({
  company_id: idSchema,
  ...claimFields,
  description: textSchema({ multiline: true }).max(DEVICE_DESCRIPTION_MAX_LENGTH).optional(),
});
export type AddDevice = z.infer<typeof addDeviceSchema>;

/** A row of Add device from a file or a list, or of Verify devices (POST /devices/batch, /verify). */
export const deviceClaimSchema = z.object(claimFields);
export type DeviceClaim = z.infer<typeof deviceClaimSchema>;

/** PATCH /devices/{id} (spec §2 "Edit device"): any of name, description, monitoring, periods. */
export const editDeviceSchema = z
  .object({
    name: textSchema().min(1, 'Enter a name.').max(DEVICE_NAME_MAX_LENGTH),
    description: textSchema({ multiline: true }).max(DEVICE_DESCRIPTION_MAX_LENGTH).nullable(),
    monitoring: z.boolean(),
    dynamic_interval_s: dynamicIntervalS,
    static_interval_s: staticIntervalS,
  })
  .partial();
export type EditDevice = z.infer<typeof editDeviceSchema>;

/** PUT /devices/{id}/tags (spec §2 "Device list tags"): all the device's tags (none clears them). */
export const setDeviceTagsSchema = z.object({ tag_ids: z.array(idSchema).max(MAX_TAG_IDS) });
export type SetDeviceTags = z.infer<typeof setDeviceTagsSchema>;

/** The filters above the devices grid, as query parameters (the list, the export and bulk actions). */
export const deviceFilterSchema = z.object({
  q: textSchema().max(200).optional(),
  company_id: idSchema.optional(),
  status: z.enum(DEVICE_STATUSES).optional(),
  model: textSchema().max(40).optional().describe('the model contains this, case aside (RUT9, 956)'),
  tag_id: idSchema.optional(),
  connection_type: z.enum(CONNECTION_GENERATIONS).optional(),
  signal: z.enum(SIGNAL_BUCKETS).optional(),
  firmware: textSchema().max(60).optional().describe('the firmware version contains this, case aside'),
  /** Saved configurations: devices whose reported configuration differs from their template (drifted) or holds it (in_line). */
  template: z.enum(['drifted', 'in_line']).optional(),
});
export type DeviceFilter = z.infer<typeof deviceFilterSchema>;

/** The list filters that offer the values present in the caller's fleet (GET /devices/facets). */
export const DEVICE_FACET_FIELDS = ['model', 'firmware'] as const;
export type DeviceFacetField = (typeof DEVICE_FACET_FIELDS)[number];
/** The most values one facets answer lists. */
export const MAX_DEVICE_FACETS = 100;

/**
 * GET /devices/facets: the values of a field among the devices the caller sees, under the list's
 * other filters (the field's own filter left out), those containing `search` (case aside).
 */
export const deviceFacetsQuerySchema = deviceFilterSchema.extend({
  field: z.enum(DEVICE_FACET_FIELDS),
  search: textSchema().max(60).optional().describe('the value contains this, case aside'),
  limit: integerSchema({ min: 1, max: MAX_DEVICE_FACETS }).default(50),
});
export type DeviceFacetsQuery = z.input<typeof deviceFacetsQuerySchema>;

/** A value of the field and how many of the matching devices have it; the most common first. */
export const deviceFacetSchema = z.object({ value: z.string(), count: z.number() });
export type DeviceFacet = z.infer<typeof deviceFacetSchema>;

export const bulkDevicesSchema = z
  .object({
    action: z.enum(BULK_DEVICE_ACTIONS),
    ids: z.array(idSchema).min(1).max(MAX_BULK_IDS).optional(),
    filter: deviceFilterSchema.optional(),
    tag_ids: z.array(idSchema).min(1).max(MAX_TAG_IDS).optional(),
    company_id: idSchema.optional(),
    monitoring: z.boolean().optional(),
    dynamic_interval_s: dynamicIntervalS.optional(),
    static_interval_s: staticIntervalS.optional(),
    /** Deleting by filter names how many devices the user saw, so a changed filter is refused. */
    expected_count: integerSchema({ min: 1, max: INT4_MAX }).optional(),
  })
  .superRefine((value, context) => {
    const need = (ok: boolean, path: string, message: string) => {
      if (!ok) context.addIssue({ code: 'custom', path: [path], message });
    };
    need(
      (value.ids === undefined) !== (value.filter === undefined),
      'ids',
      'Name the devices or a filter, not both.',
    );
    if (value.action === 'add_tags' || value.action === 'remove_tags')
      need(value.tag_ids !== undefined, 'tag_ids', 'Choose at least one tag.');
    if (value.action === 'move') need(value.company_id !== undefined, 'company_id', 'Choose a company.');
    if (value.action === 'monitoring')
      need(value.monitoring !== undefined, 'monitoring', 'Choose on or off.');
    if (value.action === 'period')
      need(
        value.dynamic_interval_s !== undefined || value.static_interval_s !== undefined,
        'dynamic_interval_s',
        'Choose a monitoring period.',
      );
    if (value.action === 'delete')
      need(value.expected_count !== undefined, 'expected_count', 'Confirm how many devices to delete.');
  });
export type BulkDevices = z.infer<typeof bulkDevicesSchema>;

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
  title: textSchema().min(1, 'Give the box a title.').max(CUSTOM_BOX_LIMITS.title),
  fields: z
    .array(
      z.object({
        label: textSchema().min(1, 'Each line needs a label.').max(CUSTOM_BOX_LIMITS.label),
        value: textSchema({ multiline: true }).max(CUSTOM_BOX_LIMITS.value),
      }),
    )
    .max(CUSTOM_BOX_LIMITS.lines, `A box holds at most ${CUSTOM_BOX_LIMITS.lines} lines.`),
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
export const bulkDevicesResultSchema = z.object({
  affected: z.number(),
  company_name: z.string().optional().describe('a move: the company the devices went to'),
});
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

/**
 * POST /auth-devices: identities imported from a manufacturer's CSV. With a Mosquitto broker that
 * Fleetport provisions (MQTT_DYNSEC), `broker` counts the imported devices it was given, those it
 * could not be given (they cannot connect until imported again with their secrets), and those
 * still being given when the answer went (the API's log says how that ended).
 */
export const identityImportSchema = z.object({
  imported: z.number(),
  skipped: z.number(),
  broker: z.object({ provisioned: z.number(), failed: z.number(), pending: z.number() }).optional(),
});
export type IdentityImport = z.infer<typeof identityImportSchema>;

/**
 * DELETE /auth-devices/{id}: the identity removed from Approved Devices (refused while its device
 * is in a company). The device is disconnected and can no longer connect. With a Mosquitto broker
 * that Fleetport provisions (MQTT_DYNSEC), `broker.removed` says whether the broker confirmed that
 * the device's client is gone; when it did not, the API's log says what to do (the next resync
 * deletes it anyway).
 */
export const identityRemovalSchema = z.object({
  id: z.number(),
  serial: z.string(),
  broker: z.object({ removed: z.boolean() }).optional(),
});
export type IdentityRemoval = z.infer<typeof identityRemovalSchema>;

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
export const devicePasswordsSentSchema = z.object({
  /** The task group of the change (Task manager), and each device's task in it. */
  group_id: z.number(),
  tasks: z.array(
    z.object({
      device_id: z.number(),
      task_id: z.string(),
      /** Connected now: sent at once (otherwise it waits for the device). */
      connected: z.boolean(),
    }),
  ),
  /** How many devices are not connected now: theirs waits until they connect (within a day). */
  offline: z.number(),
});
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
