import { z } from 'zod';
import { isDomainName, isIPv4 } from './patterns.ts';

/**
 * A device's configuration (issue 22; docs/device-protocol.md "Configuration"): a tree of
 * sections of the kind these routers keep (UCI): each section a flat set of options (text,
 * numbers, yes/no). Repeated sections carry their index in their name (`wireless.ap0`,
 * `firewall.redirect3`). One definition for the simulator (what it accepts), the API (what it
 * stores and checks before it sends) and the console (its forms): a value one of them refuses,
 * all of them refuse, with the same words.
 */

export type ConfigValue = string | number | boolean;
export type ConfigSection = Record<string, ConfigValue>;
export type ConfigTree = Record<string, ConfigSection>;

/** What a secret reads back as once set (a secret is written, never read). */
export const SECRET_MASK = '********';
/** Options that are written and never read back: passwords, keys, PINs. */
export const SECRET_OPTIONS: ReadonlySet<string> = new Set(['password', 'key', 'pin']);

const ipv4 = z.string().max(15).refine(isIPv4, 'Enter an IPv4 address such as 192.168.1.1.');
const hostOrIp = z
  .string()
  .max(253)
  .refine(
    (value) => isIPv4(value) || isDomainName(value),
    'Enter a domain name or an IPv4 address. A domain name ends in 2 to 6 letters, as in example.com.',
  );
const port = z
  .number()
  .int('Enter a whole number.')
  .min(1, 'A port is 1–65535.')
  .max(65_535, 'A port is 1–65535.');
/** A host name of the device: letters, digits and inner dashes, dots between labels. */
const HOSTNAME =
  /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;
const hostname = z
  .string()
  .min(1, 'Enter a host name.')
  .max(63, 'At most 63 characters.')
  .regex(HOSTNAME, 'A host name is letters, digits, dashes and dots.');
/** A secret as written: the mask (or nothing) keeps the one the device has. */
const secret = (check: z.ZodString) => z.union([z.literal(SECRET_MASK), z.literal(''), check]);
const NETMASKS = new Set(
  Array.from({ length: 33 }, (_, bits) => {
    const mask = bits === 0 ? 0 : (0xffff_ffff << (32 - bits)) >>> 0;
    return [24, 16, 8, 0].map((shift) => (mask >>> shift) & 255).join('.');
  }),
);
const netmask = z
  .string()
  .max(15)
  .refine((value) => NETMASKS.has(value), 'Enter a netmask such as 255.255.255.0.');

/** The sections a device may have, by kind (a repeated section's name without its index). */
export const CONFIG_SECTION_SCHEMAS = {
  system: z.object({
    hostname,
    timezone: z.string().min(1).max(64),
    log_size: z.number().int().min(16, 'At least 16 KB.').max(4096, 'At most 4096 KB.'),
  }),
  'network.lan': z.object({
    proto: z.enum(['static']),
    ipaddr: ipv4,
    netmask,
  }),
  'dhcp.lan': z.object({
    enabled: z.boolean(),
    start: z.number().int().min(1, 'The first address is 1–254.').max(254, 'The first address is 1–254.'),
    limit: z.number().int().min(1, 'At least 1 address.').max(253, 'At most 253 addresses.'),
    leasetime_h: z.number().int().min(1, 'At least 1 hour.').max(168, 'At most 168 hours.'),
  }),
  'network.mobile': z.object({
    apn: z.string().max(64, 'At most 64 characters.'),
    auth: z.enum(['none', 'pap', 'chap']),
    username: z.string().max(64, 'At most 64 characters.'),
    password: secret(z.string().max(64, 'At most 64 characters.')),
    pin: secret(z.string().regex(/^\d{4,8}$/, 'A PIN is 4 to 8 digits.')),
    pdp_type: z.enum(['ipv4', 'ipv6', 'ipv4v6']),
  }),
  'wireless.ap': z.object({
    ssid: z.string().min(1, 'Enter a network name.').max(32, 'At most 32 characters.'),
    encryption: z.enum(['none', 'psk2', 'sae']),
    key: secret(z.string().min(8, 'A key has 8 to 63 characters.').max(63, 'A key has 8 to 63 characters.')),
    band: z.enum(['2.4', '5']),
    disabled: z.boolean(),
  }),
  'firewall.redirect': z.object({
    name: z.string().min(1, 'Enter a name.').max(32, 'At most 32 characters.'),
    proto: z.enum(['tcp', 'udp', 'tcpudp']),
    src_dport: port,
    dest_ip: ipv4,
    dest_port: port,
    enabled: z.boolean(),
  }),
  ntp: z.object({
    enabled: z.boolean(),
    server: hostOrIp,
  }),
  remote_access: z.object({
    ssh_enabled: z.boolean(),
    ssh_port: port,
    https_enabled: z.boolean(),
    https_port: port,
    wan_access: z.boolean(),
  }),
  monitoring: z.object({
    ping_reboot: z.boolean(),
    ping_host: hostOrIp,
    interval_min: z.number().int().min(1, 'At least 1 minute.').max(1440, 'At most 1440 minutes.'),
  }),
  'users.admin': z.object({
    username: z.string().min(1).max(32),
    password: secret(z.string().min(8, 'A password has at least 8 characters.').max(128)),
  }),
  ddns: z.object({
    enabled: z.boolean(),
    service_name: z.string().max(64),
    check_interval: z.number().int().min(1).max(1440),
  }),
} as const;
export type ConfigSectionKind = keyof typeof CONFIG_SECTION_SCHEMAS;

