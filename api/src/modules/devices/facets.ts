import { deviceFacetSchema, deviceFacetsQuerySchema } from '@fleetport/contracts/device-schemas';
import type { Router } from 'express';
import { z } from 'zod';
import type { ApiDeps } from '../../deps.ts';
import type { RouteRegistry } from '../../http/route.ts';
import { deviceFacets } from './facet-queries.ts';

/**
 * The values the devices list's model and firmware filters offer (spec §2 /management/devices):
 * those present among the devices the caller sees, with how many devices have each.
 */
export function registerDeviceFacetRoutes(registry: RouteRegistry, router: Router, deps: ApiDeps): void {
  const { db } = deps;

  registry.add(router, {
    method: 'get',
    path: '/devices/facets',
    summary:
      "The models or firmware versions of the devices the caller sees, with their counts, the most common first, under the list's other filters; `search` keeps the values containing it.",
    tag: 'devices',
    access: { permission: 'view_devices' },
    query: deviceFacetsQuerySchema,
    response: z.array(deviceFacetSchema),
    handler: async ({ auth, query }) => {
      const { field, search, limit, ...filter } = query;
      return { data: await deviceFacets(db, auth, field, filter, { search, limit }) };
    },
  });
}
