import type { Db } from '../../db/client.ts';
import { deviceIdentities } from '../../db/schema.ts';
import { secretDigest } from './status.ts';

/**
 * Approves identities (Approved Devices) inside the caller's transaction, a thousand rows per
 * statement; a serial already approved is left as it is. Returns the serials that were new.
 */
export async function approveIdentities(
  tx: Db,
  rows: readonly { serial: string; mac: string; secret: string }[],
): Promise<Set<string>> {
  const approved = new Set<string>();
  for (let start = 0; start < rows.length; start += 1000) {
    const batch = rows.slice(start, start + 1000);
    const done = await tx
      .insert(deviceIdentities)
      .values(
        batch.map((row) => ({ serial: row.serial, mac: row.mac, secretSha256: secretDigest(row.secret) })),
      )
      .onConflictDoNothing()
      .returning({ serial: deviceIdentities.serial });
    for (const row of done) approved.add(row.serial);
  }
  return approved;
}
