import { deviceFilterSchema } from '@fleetport/contracts/device-requests';
import { count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Router } from 'express';
import { z } from 'zod';
import { companies, devices } from '../../db/schema.ts';
import type { ApiDeps } from '../../deps.ts';
import type { RouteRegistry } from '../../http/route.ts';
import { deviceConditions, generationSql, statusSql } from './list.ts';

/** What the device statistics group by (issue 6: devices by model, status, connection type and firmware). */
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
}
