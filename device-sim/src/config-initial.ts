import { randomBytes, randomInt } from 'node:crypto';
import {
  type ConfigSection,
  type ConfigSectionKind,
  type ConfigTree,
  sectionKind,
} from '@fleetport/contracts/device-config';
import { operatorApn, simOperatorOf, uplinkOf } from './config-reach.ts';
import { type DeviceProfile, HOSTILE } from './fleet.ts';
import { createRandom, mixSeed, type Random } from './random.ts';

/**
 * The configuration a unit has when the simulator starts it: the sections its hardware has,
 * with the values an installer leaves (docs/device-protocol.md "Configuration"). Deterministic
 * from the fleet's seed, except the secrets (admin password, Wi-Fi keys, SIM PIN), which come
 * from node:crypto as the manifest's do: they are never read back, so a seed gains nothing
 * from them, and must not give them away.
 */

/** The time zone a site keeps, by country (places.ts). */
const TIMEZONES: Record<string, string> = {
  AT: 'Europe/Vienna',
  BE: 'Europe/Brussels',
  BG: 'Europe/Sofia',
  CH: 'Europe/Zurich',
  CZ: 'Europe/Prague',
  DE: 'Europe/Berlin',
  DK: 'Europe/Copenhagen',
  EE: 'Europe/Tallinn',
  ES: 'Europe/Madrid',
  FI: 'Europe/Helsinki',
  FR: 'Europe/Paris',
  GB: 'Europe/London',
  GR: 'Europe/Athens',
  HR: 'Europe/Zagreb',
  HU: 'Europe/Budapest',
  IE: 'Europe/Dublin',
  IT: 'Europe/Rome',
  LT: 'Europe/Vilnius',
  LV: 'Europe/Riga',
  NL: 'Europe/Amsterdam',
  NO: 'Europe/Oslo',
  PL: 'Europe/Warsaw',
  PT: 'Europe/Lisbon',
  RO: 'Europe/Bucharest',
  SE: 'Europe/Stockholm',
};

/** The NTP servers units are set to; a local change (config-drift.ts) picks another of these. */
export const NTP_SERVERS = ['0.pool.ntp.org', '1.pool.ntp.org', 'time.google.com', 'time.cloudflare.com'];

/** A router's LAN: mostly the factory 192.168.1.1/24, sometimes an installer's own. */
const ROUTER_LANS: readonly (readonly [readonly [string, string], number])[] = [
  [['192.168.1.1', '255.255.255.0'], 70],
  [['192.168.0.1', '255.255.255.0'], 10],
  [['192.168.10.1', '255.255.255.0'], 10],
  [['10.0.0.1', '255.255.0.0'], 5],
  [['172.16.0.1', '255.255.255.0'], 5],
];

/** Port forwards an installer sets up: a camera, a PLC, a recorder, a meter. */
const PORT_FORWARDS = [
  { name: 'camera', proto: 'tcp', src_dport: 8080, host: 50, dest_port: 80 },
  { name: 'plc-modbus', proto: 'tcp', src_dport: 502, host: 20, dest_port: 502 },
  { name: 'nvr-rtsp', proto: 'tcp', src_dport: 8554, host: 60, dest_port: 554 },
  { name: 'meter', proto: 'udp', src_dport: 4059, host: 30, dest_port: 4059 },
] as const;

/** Section kinds a unit of this kind can hold: those it starts with, and port forwards on a router. */
export function configKindsOf(profile: DeviceProfile, tree: ConfigTree): Set<ConfigSectionKind> {
  const kinds = new Set<ConfigSectionKind>();
  for (const name of Object.keys(tree)) {
    const kind = sectionKind(name);
    if (kind) kinds.add(kind);
  }
  if (uplinkOf(profile) === 'mobile') kinds.add('firewall.redirect');
  return kinds;
}

