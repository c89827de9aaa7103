import { z } from 'zod';
import { configRevisionSchema, configSectionSchema, configTreeSchema } from './device-config.ts';
import { ISO_TIME_MAX_LENGTH } from './fields.ts';

/**
 * The device protocol, version 1 (docs/device-protocol.md): what a device and the API's gateway
 * say to each other over MQTT. One definition for the gateway, the simulator and the tests.
 *
 * Every string a device sends is untrusted: schemas bound its length and the console renders
 * it as text. Numbers are bounded to what a device can report, so a bad value is refused at the
 * gateway instead of being stored.
 */

export const PROTOCOL_VERSION = 1;
/** The topic prefix; the serial follows: `fp/v1/<serial>/hello`. */
export const TOPIC_ROOT = 'fp/v1';

/** Spec §9: the model prefixes the console knows. */
export const MODEL_FAMILIES = ['RUT', 'TRB', 'TCR', 'TAP', 'TSW', 'OTD'] as const;
export type ModelFamily = (typeof MODEL_FAMILIES)[number];

/** Spec §9 "Monitoring types". */
export const TELEMETRY_CATEGORIES = [
  'dynamic',
  'static',
  'io',
  'gps',
  'wireless',
  'hotspot',
  'ddns',
  'l2tp',
] as const;
export type TelemetryCategory = (typeof TELEMETRY_CATEGORIES)[number];

/** Spec §9: monitoring intervals, stored and sent in seconds, shown in minutes. */
export const DYNAMIC_INTERVAL_S = { min: 60, max: 3600, default: 300 } as const;
export const STATIC_INTERVAL_S = { min: 86_400, max: 2_592_000, default: 86_400 } as const;
/** Which range each category's interval takes: static information uses the long one. */
export const INTERVAL_RANGE: Record<TelemetryCategory, typeof DYNAMIC_INTERVAL_S | typeof STATIC_INTERVAL_S> =
  {
    dynamic: DYNAMIC_INTERVAL_S,
    static: STATIC_INTERVAL_S,
    io: DYNAMIC_INTERVAL_S,
    gps: DYNAMIC_INTERVAL_S,
    wireless: DYNAMIC_INTERVAL_S,
    hotspot: DYNAMIC_INTERVAL_S,
    ddns: DYNAMIC_INTERVAL_S,
    l2tp: DYNAMIC_INTERVAL_S,
  };

/** A serial number's length: 6 to 20 letters and digits. */
export const SERIAL_LENGTH = { min: 6, max: 20 } as const;
export const SERIAL_PATTERN = new RegExp(`^[0-9A-Za-z]{${SERIAL_LENGTH.min},${SERIAL_LENGTH.max}}$`);
export const MAC_PATTERN = /^[0-9A-F]{2}(?::[0-9A-F]{2}){5}$/;

const text = (max: number) => z.string().max(max);
const serial = z
  .string()
  .regex(SERIAL_PATTERN, `a serial is ${SERIAL_LENGTH.min}–${SERIAL_LENGTH.max} letters and digits`);
/** A MAC address, written upper case with colons (the form it is stored and compared in). */
export const macSchema = z
  .string()
  .trim()
  .transform((value) => value.toUpperCase().replaceAll('-', ':'))
  .pipe(z.string().regex(MAC_PATTERN, 'a MAC address is six hex pairs, like 00:1E:42:12:34:56'));

/**
 * A device secret holds at least 128 bits (docs/device-protocol.md, "Mosquitto (dynamic
 * security)"): on a broker that does not throttle CONNECTs, nothing but its size limits guessing.
 * Told by length, as a person can check it: hex digits carry 4 bits each, so 32 of them; any
 * other secret (base64, letters and digits) needs 22 characters, 6 bits each in base64 (132).
 * Whether a secret is random is the manufacturer's part: Fleetport cannot see it.
 */
export const DEVICE_SECRET_LENGTH = { hex: 32, other: 22, max: 200 } as const;
const HEX_ONLY = /^[0-9A-Fa-f]*$/;

/** Why a device secret is refused: too short for 128 bits (by its alphabet), or over 200 characters. */
export function deviceSecretProblem(secret: string): 'too_short' | 'too_long' | undefined {
  if (secret.length > DEVICE_SECRET_LENGTH.max) return 'too_long';
  const needed = HEX_ONLY.test(secret) ? DEVICE_SECRET_LENGTH.hex : DEVICE_SECRET_LENGTH.other;
  return secret.length < needed ? 'too_short' : undefined;
}
const bytes = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const isoTime = z.iso.datetime({ offset: true }).max(ISO_TIME_MAX_LENGTH);

