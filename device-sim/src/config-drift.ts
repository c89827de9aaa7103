import type { ConfigTree } from '@fleetport/contracts/device-config';
import { NTP_SERVERS } from './config-initial.ts';
import type { ConfigChanges } from './config-store.ts';
import type { SimDevice } from './device.ts';
import { createRandom, mixSeed, type Random } from './random.ts';

/**
 * Someone on site changes a unit now and then (another NTP server, a new Wi-Fi name), without
 * the console: the unit reports a new revision with `by: local`, so the console has drift to
 * show. Which units and which changes follow from the fleet's seed; a change is never one that
 * would cut the unit off.
 */
export interface LocalChange {
  changes: ConfigChanges;
  /** What changed, for the simulator's log: `ntp.server`. */
  what: string;
}

const SSID_WORDS = ['Office', 'Staff', 'Shop', 'Depot', 'Site', 'Workshop'];

/** One change someone on site might make to this tree; undefined when none applies. */
export function localChangeOf(tree: ConfigTree, city: string, random: Random): LocalChange | undefined {
  const candidates: (() => LocalChange | undefined)[] = [
    () => {
      const server = random.pick(NTP_SERVERS.filter((entry) => entry !== tree.ntp?.server));
      return { changes: { ntp: { server } }, what: 'ntp.server' };
    },
    () => {
      if (!tree['wireless.ap0']) return undefined;
      const ssid = `${city} ${random.pick(SSID_WORDS)} ${random.int(1, 9)}`.slice(0, 32);
      return { changes: { 'wireless.ap0': { ssid } }, what: 'wireless.ap0.ssid' };
    },
    () => {
      const lease = tree['dhcp.lan']?.leasetime_h;
      if (lease === undefined) return undefined;
      return {
        changes: { 'dhcp.lan': { leasetime_h: lease === 24 ? 12 : 24 } },
        what: 'dhcp.lan.leasetime_h',
      };
    },
    () => {
      const host = tree.monitoring?.ping_host === '8.8.8.8' ? '1.1.1.1' : '8.8.8.8';
      return { changes: { monitoring: { ping_host: host } }, what: 'monitoring.ping_host' };
    },
  ];
  return random.pick(candidates)();
}

/**
 * About `perHour` local changes an hour across the fleet, at random moments, each on a unit
 * online at the time (the units of the test roles are left alone). Returns a stop function.
 */
export function startLocalChanges(
  devices: readonly Pick<SimDevice, 'state' | 'profile' | 'configuration' | 'changeLocally'>[],
  options: { seed: number; perHour: number; log?: (line: string) => void },
): () => void {
  if (!(options.perHour > 0) || devices.length === 0) return () => undefined;
  const random = createRandom(mixSeed(options.seed, 0x10ca1));
  const meanMs = 3_600_000 / options.perHour;
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    // Exponential gaps: changes come when they come, a handful an hour on average.
    timer = setTimeout(change, Math.round(-Math.log(1 - random.next()) * meanMs));
    timer.unref();
  };
  const change = () => {
    const device = random.pick(devices);
    const planned = localChangeOf(device.configuration().config, device.profile.place.city, random);
    const { role } = device.profile;
    const eligible = device.state === 'online' && role !== 'untrusted-strings' && role !== 'clone';
    if (planned && eligible) {
      const outcome = device.changeLocally(planned.changes);
      if (outcome.ok) {
        options.log?.(
          `sim: ${device.profile.serial} changed on site: ${planned.what} (revision ${outcome.revision})`,
        );
      }
    }
    schedule();
  };
  schedule();
  return () => clearTimeout(timer);
}