/** Repeated sections: how many of each a device holds at most. */
export const REPEATED_SECTIONS: Partial<Record<ConfigSectionKind, number>> = {
  'wireless.ap': 4,
  'firewall.redirect': 32,
};

/** A section's kind from its name: `wireless.ap2` → `wireless.ap`; undefined for one no device has. */
export function sectionKind(name: string): ConfigSectionKind | undefined {
  if (name in CONFIG_SECTION_SCHEMAS) return name as ConfigSectionKind;
  // An index without a leading zero: `wireless.ap01` is no section.
  const match = /^(.+?)(0|[1-9]\d?)$/.exec(name);
  if (!match) return undefined;
  const [, kind = '', index = ''] = match;
  const most = REPEATED_SECTIONS[kind as ConfigSectionKind];
  return most !== undefined && Number(index) < most ? (kind as ConfigSectionKind) : undefined;
}

/**
 * Checks a change of one section: only its options, each of its type and range. `whole` checks
 * a complete section (a new port forward), otherwise only the options given. Answers the first
 * problem as `<section>.<option>: <words>`, or undefined when it is fine.
 */
export function sectionProblem(name: string, values: ConfigSection, whole = false): string | undefined {
  const kind = sectionKind(name);
  if (!kind) return `unknown section "${name}"`;
  const schema = CONFIG_SECTION_SCHEMAS[kind] as z.ZodObject;
  const parsed = (whole ? schema.strict() : schema.partial().strict()).safeParse(values);
  if (parsed.success) return undefined;
  const issue = parsed.error.issues[0];
  const option = issue?.code === 'unrecognized_keys' ? issue.keys[0] : issue?.path[0];
  if (issue?.code === 'unrecognized_keys') return `unknown option "${name}.${String(option)}"`;
  return `"${name}.${String(option)}": ${issue?.message ?? 'not a valid value'}`;
}

/** A secret as it reads back: the mask once set, empty when not. */
export const maskSecrets = (section: ConfigSection): ConfigSection =>
  Object.fromEntries(
    Object.entries(section).map(([option, value]) =>
      SECRET_OPTIONS.has(option) ? [option, value ? SECRET_MASK : ''] : [option, value],
    ),
  );

/** The scalars of a section, bounded, as a device sends them. */
export const configValueSchema = z.union([z.string().max(1000), z.number(), z.boolean()]);
export const configSectionSchema = z.record(z.string().max(60), configValueSchema);
/** A whole tree, bounded: at most 64 sections. */
export const configTreeSchema = z
  .record(z.string().max(60), configSectionSchema)
  .refine((tree) => Object.keys(tree).length <= 64, 'at most 64 sections');

/** A configuration's revision: the device counts its changes. */
export const configRevisionSchema = z.number().int().min(0).max(2_147_483_647);

/** device → gateway (`fp/v1/<s>/config/report`): the whole tree after every change, secrets masked. */
export const configReportSchema = z.object({
  v: z.literal(1),
  revision: configRevisionSchema,
  /** Who changed it: the console (a command), someone on the device, or a rollback. */
  by: z.enum(['console', 'local', 'rollback', 'boot']),
  config: configTreeSchema,
});
export type ConfigReport = z.infer<typeof configReportSchema>;

/** A device's template as its configuration answers it: what differs from what it reported (empty: in line). */
export const deviceTemplateSchema = z.object({
  id: z.number(),
  name: z.string(),
  drift: z.array(
    z.object({
      section: z.string(),
      option: z.string(),
      /** What the device holds (null: it has no such option) and what the template says. */
      from: z.union([z.string(), z.number(), z.boolean()]).nullable(),
      to: z.union([z.string(), z.number(), z.boolean()]).nullable(),
    }),
  ),
});
export type DeviceTemplate = z.infer<typeof deviceTemplateSchema>;

/** GET /devices/{id}/configuration: the tree as the device last reported it (null: not yet). */
export const deviceConfigurationSchema = z.object({
  device_id: z.number(),
  revision: z.number().int().nullable(),
  changed_by: z.enum(['console', 'local', 'rollback', 'boot']).nullable(),
  reported_at: z.string().nullable(),
  config: configTreeSchema.nullable(),
  /** The template assigned to it (Saved configurations), with its drift; null: none. */
  template: deviceTemplateSchema.nullable(),
});
export type DeviceConfiguration = z.infer<typeof deviceConfigurationSchema>;