/**
 * The MQTT client id: `fp-<serial>-<MAC as 12 hex digits>`. The MAC address is in it, so that the
 * gateway can refuse a clone (the same serial and secret on another unit) at CONNECT, before it
 * takes the real device's session over.
 */
export function clientIdFor(deviceSerial: string, mac: string): string {
  return `fp-${deviceSerial}-${mac.replaceAll(':', '').toUpperCase()}`;
}

export function parseClientId(clientId: string): { serial: string; mac: string } | undefined {
  const match = /^fp-([0-9A-Za-z]{6,20})-([0-9A-Fa-f]{12})$/.exec(clientId);
  if (!match?.[1] || !match[2]) return undefined;
  const hex = match[2].toUpperCase();
  return { serial: match[1], mac: hex.match(/../g)?.join(':') ?? hex };
}

/** The topics of one device. The gateway allows a device only its own. */
export function deviceTopics(deviceSerial: string) {
  const base = `${TOPIC_ROOT}/${deviceSerial}`;
  return {
    hello: `${base}/hello`,
    status: `${base}/status`,
    telemetry: (category: TelemetryCategory) => `${base}/telemetry/${category}`,
    command: `${base}/cmd`,
    commandResult: `${base}/cmd/result`,
    config: `${base}/config`,
    /** device → gateway: its configuration tree and revision, after every change (device-config.ts). */
    configReport: `${base}/config/report`,
  };
}

/** Splits a topic into serial and kind; undefined for anything outside the protocol. */
export function parseTopic(
  topic: string,
):
  | { serial: string; kind: 'hello' | 'status' | 'cmd' | 'cmd/result' | 'config' | 'config/report' }
  | { serial: string; kind: 'telemetry'; category: TelemetryCategory }
  | undefined {
  const parts = topic.split('/');
  if (parts.length < 4 || `${parts[0]}/${parts[1]}` !== TOPIC_ROOT) return undefined;
  const deviceSerial = parts[2] ?? '';
  if (!SERIAL_PATTERN.test(deviceSerial)) return undefined;
  const rest = parts.slice(3).join('/');
  if (
    rest === 'hello' ||
    rest === 'status' ||
    rest === 'cmd' ||
    rest === 'cmd/result' ||
    rest === 'config' ||
    rest === 'config/report'
  ) {
    return { serial: deviceSerial, kind: rest };
  }
  const category = parts[4];
  if (
    parts.length === 5 &&
    parts[3] === 'telemetry' &&
    (TELEMETRY_CATEGORIES as readonly string[]).includes(category ?? '')
  ) {
    return { serial: deviceSerial, kind: 'telemetry', category: category as TelemetryCategory };
  }
  return undefined;
}

/** Spec §3 "Device capabilities", as a device reports its hardware. */
export const reportedCapabilitiesSchema = z.object({
  wifi: z.boolean(),
  gps: z.boolean(),
  hotspot: z.boolean(),
  io: z.boolean(),
  ddns: z.boolean(),
  l2tp: z.boolean(),
  mobile: z.boolean(),
  sim_count: z.number().int().min(0).max(4),
  port_count: z.number().int().min(0).max(52),
  lan: z.boolean(),
  second_modem: z.boolean(),
  webfilter: z.boolean(),
  vpn: z.boolean(),
});
export type ReportedCapabilities = z.infer<typeof reportedCapabilitiesSchema>;

/** device → gateway, once per connection, before anything else. */
export const helloSchema = z.object({
  v: z.literal(PROTOCOL_VERSION),
  serial,
  mac: macSchema,
  model: text(40).regex(/^[A-Z]{3}\d{0,4}/, 'a model starts with its family, like RUT241'),
  firmware: text(60),
  name: text(120).optional(),
  uptime_s: z
    .number()
    .int()
    .min(0)
    .max(10 * 365 * 86_400),
  capabilities: reportedCapabilitiesSchema,
});
export type Hello = z.infer<typeof helloSchema>;

/** device → gateway (retained). The broker publishes `offline` as the device's last will. */
export const statusSchema = z.object({
  v: z.literal(PROTOCOL_VERSION),
  state: z.enum(['online', 'offline']),
});
export type DeviceStatusMessage = z.infer<typeof statusSchema>;

