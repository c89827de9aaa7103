import { deviceBackupSchema } from '@fleetport/contracts/device-backups';
import { INT4_MAX, integerSchema } from '@fleetport/contracts/fields';
import type { Router } from 'express';
import { z } from 'zod';
import type { ApiDeps } from '../../deps.ts';
import { idParam, type RouteRegistry } from '../../http/route.ts';
import { backupsOfDevice } from './backup-queries.ts';
import { findDevice } from './device-queries.ts';

/**
 * A device's backups (issue 22 "Take a backup", spec §2 Export backup): the configuration
 * archives it uploaded, stored as backup files of its company (tasks/device-uploads.ts). A backup
 * is taken with POST /devices/{id}/actions `backup` (one device) or a `backup.upload` task group
 * (many); its bytes come with GET /files/{id}/download.
 */
export function registerDeviceBackupRoutes(registry: RouteRegistry, router: Router, deps: ApiDeps): void {
  const { db } = deps;

  registry.add(router, {
    method: 'get',
    path: '/devices/:id/backups',
    summary:
      "A device's backups, newest first: each file's name, size, the configuration revision it holds, who asked for it and which task took it.",
    tag: 'devices',
    access: { permission: 'view_devices' },
    params: idParam,
    query: z.object({
      limit: integerSchema({ min: 1, max: 100 }).default(25),
      offset: integerSchema({ min: 0, max: INT4_MAX }).default(0),
    }),
    response: z.array(deviceBackupSchema),
    handler: async ({ auth, params, query }) => {
      const row = await findDevice(db, auth, params.id);
      const { rows, total } = await backupsOfDevice(db, auth, row.device.id, query);
      return { data: rows, meta: { total } };
    },
  });
}
