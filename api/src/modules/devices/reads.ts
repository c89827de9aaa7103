import { csvLine } from '@fleetport/contracts/csv';
import { TELEMETRY_CATEGORIES } from '@fleetport/contracts/device-protocol';
import { deviceFilterSchema } from '@fleetport/contracts/device-requests';
import { counterSteps, type MobileCounter } from '@fleetport/contracts/devices';
import { INT4_MAX, integerSchema } from '@fleetport/contracts/fields';
import { MAP_BATCH_SIZE } from '@fleetport/contracts/limits';
import { and, asc, desc, eq, gt, gte, lt, sql } from 'drizzle-orm';
import type { Router } from 'express';
import { z } from 'zod';
import {
  auditLog,
  companies,
  deviceConnectionLog,
  deviceFirmwareHistory,
  deviceNotes,
  devices,
  deviceTelemetry,
  users,
} from '../../db/schema.ts';
import type { ApiDeps } from '../../deps.ts';
import { idParam, type RouteRegistry } from '../../http/route.ts';
import {
  DEVICE_FIELDS,
  type DeviceRow,
  deviceConditions,
  findDevice,
  selectDevices,
  statusSql,
  toDeviceRows,
} from './list.ts';
import { DEVICE_STATUSES } from './status.ts';

/** The periods the metrics charts offer ("selectable periods"). */
export const METRIC_PERIODS = {
  '1h': 3_600_000,
  '24h': 86_400_000,
  '7d': 604_800_000,
  '30d': 2_592_000_000,
} as const;
/** A chart gets at most this many points; a longer history is thinned evenly. */
export const MAX_POINTS = 600;
const EXPORT_BATCH = 500;
/** Spec §9 map clusters: markers are added in batches of 2000, and the map reads them so. */
export const POSITION_BATCH = MAP_BATCH_SIZE;

const latSql = sql<number>`((${devices.state} #>> '{gps,data,lat}')::float8)`;
const lonSql = sql<number>`((${devices.state} #>> '{gps,data,lon}')::float8)`;

/** The export's columns: the list's fields, tags as their names. Headers are the API's field names, so a file re-imports. */
const EXPORT_FIELDS = DEVICE_FIELDS.filter((field) => field !== 'description');

function exportValue(row: DeviceRow, field: (typeof EXPORT_FIELDS)[number]) {
  if (field === 'tags') return row.tags.map((tag) => tag.name).join('; ');
  return row[field];
}

/** Evenly thinned to at most `max` items, keeping the first and the last. */
export function thin<T>(items: readonly T[], max: number): T[] {
  if (items.length <= max) return [...items];
  const step = (items.length - 1) / (max - 1);
  return Array.from({ length: max }, (_, index) => items[Math.round(index * step)] as T);
}

/** Data used per SIM per day (UTC), from the dynamic readings' counters (`counterSteps`). */
export function dataUsageByDay(
  readings: readonly { at: Date; mobile: readonly MobileCounter[] }[],
): { day: string; sim: number; rx_bytes: number; tx_bytes: number }[] {
  const days = new Map<string, { day: string; sim: number; rx_bytes: number; tx_bytes: number }>();
  for (const step of counterSteps(readings)) {
    const day = step.reading.at.toISOString().slice(0, 10);
    const key = `${day}/${step.sim}`;
    const entry = days.get(key) ?? { day, sim: step.sim, rx_bytes: 0, tx_bytes: 0 };
    entry.rx_bytes += step.rx_bytes;
    entry.tx_bytes += step.tx_bytes;
    days.set(key, entry);
  }
  return [...days.values()].sort((a, b) => a.day.localeCompare(b.day) || a.sim - b.sim);
}

const activitySchema = z.object({
  id: z.string(),
  at: z.string(),
  kind: z.enum(['connection', 'action', 'note']),
  reason: z.number().optional(),
  detail: z.string().nullable().optional(),
  action: z.string().optional(),
  user_id: z.number().nullable().optional(),
  /** Who did it or wrote it (an action, a note). */
  user_email: z.string().nullable().optional(),
  /** A note's id, for deleting it. */
  note_id: z.number().optional(),
});

/**
 * Device reads beyond the list: the streamed CSV export of every matching device, a
 * device's activity (connection log and actions), its metrics history and its data usage.
 * Registered before `/devices/:id`, so `export` is not read as an id.
 */
