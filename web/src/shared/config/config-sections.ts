import type {
  ConfigSection,
  ConfigSectionKind,
  ConfigTree,
  ConfigValue,
} from '@fleetport/contracts/device-config';
import type { TFunction } from 'i18next';
import { ensureArea } from '../lib/i18n.ts';

/**
 * A device's configuration (issue 22) in words people read: the sections' titles, the options'
 * labels and their values, for the device page's Configuration tab and for Configure devices
 * (its forms and its diff). The vocabularies are written here, not imported:
 * `@fleetport/contracts/device-config` holds zod schemas, which the device page does not carry
 * (a test checks they stay the same as the contract's). Everything in a tree comes from the
 * device: it is returned as text for React to render as text. Strings: `device.config`.
 */

// Shared code brings its own strings: the section and option names (`device.config`) come with
// whatever shows them (a task group's sentence in the Task manager or the Files pages too).
await ensureArea('device');

/** What a secret reads back as once set. */
export const SECRET_MASK = '********';
/** Options that are written and never read back: passwords, keys, PINs. */
export const SECRET_OPTIONS: readonly string[] = ['password', 'key', 'pin'];

/** The kinds of section in the order the tab shows them, each with its options in order. */
export const SECTION_OPTIONS = {
  system: ['hostname', 'timezone', 'log_size'],
  'network.lan': ['proto', 'ipaddr', 'netmask'],
  'dhcp.lan': ['enabled', 'start', 'limit', 'leasetime_h'],
  'network.mobile': ['apn', 'auth', 'username', 'password', 'pin', 'pdp_type'],
  'wireless.ap': ['ssid', 'encryption', 'key', 'band', 'disabled'],
  'firewall.redirect': ['name', 'proto', 'src_dport', 'dest_ip', 'dest_port', 'enabled'],
  ntp: ['enabled', 'server'],
  remote_access: ['ssh_enabled', 'ssh_port', 'https_enabled', 'https_port', 'wan_access'],
  monitoring: ['ping_reboot', 'ping_host', 'interval_min'],
  'users.admin': ['username', 'password'],
  ddns: ['enabled', 'service_name', 'check_interval'],
} as const satisfies Record<ConfigSectionKind, readonly string[]>;
export type Kind = keyof typeof SECTION_OPTIONS;
/** The kinds in the order people look for them. */
export const KINDS = Object.keys(SECTION_OPTIONS) as Kind[];

/** Repeated sections: how many of each a device holds at most (`wireless.ap0` … `wireless.ap3`). */
export const REPEATED_SECTIONS = { 'wireless.ap': 4, 'firewall.redirect': 32 } as const satisfies Partial<
  Record<Kind, number>
>;

/** A section's kind and, for a repeated one, its index; undefined for one no device has. */
export function sectionKind(name: string): { kind: Kind; index: number } | undefined {
  if ((KINDS as string[]).includes(name)) return { kind: name as Kind, index: 0 };
  const match = /^(.+?)(\d{1,2})$/.exec(name);
  const kind = match?.[1] as keyof typeof REPEATED_SECTIONS | undefined;
  const index = Number(match?.[2]);
  return kind && index < (REPEATED_SECTIONS[kind] ?? 0) ? { kind, index } : undefined;
}

/** A kind's catalogue key: i18next reads a dot as nesting. */
type KindKey<K extends string> = K extends `${infer Head}.${infer Tail}` ? `${Head}_${Tail}` : K;
const kindKey = <K extends Kind>(kind: K) => kind.replace('.', '_') as KindKey<K>;

/** A known option's label: 'Network name (SSID)'. */
export function optionLabel(t: TFunction, kind: Kind, option: string): string {
  return t(`device.config.options.${kindKey(kind)}.${option}` as 'device.config.set');
}

/** Protocol names: written the same in every language, so they are not in the catalogue. */
const PROTOCOLS: Readonly<Record<string, string>> = {
  pap: 'PAP',
  chap: 'CHAP',
  psk2: 'WPA2-PSK',
  sae: 'WPA3-SAE',
  tcp: 'TCP',
  udp: 'UDP',
  ipv4: 'IPv4',
  ipv6: 'IPv6',
};
/** The options whose value is one of a few words (`device.config.choices.<kind>.<option>.<value>`). */
const CHOICES: Readonly<Record<string, true>> = {
  'network.lan.proto': true,
  'network.mobile.auth': true,
  'network.mobile.pdp_type': true,
  'wireless.ap.encryption': true,
  'firewall.redirect.proto': true,
};

