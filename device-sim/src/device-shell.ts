import { isIPv4 } from 'node:net';
import type { DeviceProfile } from './fleet.ts';
import type { Telemetry } from './telemetry.ts';
import type { DeviceSettings } from './telemetry-radio.ts';

/**
 * What a command can reach on the device: a small configuration tree (config.read and
 * config.write) and a shell that knows a handful of commands (cli).
 */
export type ConfigValue = string | number | boolean;
export type ConfigSection = Record<string, ConfigValue>;
export type Outcome<T> = ({ ok: true } & T) | { ok: false; error: string };

export interface DeviceShell {
  settings(): DeviceSettings;
  read(section: string): Outcome<{ values: ConfigSection }>;
  write(section: string, values: ConfigSection): Outcome<object>;
  run(command: string, now?: number): Outcome<{ output: string }>;
}

const HOSTNAME = /^[A-Za-z0-9][A-Za-z0-9.-]{0,62}$/;
const CHECKS: Record<string, (value: ConfigValue) => string | undefined> = {
  'system.hostname': (value) =>
    typeof value === 'string' && HOSTNAME.test(value)
      ? undefined
      : 'a host name is letters, digits, dots and dashes',
  'network.lan.ipaddr': (value) =>
    typeof value === 'string' && isIPv4(value) ? undefined : 'not an IPv4 address',
  'users.admin.password': (value) =>
    typeof value === 'string' && value.length >= 8 ? undefined : 'a password has at least 8 characters',
  'network.lan.netmask': (value) =>
    typeof value === 'string' && isIPv4(value) ? undefined : 'not an IPv4 netmask',
};

export function createDeviceShell(device: {
  profile: DeviceProfile;
  firmware: () => string;
  telemetry: () => Telemetry;
}): DeviceShell {
  const tree = initialTree(device.profile);
  const settings = (): DeviceSettings => ({
    hostname: String(tree.system?.hostname),
    lanIp: String(tree['network.lan']?.ipaddr),
  });
  const commands: Record<string, (now: number) => string | undefined> = {
    help: () => `Commands: ${Object.keys(commands).sort().join(', ')}\n`,
    uptime: (now) => uptimeLine(device.telemetry().uptime(now), now),
    ifconfig: () => ifconfig(device.profile, settings(), device.telemetry()),
    'uci show system': () => uciShow('system', tree.system ?? {}),
    'gsmctl -q': () => (device.profile.capabilities.mobile ? gsmctl(device.telemetry()) : undefined),
    'cat /etc/version': () => `${device.firmware()}\n`,
  };
  return {
    settings,
    read: (section) => {
      const values = tree[section];
      if (!values) return { ok: false, error: `unknown section "${section}"` };
      // A password is never read back, only whether one is set.
      const shown =
        'password' in values ? { ...values, password: values.password ? '********' : '' } : values;
      return { ok: true, values: { ...shown } };
    },
    write: (section, values) => {
      const current = tree[section];
      if (!current) return { ok: false, error: `unknown section "${section}"` };
      for (const [key, value] of Object.entries(values)) {
        if (!(key in current)) return { ok: false, error: `unknown option "${section}.${key}"` };
        if (typeof value !== typeof current[key]) {
          return { ok: false, error: `"${section}.${key}" must be a ${typeof current[key]}` };
        }
        const problem = CHECKS[`${section}.${key}`]?.(value);
        if (problem) return { ok: false, error: `"${section}.${key}": ${problem}` };
      }
      // All or nothing, like `uci commit` after a batch of `uci set`.
      Object.assign(current, values);
      return { ok: true };
    },
    run: (command, now = Date.now()) => {
      const output = commands[command.trim().replace(/\s+/g, ' ')]?.(now);
      return output === undefined ? { ok: false, error: 'command not found' } : { ok: true, output };
    },
  };
}