export function initialConfig(profile: DeviceProfile): ConfigTree {
  const random = createRandom(mixSeed(profile.seed, 0xc0f1));
  const { capabilities } = profile;
  const router = uplinkOf(profile) === 'mobile';
  const suffix = profile.mac.replaceAll(':', '').slice(-4);
  const tree: ConfigTree = {
    system: {
      hostname: `${profile.model}-${suffix}`,
      timezone: random.chance(0.8) ? (TIMEZONES[profile.place.country] ?? 'UTC') : 'UTC',
      log_size: random.pick([64, 128, 200, 256]),
    },
  };
  if (capabilities.lan) {
    const [ipaddr, netmask] = router
      ? random.weighted(ROUTER_LANS)
      : // An access point or a switch takes a management address on its site's LAN.
        [`192.168.1.${random.int(2, 60)}`, '255.255.255.0'];
    tree['network.lan'] = { proto: 'static', ipaddr, netmask };
    tree['dhcp.lan'] = {
      // The site's router hands out addresses, not its access points and switches.
      enabled: router,
      start: random.pick([50, 100, 100, 100]),
      limit: random.pick([100, 150, 150]),
      leasetime_h: random.pick([12, 12, 24]),
    };
  }
  if (router) tree['network.mobile'] = mobile(profile, random);
  if (capabilities.wifi) Object.assign(tree, wireless(profile, suffix, random));
  if (router) Object.assign(tree, portForwards(tree['network.lan'], random));
  tree.ntp = { enabled: true, server: random.chance(0.7) ? '0.pool.ntp.org' : random.pick(NTP_SERVERS) };
  tree.remote_access = {
    ssh_enabled: true,
    ssh_port: 22,
    https_enabled: true,
    https_port: 443,
    wan_access: router && random.chance(0.15),
  };
  tree.monitoring = {
    ping_reboot: router && random.chance(0.4),
    ping_host: random.pick(['8.8.8.8', '1.1.1.1']),
    interval_min: random.pick([5, 5, 15]),
  };
  // A unit leaves the factory with a password of its own, printed on its label.
  tree['users.admin'] = { username: 'admin', password: randomBytes(12).toString('base64url') };
  if (capabilities.ddns) {
    tree.ddns = {
      enabled: random.chance(0.8),
      service_name: random.pick(['dyndns.org', 'no-ip.com', 'duckdns.org']),
      check_interval: 10,
    };
  }
  return tree;
}

function mobile(profile: DeviceProfile, random: Random): ConfigSection {
  // Most installers type the operator's APN; some leave it empty, and the modem picks its own.
  const apn = random.chance(0.8) ? operatorApn(simOperatorOf(profile)) : '';
  const pin = random.chance(0.3) ? String(randomInt(0, 10_000)).padStart(4, '0') : '';
  return {
    apn,
    auth: 'none',
    username: '',
    password: '',
    pin,
    pdp_type: random.chance(0.7) ? 'ipv4' : 'ipv4v6',
  };
}

function wireless(profile: DeviceProfile, suffix: string, random: Random): ConfigTree {
  // The unit with untrusted strings broadcasts markup, which the console must show as text.
  const own = profile.role === 'untrusted-strings' ? HOSTILE.img : `${profile.model}_${suffix}`;
  const encryption = random.chance(0.8) ? 'psk2' : 'sae';
  const ap = (ssid: string, band: '2.4' | '5') => ({
    ssid,
    encryption,
    key: randomBytes(12).toString('base64url'),
    band,
    disabled: false,
  });
  const aps = [ap(own, '2.4')];
  if (profile.hardware.bands.includes('5GHz')) aps.push(ap(`${own.slice(0, 28)}_5G`, '5'));
  // Some sites offer their visitors a network of their own.
  if (random.chance(0.3)) aps.push(ap(`${profile.place.city} Guest`, '2.4'));
  return Object.fromEntries(aps.map((section, index) => [`wireless.ap${index}`, section]));
}

function portForwards(lan: ConfigSection | undefined, random: Random): ConfigTree {
  if (!lan || !random.chance(0.35)) return {};
  const prefix = String(lan.ipaddr).replace(/\.\d+$/, '');
  const first = random.int(0, PORT_FORWARDS.length - 1);
  const second = (first + random.int(1, PORT_FORWARDS.length - 1)) % PORT_FORWARDS.length;
  const picks = random.chance(0.7) ? [first] : [first, second];
  const tree: ConfigTree = {};
  const chosen = PORT_FORWARDS.filter((_, at) => picks.includes(at));
  for (const [index, { name, proto, src_dport, host, dest_port }] of chosen.entries()) {
    const dest_ip = `${prefix}.${host}`;
    tree[`firewall.redirect${index}`] = { name, proto, src_dport, dest_ip, dest_port, enabled: true };
  }
  return tree;
}