/** How long a device waits to reach the console after a change before it rolls it back, in seconds. */
export const CONFIG_ROLLBACK_S = { min: 30, max: 3600, default: 120 } as const;

/**
 * A configuration change as the console asks it (POST /devices/{id}/configuration, a
 * config.write task group): sections and their options (only those that change; a new repeated
 * section whole), null to remove a repeated section. Each section's values are checked with its
 * schema (`sectionProblem`), the problem named at `changes.<section>`.
 */
export const configSectionsSchema = z
  .record(z.string().max(60), configSectionSchema.nullable())
  .superRefine((changes, context) => {
    const names = Object.keys(changes);
    if (names.length > 64) context.addIssue({ code: 'custom', message: 'At most 64 sections at once.' });
    for (const [name, values] of Object.entries(changes)) {
      const problem =
        values === null
          ? REPEATED_SECTIONS[sectionKind(name) as ConfigSectionKind] === undefined
            ? `"${name}" cannot be removed`
            : undefined
          : Object.keys(values).length === 0
            ? `Change at least one setting of "${name}".`
            : sectionProblem(name, values);
      if (problem) context.addIssue({ code: 'custom', path: [name], message: problem });
    }
  });
/** A change that changes something: at least one section. */
export const configChangesSchema = configSectionsSchema.refine(
  (changes) => Object.keys(changes).length > 0,
  'Change at least one setting.',
);
export type ConfigChanges = z.infer<typeof configChangesSchema>;

/** POST /devices/{id}/configuration: a change for one device. */
export const deviceConfigChangeSchema = z.object({
  changes: configChangesSchema,
  rollback_s: z
    .number()
    .int()
    .min(CONFIG_ROLLBACK_S.min)
    .max(CONFIG_ROLLBACK_S.max)
    .default(CONFIG_ROLLBACK_S.default),
});
export type DeviceConfigChange = z.output<typeof deviceConfigChangeSchema>;

/** Set unique: one device's own values (by serial) in a change for many. */
export const configUniqueRowSchema = z.object({
  serial: z.string().min(1, 'Enter a serial number.').max(64),
  changes: configChangesSchema,
});
export type ConfigUniqueRow = z.infer<typeof configUniqueRowSchema>;

/** Repeated sections a change may add whole to a device that has none at that index (a port forward); a Wi-Fi access point needs its radio. */
export const ADDABLE_SECTIONS: ReadonlySet<ConfigSectionKind> = new Set(['firewall.redirect']);

/** What a change does to one section of a device, option by option (secrets only as the mask). */
export type ConfigDiffLine = {
  section: string;
  option: string;
  from: ConfigValue | null;
  to: ConfigValue | null;
};

/**
 * What a change would change on a device with the reported tree: each option whose value
 * differs (a secret given is always a change, shown as the mask, never its value), a section
 * removed option by option, a new addable section whole. `missing` names a section the device
 * does not have and cannot be given (a model without Wi-Fi): the device would refuse the change.
 */
export function configDiff(
  reported: ConfigTree,
  changes: Record<string, ConfigSection | null>,
): { lines: ConfigDiffLine[]; missing: string | undefined } {
  const lines: ConfigDiffLine[] = [];
  for (const [section, values] of Object.entries(changes)) {
    const current = reported[section];
    if (values === null) {
      for (const [option, value] of Object.entries(current ?? {}))
        lines.push({ section, option, from: shown(option, value), to: null });
      continue;
    }
    if (!current) {
      const kind = sectionKind(section);
      if (!kind || !ADDABLE_SECTIONS.has(kind) || sectionProblem(section, values, true))
        return { lines, missing: section };
      for (const [option, value] of Object.entries(values))
        lines.push({ section, option, from: null, to: shown(option, value) });
      continue;
    }
    for (const [option, value] of Object.entries(values)) {
      if (SECRET_OPTIONS.has(option)) {
        if (value !== '' && value !== SECRET_MASK)
          lines.push({ section, option, from: shown(option, current[option] ?? ''), to: SECRET_MASK });
      } else if (current[option] !== value) {
        lines.push({ section, option, from: current[option] ?? null, to: value });
      }
    }
  }
  return { lines, missing: undefined };
}

/** A value as a diff shows it: a secret as the mask once set. */
const shown = (option: string, value: ConfigValue): ConfigValue =>
  SECRET_OPTIONS.has(option) ? (value ? SECRET_MASK : '') : value;

/** A change for one device: what every device gets, with its own values (Set unique) over it. */
export function mergeChanges(
  common: Record<string, ConfigSection | null>,
  own: Record<string, ConfigSection | null> | null | undefined,
): Record<string, ConfigSection | null> {
  const merged: Record<string, ConfigSection | null> = { ...common };
  for (const [section, values] of Object.entries(own ?? {})) {
    const before = merged[section];
    merged[section] = values === null || before === null ? values : { ...(before ?? {}), ...values };
  }
  return merged;
}
