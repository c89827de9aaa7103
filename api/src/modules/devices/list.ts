import { type DeviceFilter, deviceFilterSchema } from '@fleetport/contracts/device-requests';
import { SIGNAL_BUCKET_FLOORS } from '@fleetport/contracts/devices';
import { and, asc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { companies, devices, deviceTags, tags } from '../../db/schema.ts';
import { forbidden } from '../../http/errors.ts';
import { contains, escapeLike, listQuerySchema } from '../../http/list-query.ts';
import type { AuthContext } from '../auth/context.ts';
import { canSeeCompany, visibleCompanies } from '../companies/scope.ts';
import { DEVICE_STATUSES, type DeviceStatus, deviceStatus } from './status.ts';

/**
 * The devices list (issue 6; spec §2 /management/devices): its fields, its filters as SQL, and
 * the row the API answers. The list, the CSV export and the bulk actions share these, so "every
 * device matching the filter" means the same rows in all three.
 */

export const deviceTagSchema = z.object({ id: z.number(), name: z.string(), color: z.string().nullable() });

export const deviceSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  serial: z.string(),
  mac: z.string(),
  model: z.string().nullable(),
  firmware: z.string().nullable(),
  company_id: z.number(),
  company_name: z.string(),
  status: z.enum(DEVICE_STATUSES),
  monitoring: z.boolean(),
  /** The modem's connection type as reported (LTE, 5G-NSA…); the console maps it (spec §9). */
  connection_type: z.string().nullable(),
  operator: z.string().nullable(),
  /** RSSI in dBm. */
  signal: z.number().nullable(),
  tags: z.array(deviceTagSchema),
  last_seen_at: z.string().nullable(),
  credit_until: z.string().nullable(),
  created_at: z.string(),
});
export type DeviceRow = z.infer<typeof deviceSchema>;

export const DEVICE_FIELDS = [
  'id',
  'name',
  'description',
  'serial',
  'mac',
  'model',
  'firmware',
  'company_id',
  'company_name',
  'status',
  'monitoring',
  'connection_type',
  'operator',
  'signal',
  'tags',
  'last_seen_at',
  'credit_until',
  'created_at',
] as const;

const { q: _q, ...filterShape } = deviceFilterSchema.shape;
export const deviceListQuery = listQuerySchema(DEVICE_FIELDS, filterShape);

/** Spec §4 status, in SQL, so lists filter and sort by it (the same rule as status.ts). */
export const statusSql = sql<DeviceStatus>`case
  when ${devices.firstSeenAt} is null then 'pending'
  when not ${devices.connected} then 'offline'
  when ${devices.monitoring} and ${devices.creditUntil} > now() then 'online'
  else 'not_activated' end`;

const connectionTypeSql = sql<string | null>`(${devices.state} #>> '{dynamic,data,connection_type}')`;
const operatorSql = sql<string | null>`(${devices.state} #>> '{dynamic,data,operator}')`;
export const signalSql = sql<number | null>`((${devices.state} #>> '{dynamic,data,signal}')::int)`;

/** Spec §9 connection type mapping in SQL: the same rule as `connectionGeneration` (format.ts). */
export const generationSql = sql<string>`case
  when coalesce(trim(${connectionTypeSql}), '') = '' then 'none'
  when upper(trim(${connectionTypeSql})) in ('5G-NSA', '5G-SA') then '5G'
  when upper(trim(${connectionTypeSql})) in ('GSM', 'GPRS', 'EDGE', 'CDMA', 'NB-IOT') then '2G'
  when upper(trim(${connectionTypeSql})) ~ '^(WCDMA|UMTS|.*HS[DU]?PA.*)$' then '3G'
  else '4G' end`;

function signalCondition(bucket: NonNullable<DeviceFilter['signal']>): SQL {
  const { excellent, good, fair } = SIGNAL_BUCKET_FLOORS;
  switch (bucket) {
    case 'excellent':
      return sql`${signalSql} >= ${excellent}`;
    case 'good':
      return sql`${signalSql} >= ${good} and ${signalSql} < ${excellent}`;
    case 'fair':
      return sql`${signalSql} >= ${fair} and ${signalSql} < ${good}`;
    case 'poor':
      return sql`${signalSql} < ${fair}`;
    case 'none':
      return sql`${signalSql} is null`;
  }
}

/** The devices a caller sees under a filter, as one condition over `devices` joined to `companies`. */
export function deviceConditions(auth: AuthContext, filter: DeviceFilter): SQL | undefined {
  const conditions: SQL[] = [visibleCompanies(auth)];
  if (filter.q) {
    const term = contains(filter.q);
    const search = or(ilike(devices.name, term), ilike(devices.serial, term), ilike(devices.mac, term));
    if (search) conditions.push(search);
  }
  if (filter.company_id !== undefined) conditions.push(eq(devices.companyId, filter.company_id));
  if (filter.status) conditions.push(sql`${statusSql} = ${filter.status}`);
  if (filter.model) conditions.push(ilike(devices.model, `${escapeLike(filter.model)}%`));
  if (filter.firmware) conditions.push(ilike(devices.firmware, `${escapeLike(filter.firmware)}%`));
  if (filter.tag_id !== undefined) {
    conditions.push(
      sql`exists (select 1 from ${deviceTags} where ${deviceTags.deviceId} = ${devices.id} and ${deviceTags.tagId} = ${filter.tag_id})`,
    );
  }
  if (filter.connection_type) conditions.push(sql`${generationSql} = ${filter.connection_type}`);
  if (filter.signal) conditions.push(signalCondition(filter.signal));
  return and(...conditions);
}

/** Sort keys of the list (tags sort by nothing: a device has several). */
export const DEVICE_SORTS = {
  id: devices.id,
  name: devices.name,
  description: devices.description,
  serial: devices.serial,
  mac: devices.mac,
  model: devices.model,
  firmware: devices.firmware,
  company_id: devices.companyId,
  company_name: companies.name,
  status: statusSql,
  monitoring: devices.monitoring,
  connection_type: generationSql,
  operator: operatorSql,
  signal: signalSql,
  tags: devices.id,
  last_seen_at: devices.lastSeenAt,
  credit_until: devices.creditUntil,
  created_at: devices.createdAt,
} satisfies Record<(typeof DEVICE_FIELDS)[number], unknown>;

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
export async function toDeviceRows(db: Db, rows: readonly SelectedDevice[]): Promise<DeviceRow[]> {
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

/** A device the caller may see; 403 alike for another tenant's and a missing one (no probing). */
export async function findDevice(db: Db, auth: AuthContext, id: number): Promise<SelectedDevice> {
  const [row] = await selectDevices(db, eq(devices.id, id));
  if (!row || !canSeeCompany(auth, { id: row.device.companyId, path: row.companyPath })) throw forbidden();
  return row;
}
