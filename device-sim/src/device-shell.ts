import type { ConfigTree } from '@fleetport/contracts/device-config';
import type { ConfigStore, Outcome } from './config-store.ts';
import { createUci } from './device-uci.ts';
import type { DeviceProfile } from './fleet.ts';
import type { Telemetry } from './telemetry.ts';
import type { DeviceSettings } from './telemetry-radio.ts';

/**
 * The unit's shell (the `cli` command): a handful of commands, and `uci` to look at and change
 * its configuration (device-uci.ts). What the configuration says shows in its readings too.
 */
export type ShellOutcome = Outcome<{ output: string; afterwards?: () => void }>;

export interface DeviceShell {
  /** What the readings report of the configuration: host name, LAN address, Wi-Fi networks. */
  settings(): DeviceSettings;
  /** `afterwards`, when given, runs once the answer is sent (a commit that cuts the unit off). */
  run(command: string, now?: number): ShellOutcome;
}

const BANDS = { '2.4': '2.4GHz', '5': '5GHz' } as const;

export function createDeviceShell(device: {
  profile: DeviceProfile;
  firmware: () => string;
  telemetry: () => Telemetry;
  config: ConfigStore;
  /** Applies a change made on the unit (device-config.ts `commitLocally`). */
  commit: (next: ConfigTree) => { revision: number; afterwards?: () => void };
}): DeviceShell {
  const settings = (): DeviceSettings => settingsOf(device.config.current());
  const uci = createUci({ config: device.config, commit: device.commit });
  const commands: Record<string, (now: number) => string | undefined> = {
    help: () => `Commands: ${[...Object.keys(commands), 'uci'].sort().join(', ')}\n`,
    uptime: (now) => uptimeLine(device.telemetry().uptime(now), now),
    ifconfig: () => ifconfig(device.profile, device.config.current(), device.telemetry()),
    'gsmctl -q': () => (device.profile.capabilities.mobile ? gsmctl(device.telemetry()) : undefined),
    'cat /etc/version': () => `${device.firmware()}\n`,
  };
  return {
    settings,
    run: (command, now = Date.now()) => {
      const configuring = uci(command);
      if (configuring) return configuring;
      const output = commands[command.trim().replace(/\s+/g, ' ')]?.(now);
      return output === undefined ? { ok: false, error: 'command not found' } : { ok: true, output };
    },
  };
}

function settingsOf(tree: ConfigTree): DeviceSettings {
  const ssids = Object.entries(tree)
    .filter(([name, section]) => name.startsWith('wireless.ap') && section.disabled !== true)
    .map(([, section]) => ({ ssid: String(section.ssid), band: BANDS[section.band === '5' ? '5' : '2.4'] }));
  return {
    hostname: String(tree.system?.hostname),
    lanIp: tree['network.lan'] ? String(tree['network.lan'].ipaddr) : '',
    ssids,
  };
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

function gsmctl(telemetry: Telemetry): string {
  const radio = telemetry.radio();
  const fields = { RSSI: radio.rssi, RSRP: radio.rsrp, SINR: radio.sinr, RSRQ: radio.rsrq };
  return Object.entries(fields)
    .map(([label, value]) => `${label}: ${value ?? 'N/A'}\n`)
    .join('');
}

function ifconfig(profile: DeviceProfile, tree: ConfigTree, telemetry: Telemetry): string {
  const radio = telemetry.radio();
  const lan = tree['network.lan'];
  const lanIp = String(lan?.ipaddr ?? '');
  const mask = String(lan?.netmask ?? '255.255.255.0');
  const block = (name: string, lines: string[]) => `${name.padEnd(10)}${lines.join('\n          ')}\n`;
  const bytes = (rx: number, tx: number) => `RX bytes:${rx} (${mib(rx)})  TX bytes:${tx} (${mib(tx)})`;
  const blocks = lan
    ? [
        block('br-lan', [
          `Link encap:Ethernet  HWaddr ${profile.mac}`,
          `inet addr:${lanIp}  Bcast:${broadcast(lanIp, mask)}  Mask:${mask}`,
          'UP BROADCAST RUNNING MULTICAST  MTU:1500  Metric:1',
        ]),
      ]
    : [];
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

function broadcast(address: string, mask: string): string {
  const octets = address.split('.').map(Number);
  return mask
    .split('.')
    .map((part, at) => (octets[at] ?? 0) | (~Number(part) & 255))
    .join('.');
}