export function registerDeviceReads(registry: RouteRegistry, router: Router, deps: ApiDeps): void {
  const { db } = deps;

  /** A device's readings of a category since a time, oldest first. */
  const readings = (deviceId: number, category: string, since: Date) =>
    db
      .select({ at: deviceTelemetry.at, data: deviceTelemetry.data })
      .from(deviceTelemetry)
      .where(
        and(
          eq(deviceTelemetry.deviceId, deviceId),
          eq(deviceTelemetry.category, category),
          gte(deviceTelemetry.at, since),
        ),
      )
      .orderBy(asc(deviceTelemetry.at));

  registry.add(router, {
    method: 'get',
    path: '/devices/export',
    summary:
      'Every device matching the filters, as CSV, streamed in batches (no row limit); the columns are the list fields.',
    tag: 'devices',
    access: { permission: 'view_devices' },
    query: deviceFilterSchema,
    produces: 'text/csv',
    handler: async ({ auth, query, res }) => {
      const where = deviceConditions(auth, query);
      const nextBatch = (after: number) =>
        selectDevices(db, and(where, gt(devices.id, after)))
          .orderBy(asc(devices.id))
          .limit(EXPORT_BATCH);
      // The query is validated and its first batch read before the first byte: until then, a
      // refused filter or a failing query still gets its own status (422, 500), not a cut file.
      let batch = await nextBatch(0);
      res.status(200);
      res.setHeader('content-type', 'text/csv; charset=utf-8');
      res.setHeader('content-disposition', 'attachment; filename="devices.csv"');
      res.setHeader('cache-control', 'no-store');
      res.write(`\uFEFF${csvLine(EXPORT_FIELDS)}`);
      let after = 0;
      for (;;) {
        if (after > 0) batch = await nextBatch(after);
        if (batch.length === 0) break;
        const rows = await toDeviceRows(db, batch);
        const text = rows
          .map((row) => csvLine(EXPORT_FIELDS.map((field) => exportValue(row, field))))
          .join('');
        if (!res.write(text)) await new Promise((resolve) => res.once('drain', resolve));
        after = batch[batch.length - 1]?.device.id ?? after;
        if (batch.length < EXPORT_BATCH || res.destroyed) break;
      }
      res.end();
      return undefined;
    },
  });

  registry.add(router, {
    method: 'get',
    path: '/devices/positions',
    summary:
      "Where the matching devices are (their last GPS fix), for the map: pages of up to 2000 by id; meta.next is the next page's `after`.",
    tag: 'devices',
    access: { permission: 'view_devices' },
    query: deviceFilterSchema.extend({
      after: integerSchema({ min: 0, max: INT4_MAX }).default(0),
      limit: integerSchema({ min: 1, max: POSITION_BATCH }).default(POSITION_BATCH),
    }),
    response: z.array(
      z.object({
        id: z.number(),
        name: z.string(),
        company_id: z.number(),
        status: z.enum(DEVICE_STATUSES),
        lat: z.number(),
        lon: z.number(),
      }),
    ),
    handler: async ({ auth, query }) => {
      const { after, limit, ...filter } = query;
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
            gt(devices.id, after),
            sql`${latSql} is not null`,
            sql`${lonSql} is not null`,
          ),
        )
        .orderBy(asc(devices.id))
        .limit(limit);
      const last = rows.at(-1);
      return {
        data: rows.map((row) => ({ ...row, lat: Number(row.lat), lon: Number(row.lon) })),
        meta: { next: rows.length === limit && last ? last.id : null },
      };
    },
  });

  registry.add(router, {
    method: 'get',
    path: '/devices/:id/firmware-history',
    summary:
      'A device\'s update history (spec §2 "View update history"), newest first: each firmware it came back on, the version it ran before (none on its first connection) and when.',
    tag: 'devices',
    access: { permission: 'view_devices' },
    params: idParam,
    response: z.array(
      z.object({
        id: z.number(),
        from_version: z.string().nullable(),
        to_version: z.string(),
        at: z.string(),
      }),
    ),
    handler: async ({ auth, params }) => {
      const row = await findDevice(db, auth, params.id);
      const rows = await db
        .select()
        .from(deviceFirmwareHistory)
        .where(eq(deviceFirmwareHistory.deviceId, row.device.id))
        .orderBy(desc(deviceFirmwareHistory.id))
        .limit(100);
      return {
        data: rows.map((entry) => ({
          id: entry.id,
          from_version: entry.fromVersion,
          to_version: entry.toVersion,
          at: entry.at.toISOString(),
        })),
      };
    },
  });

  registry.add(router, {
    method: 'get',
    path: '/devices/:id/activity',
    summary:
      "A device's activity, newest first: its connection log (spec §8 reasons), the actions taken on it and the notes left on it.",
    tag: 'devices',
    access: { permission: 'view_devices' },
    params: idParam,
    query: z.object({
      limit: integerSchema({ min: 1, max: 100 }).default(50),
      before: z.iso.datetime({ offset: true }).optional(),
    }),
    response: z.array(activitySchema),
    handler: async ({ auth, params, query }) => {
      const row = await findDevice(db, auth, params.id);
      const before = query.before ? new Date(query.before) : undefined;
      const [connections, actions, notes] = await Promise.all([
        db
          .select()
          .from(deviceConnectionLog)
          .where(
            and(
              eq(deviceConnectionLog.identityId, row.device.identityId),
              before ? lt(deviceConnectionLog.createdAt, before) : undefined,
            ),
          )
          .orderBy(desc(deviceConnectionLog.id))
          .limit(query.limit),
        db
          .select()
          .from(auditLog)
          .where(
            and(
              eq(auditLog.entity, 'device'),
              eq(auditLog.entityId, String(params.id)),
              before ? lt(auditLog.at, before) : undefined,
            ),
          )
          .orderBy(desc(auditLog.id))
          .limit(query.limit),
        db
          .select({ note: deviceNotes, email: users.email })
          .from(deviceNotes)
          .leftJoin(users, eq(users.id, deviceNotes.userId))
          .where(
            and(eq(deviceNotes.deviceId, params.id), before ? lt(deviceNotes.createdAt, before) : undefined),
          )
          .orderBy(desc(deviceNotes.id))
          .limit(query.limit),
      ]);
      const events = [
        ...connections.map((entry) => ({
          id: `c${entry.id}`,
          at: entry.createdAt.toISOString(),
          kind: 'connection' as const,
          reason: entry.reason,
          detail: entry.detail,
        })),
        ...actions.map((entry) => ({
          id: `a${entry.id}`,
          at: entry.at.toISOString(),
          kind: 'action' as const,
          action: entry.action,
          user_id: entry.actorUserId ?? entry.userId,
        })),
        ...notes.map(({ note, email }) => ({
          id: `n${note.id}`,
          at: note.createdAt.toISOString(),
          kind: 'note' as const,
          detail: note.body,
          user_id: note.userId,
          user_email: email,
          note_id: note.id,
        })),
      ];
      events.sort((a, b) => b.at.localeCompare(a.at));
      return { data: events.slice(0, query.limit) };
    },
  });

  registry.add(router, {
    method: 'get',
    path: '/devices/:id/telemetry',
    summary:
      "A device's readings of one monitoring category over a period, oldest first, thinned to at most 600 points.",
    tag: 'devices',
    access: { permission: 'view_devices' },
    params: idParam,
    query: z.object({
      category: z.enum(TELEMETRY_CATEGORIES),
      period: z.enum(Object.keys(METRIC_PERIODS) as [keyof typeof METRIC_PERIODS]).default('24h'),
    }),
    response: z.array(z.object({ at: z.string(), data: z.record(z.string(), z.unknown()) })),
    handler: async ({ auth, params, query }) => {
      await findDevice(db, auth, params.id);
      const rows = await readings(
        params.id,
        query.category,
        new Date(Date.now() - METRIC_PERIODS[query.period]),
      );
      return {
        data: thin(rows, MAX_POINTS).map((row) => ({
          at: row.at.toISOString(),
          data: row.data as Record<string, unknown>,
        })),
      };
    },
  });

  registry.add(router, {
    method: 'get',
    path: '/devices/:id/data-usage',
    summary:
      'Mobile data used per SIM per day (UTC) over the last days, from the counters the device reports.',
    tag: 'devices',
    access: { permission: 'view_devices' },
    params: idParam,
    query: z.object({ days: integerSchema({ min: 1, max: 90 }).default(30) }),
    response: z.array(
      z.object({ day: z.string(), sim: z.number(), rx_bytes: z.number(), tx_bytes: z.number() }),
    ),
    handler: async ({ auth, params, query }) => {
      await findDevice(db, auth, params.id);
      const rows = await readings(params.id, 'dynamic', new Date(Date.now() - query.days * 86_400_000));
      return {
        data: dataUsageByDay(
          rows.map((row) => ({
            at: row.at,
            mobile: (row.data as { mobile?: MobileCounter[] }).mobile ?? [],
          })),
        ),
      };
    },
  });
}
