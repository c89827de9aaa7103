import {
  type RestorePreview,
  restoreBackupSchema,
  restorePreviewSchema,
} from '@fleetport/contracts/device-backups';
import { idSchema } from '@fleetport/contracts/fields';
import { DEVICE_ACTION_DEADLINE_HOURS, deviceTaskStartedSchema } from '@fleetport/contracts/tasks';
import type { Router } from 'express';
import { z } from 'zod';
import { filesDir } from '../../config.ts';
import type { ApiDeps } from '../../deps.ts';
import { fieldError } from '../../http/errors.ts';
import { idParam, type RouteRegistry } from '../../http/route.ts';
import { FileStore } from '../files/store.ts';
import { startDeviceTask } from './actions.ts';
import { planRestore } from './restore-plan.ts';

/**
 * Restore a backup to a device (issue 22 "Upload backup": Restore, Upload to device): what it
 * would change first (the diff against the device's reported configuration, and what stands in
 * the way), then a one-device config.write task that brings the device to the backup's tree,
 * secrets included (sealed with the task by the engine). The backup is any backup file the
 * caller sees: the device's own, another device's of its model family, or one uploaded from a
 * computer.
 */
export function registerDeviceRestoreRoutes(registry: RouteRegistry, router: Router, deps: ApiDeps): void {
  const { db } = deps;
  const store = new FileStore(filesDir(deps.config));

  registry.add(router, {
    method: 'get',
    path: '/devices/:id/restore-preview',
    summary:
      "What restoring a backup file to the device would change: each setting, the device's value and the backup's (secrets only as the mask), the repeated sections removed, the backup's serial, model and revision, and the problems (another model family, a section the device cannot take, no configuration reported yet).",
    tag: 'devices',
    access: { permission: 'view_devices' },
    params: idParam,
    query: z.object({ file_id: idSchema }),
    response: restorePreviewSchema,
    statuses: {
      403: 'the device or the file is not one the caller sees (alike for a missing one), or no view_files',
      422: 'the file is not a backup, or not a valid backup archive (INVALID_BACKUP), at file_id',
    },
    handler: async ({ auth, params, query }) => {
      const plan = await planRestore(db, store, auth, params.id, query.file_id);
      const data: RestorePreview = plan.preview;
      return { data };
    },
  });

  registry.add(router, {
    method: 'post',
    path: '/devices/:id/restore',
    summary:
      'Restores a backup file to the device as a one-device config.write task: every section of the backup with its options (secrets included, kept only sealed with the task), the repeated sections the backup lacks removed, applied by the device all at once or refused with its reason; rolled back after `rollback_s` if it cuts the device off.',
    tag: 'devices',
    access: { permission: 'manage_devices' },
    event: 'device.restore',
    params: idParam,
    body: restoreBackupSchema,
    response: deviceTaskStartedSchema,
    statuses: {
      403: 'the device or the file is not one the caller sees (alike for a missing one), or no view_files',
      422: 'at file_id: not a backup, not a valid archive, a backup of another model family, a section the device cannot take, or nothing to change',
    },
    handler: async ({ auth, params, body }) => {
      const plan = await planRestore(db, store, auth, params.id, body.file_id);
      if (plan.refusal) throw fieldError('file_id', plan.refusal);
      const { preview } = plan;
      return startDeviceTask(
        deps,
        auth,
        params.id,
        {
          action: 'config.write',
          changes: plan.changes,
          rollback_s: body.rollback_s,
          device_ids: [params.id],
          deadline_hours: DEVICE_ACTION_DEADLINE_HOURS.config,
        },
        // The history names the backup and its revision, never a value (a key, a password).
        {
          file_id: preview.file_id,
          name: preview.file_name,
          revision: preview.backup.revision,
          serial: preview.backup.serial,
          sections: Object.keys(plan.changes),
        },
      );
    },
  });
}
