import { createHash, timingSafeEqual } from 'node:crypto';

import type { DeviceStatus } from '@fleetport/contracts/devices';

export { DEVICE_STATUSES, type DeviceStatus } from '@fleetport/contracts/devices';

export interface StatusInputs {
  connected: boolean;
  firstSeenAt: Date | null;
  monitoring: boolean;
  creditUntil: Date | null;
}

export function hasActiveCredit(creditUntil: Date | null, now: Date): boolean {
  return creditUntil !== null && creditUntil.getTime() > now.getTime();
}

/**
 * - Pending: in a company, never connected.
 * - Offline: connected before, not now.
 * - Online: connected, monitoring on, an active credit.
 * - Not Activated: connected, but monitoring is off or no credit is active.
 */
export function deviceStatus(device: StatusInputs, now: Date): DeviceStatus {
  if (!device.firstSeenAt) return 'pending';
  if (!device.connected) return 'offline';
  return device.monitoring && hasActiveCredit(device.creditUntil, now) ? 'online' : 'not_activated';
}

/**
 * A device secret's stored form. Secrets are 24+ random bytes, so SHA-256 is enough: a slow
 * password hash would make ten thousand reconnecting devices cost minutes of CPU.
 */
export function secretDigest(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

export function secretMatches(secret: string, digest: string): boolean {
  const presented = Buffer.from(secretDigest(secret), 'hex');
  const stored = Buffer.from(digest, 'hex');
  return presented.length === stored.length && timingSafeEqual(presented, stored);
}
