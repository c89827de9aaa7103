import {
  connectionLogEntrySchema,
  deviceActivityPeriodSchema,
  deviceFilterSchema,
  deviceStatisticsSchema,
} from '@fleetport/contracts/device-schemas';
import { integerSchema } from '@fleetport/contracts/fields';
import type { Router } from 'express';
import { z } from 'zod';
import type { ApiDeps } from '../../deps.ts';
import { listQuerySchema } from '../../http/list-query.ts';
import type { RouteRegistry } from '../../http/route.ts';
import { activityByPeriod, connectionLog, DEVICE_GROUPINGS, deviceGroups } from './statistics-queries.ts';

/**
 * Device statistics (spec §2 /statistics): the devices the caller sees, counted by one property,
 * under the devices list's filters (so a company or a tag can be looked at alone); the connection
 * manager; monthly statistics and unique devices.
 */
export function registerDeviceStatisticsRoutes(registry: RouteRegistry, router: Router, deps: ApiDeps): void {
  const { db } = deps;

  registry.add(router, {
    method: 'get',
    path: '/statistics/devices',
    summary:
      'The devices the caller sees counted by status, connection type, model or firmware (largest 20 groups, the rest as `other`), under the list filters.',
    tag: 'statistics',
    access: { permission: 'view_statistics' },
    query: deviceFilterSchema.extend({ by: z.enum(DEVICE_GROUPINGS) }),
    response: deviceStatisticsSchema,
    handler: async ({ auth, query }) => {
      const { by, ...filter } = query;
      return { data: await deviceGroups(db, auth, by, filter) };
    },
  });

  registry.add(router, {
    method: 'get',
    path: '/statistics/connections',
    summary:
      'Connection manager (spec §2 Statistics): the connection log of the devices the caller sees, newest first, with spec §8 reasons; `reason` filters.',
    tag: 'statistics',
    access: { permission: 'view_statistics' },
    query: listQuerySchema(['id'] as const, { reason: integerSchema({ min: 0, max: 1000 }).optional() }),
    response: z.array(connectionLogEntrySchema),
    handler: async ({ auth, query }) => {
      const { rows, total } = await connectionLog(db, auth, query);
      return { data: rows, meta: { total } };
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
    response: z.array(deviceActivityPeriodSchema),
    handler: async ({ auth, query }) => ({ data: await activityByPeriod(db, auth, query.by, query.periods) }),
  });
}