/** Spec §9 connection types as a modem names them; the console maps them to 5G/4G/3G/2G. */
const connectionType = text(20);

export const dynamicTelemetrySchema = z.object({
  signal: z.number().int().min(-140).max(0).nullable(),
  rsrp: z.number().min(-160).max(0).nullable(),
  rsrq: z.number().min(-40).max(10).nullable(),
  sinr: z.number().min(-30).max(50).nullable(),
  operator: text(80).nullable(),
  connection_type: connectionType.nullable(),
  /** Tenths of a degree Celsius (spec §9: divided by 10). */
  temperature: z.number().int().min(-600).max(1500).nullable(),
  uptime_s: z.number().int().min(0),
  sim_slot: z.number().int().min(1).max(4).nullable(),
  wan_ip: text(45).nullable(),
  /** Counters since the device started, per SIM slot. */
  mobile: z.array(z.object({ sim: z.number().int().min(1).max(4), rx_bytes: bytes, tx_bytes: bytes })).max(4),
});

export const staticTelemetrySchema = z.object({
  hostname: text(120).nullable(),
  imei: text(20).nullable(),
  iccid: text(24).nullable(),
  imsi: text(20).nullable(),
  lan_ip: text(45).nullable(),
  modem: text(80).nullable(),
});

export const ioTelemetrySchema = z.object({
  inputs: z
    .array(
      z.object({
        id: text(20),
        /** digital: 0/1 (Low/High); analog: millivolts (÷1000 V); current_loop: amperes (×1000 mA). */
        kind: z.enum(['digital', 'analog', 'current_loop']),
        value: z.number(),
      }),
    )
    .max(16),
  outputs: z
    .array(
      z.object({ id: text(20), kind: z.enum(['digital', 'relay']), value: z.number().int().min(0).max(1) }),
    )
    .max(16),
});

export const gpsTelemetrySchema = z.object({
  lat: z.number().min(-90).max(90),
  lon: z.number().min(-180).max(180),
  altitude: z.number().min(-500).max(20_000).nullable(),
  speed: z.number().min(0).max(1000).nullable(),
  satellites: z.number().int().min(0).max(64).nullable(),
  fix_at: isoTime,
});

export const wirelessTelemetrySchema = z.object({
  ssids: z
    .array(
      z.object({
        ssid: text(32),
        band: z.enum(['2.4GHz', '5GHz', '6GHz']),
        clients: z.number().int().min(0),
      }),
    )
    .max(16),
});

export const hotspotTelemetrySchema = z.object({
  sessions: z.number().int().min(0),
  rx_bytes: bytes,
  tx_bytes: bytes,
});

export const ddnsTelemetrySchema = z.object({
  hostname: text(253).nullable(),
  status: z.enum(['updated', 'failed', 'disabled']),
});

/** Spec §4 "L2TP instance status" is worked out from these. */
export const l2tpTelemetrySchema = z.object({
  instances: z
    .array(z.object({ name: text(40), enabled: z.boolean(), running: z.boolean(), online: z.boolean() }))
    .max(16),
});

export const TELEMETRY_SCHEMAS = {
  dynamic: dynamicTelemetrySchema,
  static: staticTelemetrySchema,
  io: ioTelemetrySchema,
  gps: gpsTelemetrySchema,
  wireless: wirelessTelemetrySchema,
  hotspot: hotspotTelemetrySchema,
  ddns: ddnsTelemetrySchema,
  l2tp: l2tpTelemetrySchema,
} as const satisfies Record<TelemetryCategory, z.ZodType>;

export type TelemetryData = { [K in TelemetryCategory]: z.infer<(typeof TELEMETRY_SCHEMAS)[K]> };

const telemetryEnvelope = <K extends TelemetryCategory>(category: K) =>
  z.object({ v: z.literal(PROTOCOL_VERSION), at: isoTime, data: TELEMETRY_SCHEMAS[category] });
const TELEMETRY_ENVELOPES = Object.fromEntries(
  TELEMETRY_CATEGORIES.map((category) => [category, telemetryEnvelope(category)]),
) as { [K in TelemetryCategory]: ReturnType<typeof telemetryEnvelope<K>> };

/** device → gateway: one category's readings at one moment (one schema per category, built once). */
export function telemetrySchema<K extends TelemetryCategory>(category: K): (typeof TELEMETRY_ENVELOPES)[K] {
  return TELEMETRY_ENVELOPES[category];
}

