import { devicePasswordsSentSchema, generatedPasswordsSchema } from '@fleetport/contracts/device-schemas';
import { DEVICE_PASSWORD_LENGTH, MAX_BULK_IDS } from '@fleetport/contracts/devices';
import { idSchema, integerSchema } from '@fleetport/contracts/fields';
import { GENERATED_PASSWORD_LENGTH, generatePassword } from '@fleetport/contracts/password';
import { DEVICE_ACTION_DEADLINE_HOURS } from '@fleetport/contracts/tasks';
import type { Router } from 'express';
import { z } from 'zod';
import type { ApiDeps } from '../../deps.ts';
import { forbidden } from '../../http/errors.ts';
import type { RouteRegistry } from '../../http/route.ts';
import { visibleDevicesByIds } from './list-queries.ts';

/** A device password the console sets: printable, 8–128 characters (the generator makes 16). */
const devicePassword = z
  .string()
  .min(DEVICE_PASSWORD_LENGTH.min, `A device password has at least ${DEVICE_PASSWORD_LENGTH.min} characters.`)
  .max(DEVICE_PASSWORD_LENGTH.max)
  .regex(/^[\x21-\x7e]+$/, 'A device password is printable characters without spaces.');

/**
 * Spec §2 "Password manager": generate 16-character passwords, and set passwords on devices. A
 * password goes to the device once (config.write of its admin user), as a task of the task engine:
 * it waits for an offline device (a day), sealed with its task and forgotten the moment the task
 * ends; it is never logged or audited (the audit keeps which devices were changed). Each device's
 * progress is live on the company's tasks channel.
 */
export function registerDevicePasswordRoutes(registry: RouteRegistry, router: Router, deps: ApiDeps): void {
  const { db } = deps;

  registry.add(router, {
    method: 'post',
    path: '/devices/passwords/generate',
    summary: 'Generates strong device passwords (spec §9: 16 characters), one per device asked for.',
    tag: 'devices',
    access: { permission: 'manage_devices' },
    event: 'device.password_generate',
    body: z.object({ count: integerSchema({ min: 1, max: MAX_BULK_IDS }).default(1) }),
    response: generatedPasswordsSchema,
    handler: ({ body }) => ({
      data: {
        passwords: Array.from({ length: body.count }, () => generatePassword(GENERATED_PASSWORD_LENGTH)),
      },
    }),
  });

  registry.add(router, {
    method: 'post',
    path: '/devices/passwords/set',
    summary:
      "Sets the admin password of each device given (the caller's devices only), as one task group: sent now, or when an offline device connects (within a day); each device's progress is live on the company's tasks channel.",
    tag: 'devices',
    access: { permission: 'manage_devices' },
    event: 'device.password_set',
    body: z.object({
      devices: z
        .array(z.object({ id: idSchema, password: devicePassword }))
        .min(1, 'Choose at least one device.')
        .max(MAX_BULK_IDS)
        .refine(
          (rows) => new Set(rows.map((row) => row.id)).size === rows.length,
          'A device is listed twice.',
        ),
    }),
    response: devicePasswordsSentSchema,
    handler: async ({ auth, body }) => {
      const ids = body.devices.map((row) => row.id);
      const rows = await visibleDevicesByIds(db, auth, ids);
      // Naming a device one may not see is refused whole: nothing is sent.
      if (rows.length !== ids.length) throw forbidden();
      const passwordOf = new Map(body.devices.map((row) => [row.id, row.password]));
      const { group, tasks } = await deps.tasks.createPasswordGroup({
        devices: rows.map(({ device }) => ({
          id: device.id,
          companyId: device.companyId,
          password: passwordOf.get(device.id) as string,
        })),
        createdBy: auth.userId,
        companyId: auth.companyId,
        deadlineHours: DEVICE_ACTION_DEADLINE_HOURS.password,
      });
      const connected = new Set(rows.filter(({ device }) => device.connected).map(({ device }) => device.id));
      return {
        status: 201,
        data: {
          group_id: group.id,
          tasks: tasks.map((task) => ({
            device_id: task.deviceId,
            task_id: task.taskId,
            connected: connected.has(task.deviceId),
          })),
          offline: rows.length - connected.size,
        },
        audit: { entity: 'device_passwords', entityId: 'set', after: { devices: ids } },
      };
    },
  });
}