const isSecret = (option: string, value: ConfigValue) =>
  SECRET_OPTIONS.includes(option) || value === SECRET_MASK;

/** A value in words: yes/no, set/not set for a secret (never the mask), text as it came. */
export function valueText(t: TFunction, option: string, value: ConfigValue): string {
  if (isSecret(option, value))
    return value === '' || value === false ? t('device.config.notSet') : t('device.config.set');
  if (typeof value === 'boolean') return value ? t('device.config.yes') : t('device.config.no');
  if (value === '') return '—';
  return String(value);
}

/** The first address a DHCP server hands out: the LAN's network address plus `start`. */
function firstAddress(lan: ConfigSection | undefined, start: number): string | undefined {
  const octets = (value: unknown) => {
    const parts = typeof value === 'string' ? value.split('.').map(Number) : [];
    return parts.length === 4 && parts.every((part) => Number.isInteger(part) && part >= 0 && part <= 255)
      ? parts
      : undefined;
  };
  const ip = octets(lan?.ipaddr);
  const mask = octets(lan?.netmask);
  if (!ip || !mask) return undefined;
  const number = (parts: number[]) => parts.reduce((sum, part) => sum * 256 + part, 0);
  const address = (number(ip) & number(mask)) >>> 0;
  const first = address + start;
  return [24, 16, 8, 0].map((shift) => (first >>> shift) & 255).join('.');
}

/** One of an option's few values in words: 'None (open network)', 'WPA2-PSK', '5 GHz'. */
export function choiceLabel(t: TFunction, kind: Kind, option: string, value: string): string {
  const at = `${kind}.${option}`;
  if (CHOICES[at] && /^[a-z0-9_]+$/.test(value)) {
    return t(`device.config.choices.${kindKey(kind)}.${option}.${value}` as 'device.config.set', {
      defaultValue: PROTOCOLS[value] ?? value,
    });
  }
  if (at === 'wireless.ap.band' && value !== '') return t('device.config.units.ghz', { value });
  return value;
}

/** A known option's value with its unit or words where it has them (the tree gives the DHCP range its LAN). */
export function knownValue(
  t: TFunction,
  kind: Kind,
  option: string,
  value: ConfigValue,
  tree: ConfigTree = {},
): string {
  const at = `${kind}.${option}`;
  if (CHOICES[at] && typeof value === 'string' && /^[a-z0-9_]+$/.test(value))
    return choiceLabel(t, kind, option, value);
  if (typeof value === 'number') {
    if (at === 'system.log_size') return t('device.config.units.kb', { value });
    if (at === 'dhcp.lan.leasetime_h') return t('device.config.units.hours', { count: value });
    if (at === 'monitoring.interval_min' || at === 'ddns.check_interval')
      return t('device.config.units.minutes', { count: value });
    if (at === 'dhcp.lan.start') return firstAddress(tree['network.lan'], value) ?? String(value);
  }
  if (at === 'wireless.ap.band' && typeof value === 'string' && value !== '')
    return choiceLabel(t, kind, option, value);
  // 'Turned on' reads better than 'Turned off: No'.
  if (at === 'wireless.ap.disabled' && typeof value === 'boolean') return valueText(t, option, !value);
  return valueText(t, option, value);
}

/** A section's title: 'Wi-Fi network 2 (5 GHz)', 'Port forward: cam', 'LAN'. */
export function sectionTitle(
  t: TFunction,
  name: string,
  kind: Kind,
  index: number,
  section: ConfigSection = {},
): string {
  if (kind === 'wireless.ap') {
    const band = section.band;
    return typeof band === 'string' && band !== ''
      ? t('device.config.sections.wireless_ap', { number: index + 1, band })
      : t('device.config.sections.wireless_apNoBand', { number: index + 1 });
  }
  if (kind === 'firewall.redirect') {
    const label = section.name;
    return typeof label === 'string' && label !== ''
      ? t('device.config.sections.firewall_redirect', { name: label })
      : t('device.config.sections.firewall_redirectNoName', { number: index + 1 });
  }
  return name === kind ? t(`device.config.sections.${kindKey(kind)}`) : name;
}

/** A section's title by its name alone: 'Wi-Fi network 1', 'Port forward 3'; one the console does not know keeps its name. */
export function sectionText(t: TFunction, section: string): string {
  const known = sectionKind(section);
  return known ? sectionTitle(t, section, known.kind, known.index) : section;
}
