import { deviceActivityEntrySchema } from '@fleetport/contracts/audit';
import { firmwareChangeSchema } from '@fleetport/contracts/device-schemas';
import { ISO_TIME_MAX_LENGTH, integerSchema } from '@fleetport/contracts/fields';
import type { Router } from 'express';
import { z } from 'zod';
import type { ApiDeps } from '../../deps.ts';
import { idParam, type RouteRegistry } from '../../http/route.ts';
import { deviceActivity, firmwareHistory } from './activity-queries.ts';
import { findDevice } from './device-queries.ts';

/** A device's history: its update history and its activity (connections, actions, notes). */
export function registerDeviceActivityRoutes(registry: RouteRegistry, router: Router, deps: ApiDeps): void {
  const { db } = deps;

  registry.add(router, {
    method: 'get',
    path: '/devices/:id/firmware-history',
    summary:
      'A device\'s update history (spec §2 "View update history"), newest first: each firmware it came back on, the version it ran before (none on its first connection) and when.',
    tag: 'devices',
    access: { permission: 'view_devices' },
    params: idParam,
    response: z.array(firmwareChangeSchema),
    handler: async ({ auth, params }) => {
      const row = await findDevice(db, auth, params.id);
      return { data: await firmwareHistory(db, row.device.id) };
    },
  });

  registry.add(router, {
    method: 'get',
    path: '/devices/:id/activity',
    summary:
      "A device's activity, newest first: its connection log (spec §8 reasons), the actions taken on it (audit entries with their event type, who by name and how a command ended; bulk actions that included it too) and the notes left on it.",
    tag: 'devices',
    access: { permission: 'view_devices' },
    params: idParam,
    query: z.object({
      limit: integerSchema({ min: 1, max: 100 }).default(50),
      before: z.iso.datetime({ offset: true }).max(ISO_TIME_MAX_LENGTH).optional(),
    }),
    response: z.array(deviceActivityEntrySchema),
    handler: async ({ auth, params, query }) => {
      const row = await findDevice(db, auth, params.id);
      const before = query.before ? new Date(query.before) : undefined;
      return { data: await deviceActivity(db, row.device, { limit: query.limit, before }) };
    },
  });
}
