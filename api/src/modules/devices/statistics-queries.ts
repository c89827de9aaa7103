import { CONNECTION_REASONS } from '@fleetport/contracts/device-protocol';
import type {
  ConnectionLogEntry,
  DeviceActivityPeriod,
  DeviceFilter,
  DeviceStatistics,
} from '@fleetport/contracts/device-schemas';
import { and, count, desc, eq, gte, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, deviceConnectionLog, devices } from '../../db/schema.ts';
import { contains } from '../../http/list-query.ts';
import type { AuthContext } from '../auth/context.ts';
import { deviceConditions, generationSql, statusSql } from './list-queries.ts';

const CONNECTED = CONNECTION_REASONS.connected;

/** What the device statistics group by (devices by model, status, connection type and firmware). */
export const DEVICE_GROUPINGS = ['status', 'connection_type', 'model', 'firmware'] as const;
/** The largest groups are listed; the rest are summed into `other`. */
export const MAX_GROUPS = 20;

const GROUP_SQL: Record<(typeof DEVICE_GROUPINGS)[number], SQL<string | null>> = {
  status: statusSql,
  connection_type: generationSql,
  model: sql<string | null>`${devices.model}`,
  firmware: sql<string | null>`${devices.firmware}`,
};

/** The devices the caller sees under a filter, counted by one property: the largest groups and the rest. */
export async function deviceGroups(
  db: Db,
  auth: AuthContext,
  by: (typeof DEVICE_GROUPINGS)[number],
  filter: DeviceFilter,
): Promise<DeviceStatistics> {
  const key = GROUP_SQL[by];
  const rows = await db
    .select({ key, count: count() })
    .from(devices)
    .innerJoin(companies, eq(companies.id, devices.companyId))
    .where(deviceConditions(auth, filter))
    .groupBy(key)
    .orderBy(desc(count()), key);
  const total = rows.reduce((sum, row) => sum + row.count, 0);
  const groups = rows.slice(0, MAX_GROUPS);
  return { groups, other: total - groups.reduce((sum, row) => sum + row.count, 0), total };
}

/** The connection log of the devices the caller sees (identities that joined a visible company). */
const visibleLog = (auth: AuthContext, since?: Date) =>
  and(deviceConditions(auth, {}), since ? gte(deviceConnectionLog.createdAt, since) : undefined);

/** A page of the connection log of the caller's devices, newest first (by reason; `q` on serial and name). */
export async function connectionLog(
  db: Db,
  auth: AuthContext,
  query: { reason?: number; q?: string; limit: number; offset: number },
): Promise<{ rows: ConnectionLogEntry[]; total: number }> {
  const where = and(
    visibleLog(auth),
    query.reason === undefined ? undefined : eq(deviceConnectionLog.reason, query.reason),
    query.q
      ? or(ilike(devices.serial, contains(query.q)), ilike(devices.name, contains(query.q)))
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: deviceConnectionLog.id,
        at: deviceConnectionLog.createdAt,
        reason: deviceConnectionLog.reason,
        detail: deviceConnectionLog.detail,
        device_id: devices.id,
        device_name: devices.name,
        serial: devices.serial,
        company_id: devices.companyId,
        company_name: companies.name,
      })
      .from(deviceConnectionLog)
      .innerJoin(devices, eq(devices.identityId, deviceConnectionLog.identityId))
      .innerJoin(companies, eq(companies.id, devices.companyId))
      .where(where)
      .orderBy(desc(deviceConnectionLog.id))
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({ value: count() })
      .from(deviceConnectionLog)
      .innerJoin(devices, eq(devices.identityId, deviceConnectionLog.identityId))
      .innerJoin(companies, eq(companies.id, devices.companyId))
      .where(where),
  ]);
  return { rows: rows.map((row) => ({ ...row, at: row.at.toISOString() })), total: total?.value ?? 0 };
}

/**
 * Per day or month (UTC), the last `periods` of them, oldest first, quiet ones too: the caller's
 * devices that connected (unique), their connections, the refused attempts and the devices added.
 */
export async function activityByPeriod(
  db: Db,
  auth: AuthContext,
  by: 'day' | 'month',
  periods: number,
): Promise<DeviceActivityPeriod[]> {
  const now = new Date();
  const since =
    by === 'day'
      ? new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - periods + 1))
      : new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - periods + 1, 1));
  const unit = sql.raw(`'${by}'`);
  const logPeriod = sql<string>`to_char(date_trunc(${unit}, ${deviceConnectionLog.createdAt} at time zone 'UTC'), 'YYYY-MM-DD')`;
  const addedPeriod = sql<string>`to_char(date_trunc(${unit}, ${devices.createdAt} at time zone 'UTC'), 'YYYY-MM-DD')`;
  const [logged, added] = await Promise.all([
    db
      .select({
        period: logPeriod,
        unique_devices:
          sql<number>`count(distinct ${devices.id}) filter (where ${deviceConnectionLog.reason} = ${CONNECTED})`.mapWith(
            Number,
          ),
        connections:
          sql<number>`count(*) filter (where ${deviceConnectionLog.reason} = ${CONNECTED})`.mapWith(Number),
        refused: sql<number>`count(*) filter (where ${deviceConnectionLog.reason} <> ${CONNECTED})`.mapWith(
          Number,
        ),
      })
      .from(deviceConnectionLog)
      .innerJoin(devices, eq(devices.identityId, deviceConnectionLog.identityId))
      .innerJoin(companies, eq(companies.id, devices.companyId))
      .where(visibleLog(auth, since))
      .groupBy(logPeriod),
    db
      .select({ period: addedPeriod, devices_added: count() })
      .from(devices)
      .innerJoin(companies, eq(companies.id, devices.companyId))
      .where(and(deviceConditions(auth, {}), gte(devices.createdAt, since)))
      .groupBy(addedPeriod),
  ]);
  // Every period of the range, the quiet ones too, oldest first.
  const starts: string[] = [];
  for (let index = 0; index < periods; index += 1) {
    const start =
      by === 'day'
        ? new Date(Date.UTC(since.getUTCFullYear(), since.getUTCMonth(), since.getUTCDate() + index))
        : new Date(Date.UTC(since.getUTCFullYear(), since.getUTCMonth() + index, 1));
    starts.push(start.toISOString().slice(0, 10));
  }
  const byPeriod = new Map(logged.map((row) => [row.period, row]));
  const addedBy = new Map(added.map((row) => [row.period, row.devices_added]));
  return starts.map((period) => ({
    period,
    unique_devices: byPeriod.get(period)?.unique_devices ?? 0,
    connections: byPeriod.get(period)?.connections ?? 0,
    refused: byPeriod.get(period)?.refused ?? 0,
    devices_added: addedBy.get(period) ?? 0,
  }));
}
