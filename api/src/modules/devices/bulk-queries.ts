import type { BulkDevices } from '@fleetport/contracts/device-schemas';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, devices, deviceTags, tags } from '../../db/schema.ts';
import { fieldError } from '../../http/errors.ts';
import type { AuthContext } from '../auth/context.ts';
import { canSeeCompany } from '../companies/scope.ts';
import { tagsFor } from './device-queries.ts';
import { deviceConditions } from './list-queries.ts';

/** Ids per statement of a bulk action (PostgreSQL binds at most 65,535 parameters). */
export const BULK_SLICE = 5_000;

export interface BulkTarget {
  id: number;
  serial: string;
  companyPath: string;
}

/** The devices a bulk action names (its ids, or every match of its filter) that the caller sees, by id. */
export function bulkTargets(db: Db, auth: AuthContext, body: BulkDevices): Promise<BulkTarget[]> {
  const where = body.ids
    ? and(deviceConditions(auth, {}), inArray(devices.id, body.ids))
    : deviceConditions(auth, body.filter ?? {});
  // Narrow rows: "every matching device" may be most of a million-device fleet.
  return db
    .select({ id: devices.id, serial: devices.serial, companyPath: devices.companyPath })
    .from(devices)
    .where(where)
    .orderBy(devices.id);
}

/**
 * Applies a bulk action to its targets. Statements take the ids a slice at a time (PostgreSQL
 * binds at most 65,535 parameters), all in one transaction: the action applies to every target
 * or to none.
 */
export async function applyBulkAction(
  db: Db,
  auth: AuthContext,
  body: BulkDevices,
  targets: readonly BulkTarget[],
): Promise<{ company?: { id: number; name: string } }> {
  const ids = targets.map((row) => row.id);
  const paths = [...new Set(targets.map((row) => row.companyPath))];
  const perSlice = (each: (slice: number[], tx: Db) => Promise<unknown>, size = BULK_SLICE) =>
    db.transaction(async (tx) => {
      for (let at = 0; at < ids.length; at += size) await each(ids.slice(at, at + size), tx);
    });
  switch (body.action) {
    case 'add_tags': {
      const tagIds = await tagsFor(db, auth, body.tag_ids ?? [], paths);
      await perSlice(
        (slice, tx) =>
          tx
            .insert(deviceTags)
            .values(slice.flatMap((deviceId) => tagIds.map((tagId) => ({ deviceId, tagId }))))
            .onConflictDoNothing(),
        Math.max(1, Math.floor(BULK_SLICE / Math.max(1, tagIds.length))),
      );
      break;
    }
    case 'remove_tags':
      await perSlice((slice, tx) =>
        tx
          .delete(deviceTags)
          .where(and(inArray(deviceTags.deviceId, slice), inArray(deviceTags.tagId, body.tag_ids ?? []))),
      );
      break;
    case 'move': {
      const [target] = await db
        .select()
        .from(companies)
        .where(eq(companies.id, body.company_id ?? 0));
      if (!target || !canSeeCompany(auth, target))
        throw fieldError('company_id', 'Choose a company you manage.');
      await perSlice(async (slice, tx) => {
        await tx.update(devices).set({ companyId: target.id }).where(inArray(devices.id, slice));
        // A tag stays only where it may be: on devices of its company or the companies below it.
        await tx.execute(sql`delete from ${deviceTags} dt using ${tags} t, ${companies} c
          where dt.tag_id = t.id and c.id = t.company_id and dt.device_id in (${sql.join(
            slice.map((id) => sql`${id}`),
            sql`, `,
          )}) and ${target.path} not like c.path || '%'`);
      });
      return { company: { id: target.id, name: target.name } };
    }
    case 'monitoring':
      await perSlice((slice, tx) =>
        tx
          .update(devices)
          .set({ monitoring: body.monitoring ?? true })
          .where(inArray(devices.id, slice)),
      );
      break;
    case 'period':
      await perSlice((slice, tx) =>
        tx
          .update(devices)
          .set({
            ...(body.dynamic_interval_s === undefined ? {} : { dynamicIntervalS: body.dynamic_interval_s }),
            ...(body.static_interval_s === undefined ? {} : { staticIntervalS: body.static_interval_s }),
          })
          .where(inArray(devices.id, slice)),
      );
      break;
    case 'delete':
      await perSlice((slice, tx) => tx.delete(devices).where(inArray(devices.id, slice)));
      break;
  }
  return {};
}
