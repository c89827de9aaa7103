import type { Db } from '../../db/client.ts';
import { deviceIdentities } from '../../db/schema.ts';

/** Every approved identity's MAC address by serial: what the broker's clients are checked against. */
export async function approvedMacs(db: Db): Promise<Map<string, string>> {
  const rows = await db
    .select({ serial: deviceIdentities.serial, mac: deviceIdentities.mac })
    .from(deviceIdentities);
  return new Map(rows.map((row) => [row.serial, row.mac]));
}