function initialTree(profile: DeviceProfile): Record<string, ConfigSection> {
  const { capabilities } = profile;
  const tree: Record<string, ConfigSection> = {
    system: { hostname: `Teltonika-${profile.model}.com`, timezone: 'UTC', zonename: 'UTC', log_size: 200 },
    ntp: { enabled: true, server: '0.pool.ntp.org' },
    'network.lan': { proto: 'static', ipaddr: '192.168.1.1', netmask: '255.255.255.0' },
    // The admin user's password: written by the console's password manager, never read back.
    'users.admin': { username: 'admin', password: '' },
  };
  if (capabilities.mobile) tree['network.mobile'] = { apn: 'internet', auth: 'none', pdp_type: 'ipv4v6' };
  if (capabilities.wifi) {
    tree.wireless = {
      ssid: `${profile.model}_${profile.mac.replaceAll(':', '').slice(-4)}`,
      encryption: 'psk2',
      disabled: false,
    };
  }
  if (capabilities.ddns) tree.ddns = { enabled: true, service_name: 'dyndns.org', check_interval: 10 };
  return tree;
}

function uptimeLine(seconds: number, now: number): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const clock = new Date(now).toISOString().slice(11, 19);
  const up =
    days > 0
      ? `${days} day${days === 1 ? '' : 's'}, ${hours}:${String(minutes).padStart(2, '0')}`
      : `${hours}:${String(minutes).padStart(2, '0')}`;
  return ` ${clock} up ${up},  load average: 0.08, 0.12, 0.10\n`;
}

function uciShow(section: string, values: ConfigSection): string {
  const lines = [`${section}.@${section}[0]=${section}`];
  for (const [key, value] of Object.entries(values)) {
    lines.push(`${section}.@${section}[0].${key}='${typeof value === 'boolean' ? Number(value) : value}'`);
  }
  return `${lines.join('\n')}\n`;
}

function gsmctl(telemetry: Telemetry): string {
  const radio = telemetry.radio();
  const fields = { RSSI: radio.rssi, RSRP: radio.rsrp, SINR: radio.sinr, RSRQ: radio.rsrq };
  return Object.entries(fields)
    .map(([label, value]) => `${label}: ${value ?? 'N/A'}\n`)
    .join('');
}

function ifconfig(profile: DeviceProfile, settings: DeviceSettings, telemetry: Telemetry): string {
  const radio = telemetry.radio();
  const block = (name: string, lines: string[]) => `${name.padEnd(10)}${lines.join('\n          ')}\n`;
  const bytes = (rx: number, tx: number) => `RX bytes:${rx} (${mib(rx)})  TX bytes:${tx} (${mib(tx)})`;
  const blocks = [
    block('br-lan', [
      `Link encap:Ethernet  HWaddr ${profile.mac}`,
      `inet addr:${settings.lanIp}  Bcast:${settings.lanIp.replace(/\.\d+$/, '.255')}  Mask:255.255.255.0`,
      'UP BROADCAST RUNNING MULTICAST  MTU:1500  Metric:1',
    ]),
  ];
  if (profile.capabilities.mobile) {
    blocks.push(
      block('wwan0', [
        'Link encap:Point-to-Point Protocol',
        radio.wanIp
          ? `inet addr:${radio.wanIp}  P-t-P:${radio.wanIp}  Mask:255.255.255.255`
          : 'inet addr: (none)',
        `${radio.wanIp ? 'UP ' : ''}POINTOPOINT RUNNING NOARP MULTICAST  MTU:1500  Metric:1`,
        bytes(radio.rxBytes, radio.txBytes),
      ]),
    );
  }
  blocks.push(
    block('lo', [
      'Link encap:Local Loopback',
      'inet addr:127.0.0.1  Mask:255.0.0.0',
      'UP LOOPBACK RUNNING  MTU:65536  Metric:1',
    ]),
  );
  return blocks.join('\n');
}

function mib(value: number): string {
  return `${(value / 1_048_576).toFixed(1)} MiB`;
}
