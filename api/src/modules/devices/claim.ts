import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { deviceIdentities, devices } from '../../db/schema.ts';

/** One answer for every failed claim, whatever the cause (issue 6: serial and MAC never claim alone). */
export const NOT_CLAIMABLE = 'This device cannot be added. Check its serial number and MAC address.';

export interface Claim {
  serial: string;
  mac: string;
  name?: string | undefined;
  description?: string | undefined;
}

/**
 * Whether an approved identity with this serial and MAC is free to join a company. The caller
 * learns yes or no only: an unknown serial, another MAC and an already claimed device look alike.
 */
export async function claimable(db: Db, claim: Pick<Claim, 'serial' | 'mac'>): Promise<number | undefined> {
  const [identity] = await db
    .select({ id: deviceIdentities.id, mac: deviceIdentities.mac, claimed: devices.id })
    .from(deviceIdentities)
    .leftJoin(devices, eq(devices.identityId, deviceIdentities.id))
    .where(eq(deviceIdentities.serial, claim.serial));
  return identity && identity.mac === claim.mac && identity.claimed === null ? identity.id : undefined;
}

/** Adds an approved device to a company (spec §5 Add device); undefined when it cannot be claimed. */
export async function claimDevice(db: Db, companyId: number, claim: Claim): Promise<number | undefined> {
  const identityId = await claimable(db, claim);
  if (identityId === undefined) return undefined;
  const inserted = await db
    .insert(devices)
    .values({
      companyId,
      identityId,
      serial: claim.serial,
      mac: claim.mac,
      name: claim.name ?? claim.serial,
      description: claim.description ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: devices.id });
  return inserted[0]?.id;
}
