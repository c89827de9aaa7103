import {
  type DeviceFilter,
  type DevicePosition,
  deviceFilterSchema,
} from '@fleetport/contracts/device-schemas';
import { SIGNAL_BUCKET_FLOORS } from '@fleetport/contracts/devices';
import { and, asc, count, desc, eq, gt, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  companies,
  configTemplates,
  deviceConfigs,
  devices,
  deviceTags,
  deviceTemplates,
} from '../../db/schema.ts';
import { contains, listQuerySchema } from '../../http/list-query.ts';
import type { AuthContext } from '../auth/context.ts';
import { visibleCompanies, visibleDevices } from '../companies/scope.ts';
import { selectDevices } from './device-queries.ts';
import type { DeviceStatus } from './status.ts';

/**
 * The devices list's SQL (spec §2 /management/devices): its fields, its filters as SQL, its
 * totals and pages, the export's batches and the map's positions. The list, the CSV export, the
 * map, the statistics and the bulk actions share these, so "every device matching the filter"
 * means the same rows in all of them. The row the API answers is `toDeviceRows`
 * (device-queries.ts), its schema `deviceSchema` (contracts).
 */

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

/**
 * The digits of a MAC address a search term is written as (whole or in part), the form the
 * search column holds: `00:1E:42:AA`, `00-1e-42-aa` and Cisco's `001e.42aa` all give `001e42aa`.
 * Undefined for a term not written so (no separator, or more than hex digits), so that an
 * IP address's start like `10.0.` is not also looked for as `100`.
 */
export function macDigits(term: string): string | undefined {
  const written =
    /^[\da-f]{0,2}(?:[:-][\da-f]{0,2})+$/i.test(term) || /^[\da-f]{4}(?:\.[\da-f]{0,4})+$/i.test(term);
  const digits = term.replace(/[:.-]/g, '');
  return written && digits.length >= 2 ? digits : undefined;
}

/**
 * The search (`q`): the devices whose name, serial, MAC address (any notation, whole or in part),
 * model, firmware, IMEI or WAN IP address contains the term, case aside. One column holds them
 * all (`search_text`, migration 0016), so a term of three characters or more is looked up in its
 * trigram index rather than in every device the caller sees.
 */
export function searchCondition(term: string): SQL | undefined {
  const terms = [term, macDigits(term)].filter((value): value is string => value !== undefined);
  return or(...terms.map((value) => ilike(devices.searchText, contains(value))));
}

