import { deviceConfigurationSchema } from '@fleetport/contracts/device-config';
import type { Router } from 'express';
import type { ApiDeps } from '../../deps.ts';
import { idParam, type RouteRegistry } from '../../http/route.ts';
import { templateOfDevice } from '../config-templates/queries.ts';
import { findDevice } from './device-queries.ts';
import { configOf } from './gateway-queries.ts';

/**
 * A device's configuration (issue 22; docs/device-protocol.md "Configuration"): the tree the
 * device reported after its last change or at its last hello, secrets masked by the device, and the template it follows with what differs from it.
 */
export function registerDeviceConfigurationRoutes(
  registry: RouteRegistry,
  router: Router,
  deps: ApiDeps,
): void {
  const { db } = deps;

  registry.add(router, {
    method: 'get',
    path: '/devices/:id/configuration',
    summary:
      "A device's configuration as it last reported it: every section's options (passwords, keys and PINs masked), the revision and who made the last change; null before its first report.",
    tag: 'devices',
    access: { permission: 'view_devices' },
    params: idParam,
    response: deviceConfigurationSchema,
    handler: async ({ auth, params }) => {
      const row = await findDevice(db, auth, params.id);
      const config = await configOf(db, row.device.id);
      return {
        data: {
          device_id: row.device.id,
          revision: config?.revision ?? null,
          changed_by: config?.changedBy ?? null,
          reported_at: config?.reportedAt.toISOString() ?? null,
          config: config?.config ?? null,
          template: await templateOfDevice(db, row.device.id, config?.config ?? null),
        },
      };
    },
  });
}
