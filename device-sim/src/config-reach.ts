import type { ConfigTree } from '@fleetport/contracts/device-config';
import type { DeviceProfile } from './fleet.ts';

/**
 * Whether a configuration leaves a unit able to reach the gateway (docs/device-protocol.md
 * "Rollback"). Two changes cut a unit off, as they do in the field:
 * - a unit whose uplink is mobile, with an APN its SIM's operator does not accept: the modem
 *   gets no data session;
 * - a unit managed over its LAN (access points and switches), whose LAN address or netmask
 *   changes: its management address is no longer the one its site routes to it.
 */
export type Uplink = 'mobile' | 'lan';

/** Access points and switches hang off a site's LAN; every other family has a modem of its own. */
export function uplinkOf(profile: DeviceProfile): Uplink {
  const { family, modem } = profile.hardware;
  return modem !== undefined && family !== 'TAP' && family !== 'TSW' ? 'mobile' : 'lan';
}

/** The operator that issued the unit's SIM: its home network's first. */
export function simOperatorOf(profile: DeviceProfile): string {
  return profile.place.operators[0] ?? '';
}

/** The operator's own APN, from its name as a modem shows it: `Telia LT` → `internet.telia.lt`. */
export function operatorApn(operator: string): string {
  const words = operator
    .toLowerCase()
    .split(/[^a-z0-9-]+/)
    .filter((word) => word !== '' && word !== '-');
  return `internet.${words.join('.')}`.slice(0, 64);
}

/**
 * The APNs an operator gives a data session on: its own, and the generic `internet`. An empty
 * APN lets the modem pick the operator's from its database, so it always works.
 */
export function acceptsApn(operator: string, apn: string): boolean {
  return apn === '' || apn === 'internet' || apn === operatorApn(operator);
}

/** Why `after` cuts the unit off where `before` did not; undefined when it still reaches the gateway. */
export function cutOffBy(profile: DeviceProfile, before: ConfigTree, after: ConfigTree): string | undefined {
  if (uplinkOf(profile) === 'mobile') {
    const apn = String(after['network.mobile']?.apn ?? '');
    const operator = simOperatorOf(profile);
    if (!acceptsApn(operator, apn)) return `${operator} gives no data session on the APN "${apn}"`;
    return undefined;
  }
  const was = before['network.lan'];
  const is = after['network.lan'];
  if (was?.ipaddr !== is?.ipaddr || was?.netmask !== is?.netmask) {
    return 'the management address on the LAN changed';
  }
  return undefined;
}