/** The devices a caller sees under a filter, as one condition over `devices` alone. */
export function deviceConditions(auth: AuthContext, filter: DeviceFilter): SQL | undefined {
  const conditions: SQL[] = [visibleDevices(auth)];
  if (filter.q) {
    const search = searchCondition(filter.q);
    if (search) conditions.push(search);
  }
  if (filter.company_id !== undefined) conditions.push(eq(devices.companyId, filter.company_id));
  if (filter.status) conditions.push(sql`${statusSql} = ${filter.status}`);
  // Model and firmware match anywhere in the value (RUT9 finds RUT950 and RUT956; 07.06 finds RUT9_R_00.07.06.1).
  if (filter.model) conditions.push(ilike(devices.model, contains(filter.model)));
  if (filter.firmware) conditions.push(ilike(devices.firmware, contains(filter.firmware)));
  if (filter.tag_id !== undefined) {
    conditions.push(
      sql`exists (select 1 from ${deviceTags} where ${deviceTags.deviceId} = ${devices.id} and ${deviceTags.tagId} = ${filter.tag_id})`,
    );
  }
  if (filter.connection_type) conditions.push(sql`${generationSql} = ${filter.connection_type}`);
  if (filter.signal) conditions.push(signalCondition(filter.signal));
  // Saved configurations: a device follows a template and has reported; drifted when what it
  // reported does not hold every setting of the template (jsonb containment).
  if (filter.template) {
    conditions.push(
      sql`exists (select 1 from ${deviceTemplates} join ${configTemplates} on ${configTemplates.id} = ${deviceTemplates.templateId} join ${deviceConfigs} on ${deviceConfigs.deviceId} = ${deviceTemplates.deviceId} where ${deviceTemplates.deviceId} = ${devices.id} and ${filter.template === 'drifted' ? sql`not` : sql``} (${deviceConfigs.config} @> ${configTemplates.sections}))`,
    );
  }
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

/**
 * Past this many rows after the page, the list's total stops counting and says "more than"
 * (`meta.total_capped`): counting a million matching devices costs more than the page itself.
 */
export const DEVICE_COUNT_CAP = 10_000;

const FILTER_KEYS = deviceFilterSchema.keyof().options;

/** Whether a filter narrows the caller's devices beyond a company (which the kept counts know). */
export const narrows = (filter: DeviceFilter) =>
  FILTER_KEYS.some((key) => key !== 'company_id' && filter[key] !== undefined);

/** How many devices the caller sees, in one company or all: the kept per-company counts summed. */
export function devicesInViewQuery(db: Db, auth: AuthContext, companyId?: number) {
  return db
    .select({ total: sql<number>`coalesce(sum(${companies.deviceCount}), 0)`.mapWith(Number) })
    .from(companies)
    .where(and(visibleCompanies(auth), companyId === undefined ? undefined : eq(companies.id, companyId)));
}

export async function devicesInView(db: Db, auth: AuthContext, companyId?: number): Promise<number> {
  const [row] = await devicesInViewQuery(db, auth, companyId);
  return row?.total ?? 0;
}

/**
 * How many devices a caller sees under a filter. Without a filter (or with only a company) the
 * answer is exact and cheap: the kept per-company counts. Otherwise the matching devices are
 * counted, up to `cap` when one is given; `total_capped` then says the total is only a floor.
 */
export async function deviceTotal(
  db: Db,
  auth: AuthContext,
  filter: DeviceFilter,
  where: SQL | undefined,
  cap?: number,
): Promise<{ total: number; total_capped: boolean }> {
  if (!narrows(filter))
    return { total: await devicesInView(db, auth, filter.company_id), total_capped: false };
  const matching = db.select({ one: sql`1` }).from(devices).where(where).$dynamic();
  const [row] = await db
    .select({ total: count() })
    .from((cap === undefined ? matching : matching.limit(cap + 1)).as('matching'));
  const counted = row?.total ?? 0;
  return cap !== undefined && counted > cap
    ? { total: cap, total_capped: true }
    : { total: counted, total_capped: false };
}

/**
 * From this many devices in view (and no filter, or a filter that matches at least
 * DEVICE_COUNT_CAP of them), a page is read by walking the sort key's index (the first hundred by
 * name are the index's first hundred entries). Below it, or under a narrow filter, the matching
 * devices are fetched and sorted instead: 10,000 devices sort in about 30 ms, while
 * a walk of the name index for a small subtree can pass most of the fleet before it finds its
 * first hundred (2.2 s for a 10,000-device subtree of a million in bench part 9), because the
 * planner assumes a subtree's devices are spread evenly over the index.
 */
export const INDEX_WALK_MIN_DEVICES = 50_000;

/** The sort keys with an index, as expressions no index serves (the planner must sort). */
const UNINDEXED: Partial<Record<keyof typeof DEVICE_SORTS, SQL>> = {
  id: sql`(${devices.id} + 0)`,
  name: sql`(${devices.name} || '')`,
  serial: sql`(${devices.serial} || '')`,
  company_id: sql`(${devices.companyId} + 0)`,
};

/** ORDER BY of a devices page: the sort keys, then id; by index walk or by sort (see above). */
export function deviceOrder(
  sort: readonly { field: keyof typeof DEVICE_SORTS; descending: boolean }[],
  walk: boolean,
) {
  const keys = [...sort, { field: 'id' as const, descending: false }];
  return keys.map((key) => {
    const column = (!walk && UNINDEXED[key.field]) || DEVICE_SORTS[key.field];
    return key.descending ? desc(column) : asc(column);
  });
}

/**
 * A page of devices. Walking, the sort key's index gives the page directly. Otherwise the page's
 * hundred ids are chosen first among the matching devices (narrow rows: for a subtree, an
 * index-only scan of devices_company_path_idx where the table is vacuumed), then only their
 * rows are read.
 */
export function devicePage(
  db: Db,
  where: SQL | undefined,
  sort: readonly { field: keyof typeof DEVICE_SORTS; descending: boolean }[],
  page: { limit: number; offset: number; walk: boolean },
) {
  const order = deviceOrder(sort, page.walk);
  // The company's name is on `companies`: that sort keeps the join for choosing too.
  if (page.walk || sort.some((key) => key.field === 'company_name')) {
    return selectDevices(db, where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset);
  }
  const ids = db
    .select({ id: devices.id })
    .from(devices)
    .where(where)
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset);
  return selectDevices(db, inArray(devices.id, ids)).orderBy(...order);
}

/** The next batch of the CSV export: matching devices after an id, by id. */
export const exportBatch = (db: Db, where: SQL | undefined, after: number, size: number) =>
  selectDevices(db, and(where, gt(devices.id, after)))
    .orderBy(asc(devices.id))
    .limit(size);

/** The devices of these ids that the caller sees (fewer rows than ids: some are not the caller's). */
export const visibleDevicesByIds = (db: Db, auth: AuthContext, ids: readonly number[]) =>
  selectDevices(db, and(deviceConditions(auth, {}), inArray(devices.id, [...ids])));

const latSql = sql<number>`((${devices.state} #>> '{gps,data,lat}')::float8)`;
const lonSql = sql<number>`((${devices.state} #>> '{gps,data,lon}')::float8)`;

/** The matching devices with a GPS fix, after an id, by id (the map's pages). */
export async function devicePositions(
  db: Db,
  auth: AuthContext,
  filter: DeviceFilter,
  page: { after: number; limit: number },
): Promise<DevicePosition[]> {
  const rows = await db
    .select({
      id: devices.id,
      name: devices.name,
      company_id: devices.companyId,
      status: statusSql,
      lat: latSql,
      lon: lonSql,
    })
    .from(devices)
    .innerJoin(companies, eq(companies.id, devices.companyId))
    .where(
      and(
        deviceConditions(auth, filter),
        gt(devices.id, page.after),
        sql`${latSql} is not null`,
        sql`${lonSql} is not null`,
      ),
    )
    .orderBy(asc(devices.id))
    .limit(page.limit);
  return rows.map((row) => ({ ...row, lat: Number(row.lat), lon: Number(row.lon) }));
}
