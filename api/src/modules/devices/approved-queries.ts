import type { ApprovedDevice } from '@fleetport/contracts/device-schemas';
import { and, asc, count, desc, eq, ilike, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, deviceIdentities, devices } from '../../db/schema.ts';
import { contains } from '../../http/list-query.ts';
import type { ProvisionRow } from './dynsec-plan.ts';
import { approveIdentities } from './identities.ts';
import { secretMatches } from './status.ts';

const SORTABLE = {
  id: deviceIdentities.id,
  serial: deviceIdentities.serial,
  mac: deviceIdentities.mac,
  created_at: deviceIdentities.createdAt,
};

/** A page of Approved Devices (search on serial and MAC; `unclaimed`: in no company), and their count. */
export async function listApproved(
  db: Db,
  query: {
    q?: string;
    unclaimed: boolean;
    sort: readonly { field: keyof typeof SORTABLE; descending: boolean }[];
    limit: number;
    offset: number;
  },
): Promise<{ rows: ApprovedDevice[]; total: number }> {
  const conditions: SQL[] = [];
  if (query.q) {
    const search = or(
      ilike(deviceIdentities.serial, contains(query.q)),
      ilike(deviceIdentities.mac, contains(query.q)),
    );
    if (search) conditions.push(search);
  }
  if (query.unclaimed) conditions.push(isNull(devices.id));
  const where = conditions.length ? and(...conditions) : undefined;
  const order = query.sort.map((key) =>
    key.descending ? desc(SORTABLE[key.field]) : asc(SORTABLE[key.field]),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ identity: deviceIdentities, deviceId: devices.id, companyName: companies.name })
      .from(deviceIdentities)
      .leftJoin(devices, eq(devices.identityId, deviceIdentities.id))
      .leftJoin(companies, eq(companies.id, devices.companyId))
      .where(where)
      .orderBy(...order, asc(deviceIdentities.id))
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({ value: count() })
      .from(deviceIdentities)
      .leftJoin(devices, eq(devices.identityId, deviceIdentities.id))
      .where(where),
  ]);
  return {
    rows: rows.map((row) => ({
      id: row.identity.id,
      serial: row.identity.serial,
      mac: row.identity.mac,
      device_id: row.deviceId,
      company_name: row.companyName,
      last_seen_at: row.identity.lastSeenAt?.toISOString() ?? null,
      created_at: row.identity.createdAt.toISOString(),
    })),
    total: total?.value ?? 0,
  };
}

/**
 * Approves every row in one transaction (a serial already approved stays as it is). Answers how
 * many were new, and the rows approved now with exactly their MAC address and secret: the new
 * ones and those imported again unchanged, whose secrets a broker may be given (dynsec.ts).
 */
export const importIdentities = (db: Db, rows: readonly { serial: string; mac: string; secret: string }[]) =>
  db.transaction(async (tx) => {
    const fresh = await approveIdentities(tx as unknown as Db, rows);
    const again = rows.filter((row) => !fresh.has(row.serial)).map((row) => row.serial);
    const stored = new Map<string, { mac: string; secretSha256: string }>();
    for (let at = 0; at < again.length; at += 1000) {
      const found = await tx
        .select({
          serial: deviceIdentities.serial,
          mac: deviceIdentities.mac,
          secretSha256: deviceIdentities.secretSha256,
        })
        .from(deviceIdentities)
        .where(inArray(deviceIdentities.serial, again.slice(at, at + 1000)));
      for (const row of found) stored.set(row.serial, row);
    }
    const confirmed = rows.flatMap(({ serial, mac, secret }): ProvisionRow[] => {
      if (fresh.has(serial)) return [{ serial, mac, secret, fresh: true }];
      const known = stored.get(serial);
      return known?.mac === mac && secretMatches(secret, known.secretSha256)
        ? [{ serial, mac, secret, fresh: false }]
        : [];
    });
    return { imported: fresh.size, confirmed };
  });

/** What removing an identity found: gone, still a device of a company, or never there. */
export type IdentityRemoved =
  | { removed: true; serial: string; mac: string }
  | { removed: false; serial: string; companyName: string }
  | undefined;

/**
 * Removes an approved identity that is in no company; its connection log goes with it (ON DELETE
 * CASCADE). The row is locked first, so a claim of it waits for this and then finds it gone; an
 * identity whose device is in a company stays (`devices.identity_id` is ON DELETE RESTRICT).
 */
export const removeIdentity = (db: Db, id: number): Promise<IdentityRemoved> =>
  db.transaction(async (tx) => {
    const [identity] = await tx
      .select({ serial: deviceIdentities.serial, mac: deviceIdentities.mac })
      .from(deviceIdentities)
      .where(eq(deviceIdentities.id, id))
      .for('update');
    if (!identity) return undefined;
    const [device] = await tx
      .select({ companyName: companies.name })
      .from(devices)
      .innerJoin(companies, eq(companies.id, devices.companyId))
      .where(eq(devices.identityId, id));
    if (device) return { removed: false, serial: identity.serial, companyName: device.companyName };
    await tx.delete(deviceIdentities).where(eq(deviceIdentities.id, id));
    return { removed: true, ...identity };
  });
