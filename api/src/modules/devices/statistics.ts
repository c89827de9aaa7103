import { CONNECTION_REASONS } from '@fleetport/contracts/device-protocol';
import { deviceFilterSchema } from '@fleetport/contracts/device-requests';
import { integerSchema } from '@fleetport/contracts/fields';
import { and, count, desc, eq, gte, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Router } from 'express';
import { z } from 'zod';
import { companies, deviceConnectionLog, devices } from '../../db/schema.ts';
import type { ApiDeps } from '../../deps.ts';
import { contains, listQuerySchema } from '../../http/list-query.ts';
import type { RouteRegistry } from '../../http/route.ts';
import { deviceConditions, generationSql, statusSql } from './list.ts';

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

/**
 * Device statistics (spec §2 /statistics): the devices the caller sees, counted by one property,
 * under the devices list's filters (so a company or a tag can be looked at alone).
 */
export function registerDeviceStatistics(registry: RouteRegistry, router: Router, deps: ApiDeps): void {
  const { db } = deps;
  registry.add(router, {
    method: 'get',
    path: '/statistics/devices',
    summary:
      'The devices the caller sees counted by status, connection type, model or firmware (largest 20 groups, the rest as `other`), under the list filters.',
    tag: 'statistics',
    access: { permission: 'view_statistics' },
    query: deviceFilterSchema.extend({ by: z.enum(DEVICE_GROUPINGS) }),
    response: z.object({
      groups: z.array(z.object({ key: z.string().nullable(), count: z.number() })),
      other: z.number(),
      total: z.number(),
    }),
    handler: async ({ auth, query }) => {
      const { by, ...filter } = query;
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
      return {
        data: { groups, other: total - groups.reduce((sum, row) => sum + row.count, 0), total },
      };
    },
  });

  /** The connection log of the devices the caller sees (identities that joined a visible company). */
  const visibleLog = (auth: Parameters<typeof deviceConditions>[0], since?: Date) =>
    and(deviceConditions(auth, {}), since ? gte(deviceConnectionLog.createdAt, since) : undefined);
  const fromLog = () =>
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
      .$dynamic();

  registry.add(router, {
    method: 'get',
    path: '/statistics/connections',
    summary:
      'Connection manager (spec §2 Statistics): the connection log of the devices the caller sees, newest first, with spec §8 reasons; `reason` filters.',
    tag: 'statistics',
    access: { permission: 'view_statistics' },
    query: listQuerySchema(['id'] as const, { reason: integerSchema({ min: 0, max: 1000 }).optional() }),
    response: z.array(
      z.object({
        id: z.number(),
        at: z.string(),
        reason: z.number(),
        detail: z.string().nullable(),
        device_id: z.number(),
        device_name: z.string(),
        serial: z.string(),
        company_id: z.number(),
        company_name: z.string(),
      }),
    ),
    handler: async ({ auth, query }) => {
      const where = and(
        visibleLog(auth),
        query.reason === undefined ? undefined : eq(deviceConnectionLog.reason, query.reason),
        query.q
          ? or(ilike(devices.serial, contains(query.q)), ilike(devices.name, contains(query.q)))
          : undefined,
      );
      const [rows, [total]] = await Promise.all([
        fromLog().where(where).orderBy(desc(deviceConnectionLog.id)).limit(query.limit).offset(query.offset),
        db
          .select({ value: count() })
          .from(deviceConnectionLog)
          .innerJoin(devices, eq(devices.identityId, deviceConnectionLog.identityId))
          .innerJoin(companies, eq(companies.id, devices.companyId))
          .where(where),
      ]);
      return {
        data: rows.map((row) => ({ ...row, at: row.at.toISOString() })),
        meta: { total: total?.value ?? 0 },
      };
    },
  });

  registry.add(router, {
    method: 'get',
    path: '/statistics/activity',
    summary:
      'Monthly statistics and unique devices (spec §2 Statistics): per day or month (UTC), the devices the caller sees that connected (unique), their connections, the refused attempts and the devices added.',
    tag: 'statistics',
    access: { permission: 'view_statistics' },
    query: z.object({
      by: z.enum(['day', 'month']).default('month'),
      /** How many days or months back, the current one included. */
      periods: integerSchema({ min: 1, max: 366 }).default(12),
    }),
    response: z.array(
      z.object({
        period: z.string(),
        unique_devices: z.number(),
        connections: z.number(),
        refused: z.number(),
        devices_added: z.number(),
      }),
    ),
    handler: async ({ auth, query }) => {
      const now = new Date();
      const since =
        query.by === 'day'
          ? new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - query.periods + 1))
          : new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - query.periods + 1, 1));
      const unit = sql.raw(`'${query.by}'`);
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
              sql<number>`count(*) filter (where ${deviceConnectionLog.reason} = ${CONNECTED})`.mapWith(
                Number,
              ),
            refused:
              sql<number>`count(*) filter (where ${deviceConnectionLog.reason} <> ${CONNECTED})`.mapWith(
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
      const periods: string[] = [];
      for (let index = 0; index < query.periods; index += 1) {
        const start =
          query.by === 'day'
            ? new Date(Date.UTC(since.getUTCFullYear(), since.getUTCMonth(), since.getUTCDate() + index))
            : new Date(Date.UTC(since.getUTCFullYear(), since.getUTCMonth() + index, 1));
        periods.push(start.toISOString().slice(0, 10));
      }
      const byPeriod = new Map(logged.map((row) => [row.period, row]));
      const addedBy = new Map(added.map((row) => [row.period, row.devices_added]));
      return {
        data: periods.map((period) => ({
          period,
          unique_devices: byPeriod.get(period)?.unique_devices ?? 0,
          connections: byPeriod.get(period)?.connections ?? 0,
          refused: byPeriod.get(period)?.refused ?? 0,
          devices_added: addedBy.get(period) ?? 0,
        })),
      };
    },
  });
}