/** gateway → device (retained): what to report and how often. */
export const deviceConfigSchema = z.object({
  v: z.literal(PROTOCOL_VERSION),
  monitoring: z.boolean(),
  intervals_s: z.object({
    dynamic: z.number().int().min(DYNAMIC_INTERVAL_S.min).max(DYNAMIC_INTERVAL_S.max),
    static: z.number().int().min(STATIC_INTERVAL_S.min).max(STATIC_INTERVAL_S.max),
  }),
});
export type DeviceConfig = z.infer<typeof deviceConfigSchema>;

export const COMMAND_ACTIONS = [
  'reboot',
  'refresh',
  'config.read',
  'config.write',
  'cli',
  'firmware.update',
  'backup.upload',
] as const;
export type CommandAction = (typeof COMMAND_ACTIONS)[number];

/** gateway → device. */
export const commandSchema = z.discriminatedUnion('action', [
  z.object({ v: z.literal(PROTOCOL_VERSION), id: z.uuid(), action: z.literal('reboot') }),
  z.object({ v: z.literal(PROTOCOL_VERSION), id: z.uuid(), action: z.literal('refresh') }),
  /** One section's values, or (no section) the whole tree and its revision. */
  z.object({
    v: z.literal(PROTOCOL_VERSION),
    id: z.uuid(),
    action: z.literal('config.read'),
    section: text(60).optional(),
  }),
  /**
   * A change, applied all or nothing: one section's options (`section` and `values`), or several
   * sections at once (`changes`; null removes a repeated section). With `rollback_s`, a device
   * that cannot reach the gateway for that long after applying puts the previous tree back.
   */
  z.object({
    v: z.literal(PROTOCOL_VERSION),
    id: z.uuid(),
    action: z.literal('config.write'),
    section: text(60).optional(),
    values: configSectionSchema.optional(),
    changes: z.record(text(60), configSectionSchema.nullable()).optional(),
    rollback_s: z.number().int().min(30).max(3600).optional(),
  }),
  z.object({ v: z.literal(PROTOCOL_VERSION), id: z.uuid(), action: z.literal('cli'), command: text(1000) }),
  z.object({
    v: z.literal(PROTOCOL_VERSION),
    id: z.uuid(),
    action: z.literal('firmware.update'),
    version: text(60),
    /** Where the image is: a signed URL bound to this command's id, valid for a short while. */
    url: z.url(),
    /** The image's SHA-256 (hex): the device refuses an image that does not match. */
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    /** The image's size in bytes. */
    size: z.number().int().min(0),
  }),
  z.object({
    v: z.literal(PROTOCOL_VERSION),
    id: z.uuid(),
    action: z.literal('backup.upload'),
    url: z.url(),
  }),
]);
export type Command = z.infer<typeof commandSchema>;

/** device → gateway: a command's progress and outcome. */
export const commandResultSchema = z.object({
  v: z.literal(PROTOCOL_VERSION),
  id: z.uuid(),
  state: z.enum(['accepted', 'progress', 'done', 'failed']),
  /** 0–100, for long actions (firmware update). */
  progress: z.number().int().min(0).max(100).optional(),
  output: z.string().max(65_536).optional(),
  error: text(500).optional(),
  values: configSectionSchema.optional(),
  /** config.read of the whole tree, and config.write: the tree's revision after the command. */
  config: configTreeSchema.optional(),
  revision: configRevisionSchema.optional(),
});
export type CommandResult = z.infer<typeof commandResultSchema>;

/**
 * Spec §8 "Device connection log reasons". 0, 10, 12, 20 and 104 are attempts the spec words
 * alike; the gateway writes 10 for an attempt it refused for its identity (unknown, unapproved,
 * wrong secret: all alike to the device) and 0 for an accepted connection.
 */
export const CONNECTION_REASONS = {
  connected: 0,
  attempted: 10,
  monitoringDisabled: 14,
  noActiveCredit: 15,
  serialWithOtherMac: 7,
} as const;
export type ConnectionReason = (typeof CONNECTION_REASONS)[keyof typeof CONNECTION_REASONS];

export { type DeviceKind, deviceKind } from './devices.ts';

export function modelFamily(model: string): ModelFamily | undefined {
  const family = model.slice(0, 3).toUpperCase();
  return (MODEL_FAMILIES as readonly string[]).includes(family) ? (family as ModelFamily) : undefined;
}
