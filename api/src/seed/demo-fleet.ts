import { asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { companies, deviceIdentities, devices } from '../db/schema.ts';
import { parseIdentityCsv } from '../modules/devices/approved.ts';
import { approveIdentities } from '../modules/devices/identities.ts';

/** The demo companies that get devices, and each one's share (by weight). */
const HOMES: readonly { name: string; weight: number }[] = [
  { name: 'Acme Networks', weight: 3 },
  { name: 'Acme East', weight: 3 },
  { name: 'Acme West', weight: 2 },
  { name: 'Acme East Retail', weight: 1 },
  { name: 'Northwind Logistics', weight: 2 },
];
/** A few identities stay unclaimed, so "Add device" has something to add. */
export const UNCLAIMED_DEMO_DEVICES = 3;
const MONITORING_OFF_INDEX = 5;
/** Coprime to the 11 weighted slots above. */
const SPREAD_STRIDE = 7;

/**
 * The demo fleet (npm start): the simulator's manifest is a manufacturer's CSV like any other.
 * Its identities are approved, spread over the demo companies and named from the file; one has
 * monitoring off (spec §8 reason 14), as a real fleet would. Runs on every start; only rows not
 * seen before are added, so a larger fleet (`DEVICES`) grows into the same world.
 */
export async function seedDemoFleet(db: Db, csv: string): Promise<{ approved: number; added: number }> {
  const { rows } = parseIdentityCsv(csv);
  const names = new Map<string, string>();
  const lines = csv.split(/\r?\n/);
  const header = (lines[0] ?? '').split(',').map((cell) => cell.trim().toLowerCase());
  const serialAt = header.indexOf('serial');
  const nameAt = header.indexOf('name');
  if (nameAt >= 0) {
    for (const line of lines.slice(1)) {
      const cells = line.split(',');
      const serial = cells[serialAt]?.trim();
      if (serial) names.set(serial, cells[nameAt]?.trim() || serial);
    }
  }
  return db.transaction(async (tx) => {
    const approved = (await approveIdentities(tx as unknown as Db, rows)).size;
    const homes = await tx
      .select({ id: companies.id, name: companies.name })
      .from(companies)
      .where(
        inArray(
          companies.name,
          HOMES.map((home) => home.name),
        ),
      );
    const slots = HOMES.flatMap((home) => {
      const company = homes.find((row) => row.name === home.name);
      return company ? Array.from({ length: home.weight }, () => company.id) : [];
    });
    if (slots.length === 0) return { approved, added: 0 };
    const serials = rows.map((row) => row.serial);
    const unclaimed = await tx
      .select({ identity: deviceIdentities })
      .from(deviceIdentities)
      .leftJoin(devices, eq(devices.identityId, deviceIdentities.id))
      .where(isNull(devices.id))
      .orderBy(asc(deviceIdentities.serial));
    // The file's last few serials stay unclaimed, run after run.
    const keptBack = new Set(serials.slice(-UNCLAIMED_DEMO_DEVICES));
    const toAdd = unclaimed.filter(
      (row) => serials.includes(row.identity.serial) && !keptBack.has(row.identity.serial),
    );
    let added = 0;
    for (const row of toAdd) {
      const serialIndex = serials.indexOf(row.identity.serial);
      await tx.insert(devices).values({
        // A stride through the weighted slots, so neighbours in the file land in different companies.
        companyId: slots[(serialIndex * SPREAD_STRIDE) % slots.length] as number,
        identityId: row.identity.id,
        serial: row.identity.serial,
        mac: row.identity.mac,
        name: names.get(row.identity.serial) ?? row.identity.serial,
        // The sixth device of the file has monitoring off (the connection log shows reason 14).
        monitoring: serialIndex !== MONITORING_OFF_INDEX,
      });
      added += 1;
    }
    return { approved, added };
  });
}
