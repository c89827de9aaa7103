import type { Device } from '@fleetport/contracts/device-schemas';
import { asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, devices, deviceTags, tags } from '../../db/schema.ts';
import { fieldError, forbidden } from '../../http/errors.ts';
import type { AuthContext } from '../auth/context.ts';
import { canSeeCompany } from '../companies/scope.ts';
import { deviceStatus } from './status.ts';

/**
 * One device's SQL: reading devices as the API answers them (`toDeviceRows`, which every route
 * that answers a device uses), finding one the caller may see, editing, deleting and tagging it.
 */

export function selectDevices(db: Db, where: SQL | undefined) {
  return db
    .select({ device: devices, companyName: companies.name, companyPath: companies.path })
    .from(devices)
    .innerJoin(companies, eq(companies.id, devices.companyId))
    .where(where)
    .$dynamic();
}
export type SelectedDevice = Awaited<ReturnType<typeof selectDevices>>[number];

interface DynamicReading {
  data?: { connection_type?: unknown; operator?: unknown; signal?: unknown };
}

/** The API's rows for selected devices, with their tags (one query for the whole page). */
export async function toDeviceRows(db: Db, rows: readonly SelectedDevice[]): Promise<Device[]> {
  const ids = rows.map((row) => row.device.id);
  const tagged = ids.length
    ? await db
        .select({ deviceId: deviceTags.deviceId, id: tags.id, name: tags.name, color: tags.color })
        .from(deviceTags)
        .innerJoin(tags, eq(tags.id, deviceTags.tagId))
        .where(inArray(deviceTags.deviceId, ids))
        .orderBy(asc(tags.name))
    : [];
  const tagsOf = new Map<number, { id: number; name: string; color: string | null }[]>();
  for (const { deviceId, ...tag } of tagged) tagsOf.set(deviceId, [...(tagsOf.get(deviceId) ?? []), tag]);
  const now = new Date();
  return rows.map(({ device, companyName }) => {
    const dynamic = ((device.state as Record<string, DynamicReading>).dynamic?.data ?? {}) as NonNullable<
      DynamicReading['data']
    >;
    return {
      id: device.id,
      name: device.name,
      description: device.description,
      serial: device.serial,
      mac: device.mac,
      model: device.model,
      firmware: device.firmware,
      company_id: device.companyId,
      company_name: companyName,
      status: deviceStatus(device, now),
      monitoring: device.monitoring,
      connection_type: typeof dynamic.connection_type === 'string' ? dynamic.connection_type : null,
      operator: typeof dynamic.operator === 'string' ? dynamic.operator : null,
      signal: typeof dynamic.signal === 'number' ? dynamic.signal : null,
      tags: tagsOf.get(device.id) ?? [],
      last_seen_at: device.lastSeenAt?.toISOString() ?? null,
      credit_until: device.creditUntil?.toISOString() ?? null,
      created_at: device.createdAt.toISOString(),
    };
  });
}

/** One selected device as the API answers it. */
export const toDevice = async (db: Db, row: SelectedDevice) => (await toDeviceRows(db, [row]))[0] as Device;

/** What a caller hears of a device they cannot see: the same whether it exists or not (no probing). */
export const DEVICE_NOT_YOURS =
  'This device was not found among your devices: it does not exist, or it belongs to a company you cannot see.';

/** A device the caller may see; 403 alike for another tenant's and a missing one (no probing). */
export async function findDevice(db: Db, auth: AuthContext, id: number): Promise<SelectedDevice> {
  const [row] = await selectDevices(db, eq(devices.id, id));
  if (!row || !canSeeCompany(auth, { id: row.device.companyId, path: row.companyPath })) {
    throw forbidden(DEVICE_NOT_YOURS);
  }
  return row;
}

/** A company the caller may see, to add devices to; 403 alike for another tenant's and a missing one. */
export async function companyForDevices(db: Db, auth: AuthContext, id: number) {
  const [company] = await db.select().from(companies).where(eq(companies.id, id));
  if (!company || !canSeeCompany(auth, company)) throw forbidden();
  return company;
}

/** Edits what the form sends: name, description, monitoring and the intervals. */
export async function updateDevice(
  db: Db,
  id: number,
  body: {
    name?: string;
    description?: string | null;
    monitoring?: boolean;
    dynamic_interval_s?: number;
    static_interval_s?: number;
  },
): Promise<void> {
  await db
    .update(devices)
    .set({
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.description !== undefined ? { description: body.description || null } : {}),
      ...(body.monitoring !== undefined ? { monitoring: body.monitoring } : {}),
      ...(body.dynamic_interval_s !== undefined ? { dynamicIntervalS: body.dynamic_interval_s } : {}),
      ...(body.static_interval_s !== undefined ? { staticIntervalS: body.static_interval_s } : {}),
    })
    .where(eq(devices.id, id));
}

export async function deleteDevice(db: Db, id: number): Promise<void> {
  await db.delete(devices).where(eq(devices.id, id));
}

/** The tags that may go on devices of a company: its own and its ancestors', if the caller sees them. */
export async function tagsFor(
  db: Db,
  auth: AuthContext,
  tagIds: readonly number[],
  companyPaths: readonly string[],
): Promise<number[]> {
  const found = await db
    .select({ id: tags.id, companyId: tags.companyId, path: companies.path })
    .from(tags)
    .innerJoin(companies, eq(companies.id, tags.companyId))
    .where(inArray(tags.id, [...tagIds]));
  const usable = found.filter(
    (tag) =>
      canSeeCompany(auth, { id: tag.companyId, path: tag.path }) &&
      companyPaths.every((path) => path.startsWith(tag.path)),
  );
  if (usable.length !== new Set(tagIds).size) {
    throw fieldError('tag_ids', 'A tag can go only on devices of its company or the companies below it.');
  }
  return usable.map((tag) => tag.id);
}

/** Replaces a device's tags, in one transaction. */
export async function setDeviceTags(db: Db, deviceId: number, tagIds: readonly number[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(deviceTags).where(eq(deviceTags.deviceId, deviceId));
    if (tagIds.length) await tx.insert(deviceTags).values(tagIds.map((tagId) => ({ deviceId, tagId })));
  });
}
