import { TELEMETRY_CATEGORIES } from '@fleetport/contracts/device-protocol';
import { dataUsageDaySchema, telemetryPointSchema } from '@fleetport/contracts/device-schemas';
import type { MobileCounter } from '@fleetport/contracts/devices';
import { integerSchema } from '@fleetport/contracts/fields';
import type { Router } from 'express';
import { z } from 'zod';
import type { ApiDeps } from '../../deps.ts';
import { idParam, type RouteRegistry } from '../../http/route.ts';
import { findDevice } from './device-queries.ts';
import { dataUsageByDay, MAX_POINTS, METRIC_PERIODS, readings, thin } from './telemetry-queries.ts';

/** A device's monitoring readings: the metrics charts and its mobile data usage. */
export function registerDeviceTelemetryRoutes(registry: RouteRegistry, router: Router, deps: ApiDeps): void {
  const { db } = deps;

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
    response: z.array(telemetryPointSchema),
    handler: async ({ auth, params, query }) => {
      await findDevice(db, auth, params.id);
      const rows = await readings(
        db,
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
    response: z.array(dataUsageDaySchema),
    handler: async ({ auth, params, query }) => {
      await findDevice(db, auth, params.id);
      const rows = await readings(db, params.id, 'dynamic', new Date(Date.now() - query.days * 86_400_000));
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
