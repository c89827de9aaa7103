import { idSchema, textSchema } from '@fleetport/contracts/fields';
import { and, eq } from 'drizzle-orm';
import type { Router } from 'express';
import { z } from 'zod';
import { deviceNotes, devices } from '../../db/schema.ts';
import type { ApiDeps } from '../../deps.ts';
import { notFound } from '../../http/errors.ts';
import { idParam, type RouteRegistry } from '../../http/route.ts';
import { findDevice } from './list.ts';

/** Spec §2 "Device custom box": a title and up to 20 labelled values. */
export const customBoxSchema = z.object({
  title: textSchema().min(1, 'Give the box a title.').max(60),
  fields: z
    .array(
      z.object({
        label: textSchema().min(1, 'Each line needs a label.').max(60),
        value: textSchema({ multiline: true }).max(500),
      }),
    )
    .max(20, 'A box holds at most 20 lines.'),
});
export type CustomBox = z.infer<typeof customBoxSchema>;

/**
 * Notes on a device (spec §2 "New note"), shown in its activity, and its custom box (spec §2
 * "Device custom box"). Both are written with manage_devices on a device the caller sees.
 */
export function registerDeviceNotes(registry: RouteRegistry, router: Router, deps: ApiDeps): void {
  const { db } = deps;

  registry.add(router, {
    method: 'post',
    path: '/devices/:id/notes',
    summary: 'Leaves a note on a device; it shows in the device activity with its author.',
    tag: 'devices',
    access: { permission: 'manage_devices' },
    params: idParam,
    body: z.object({ body: textSchema({ multiline: true }).min(1, 'Write the note.').max(2000) }),
    response: z.object({ id: z.number() }),
    handler: async ({ auth, params, body }) => {
      const row = await findDevice(db, auth, params.id);
      const [note] = await db
        .insert(deviceNotes)
        .values({ deviceId: row.device.id, userId: auth.userId, body: body.body })
        .returning({ id: deviceNotes.id });
      return {
        status: 201,
        data: { id: note?.id ?? 0 },
        audit: {
          entity: 'device',
          entityId: String(row.device.id),
          companyId: row.device.companyId,
          after: body,
        },
      };
    },
  });

  registry.add(router, {
    method: 'delete',
    path: '/devices/:id/notes/:note',
    summary: 'Deletes a note of a device.',
    tag: 'devices',
    access: { permission: 'manage_devices' },
    params: idParam.extend({ note: idSchema }),
    response: z.null(),
    handler: async ({ auth, params }) => {
      const row = await findDevice(db, auth, params.id);
      const [gone] = await db
        .delete(deviceNotes)
        .where(and(eq(deviceNotes.id, params.note), eq(deviceNotes.deviceId, row.device.id)))
        .returning();
      if (!gone) throw notFound('The note was not found.');
      return {
        data: null,
        audit: {
          entity: 'device',
          entityId: String(row.device.id),
          companyId: row.device.companyId,
          before: { note: gone.body },
        },
      };
    },
  });

  registry.add(router, {
    method: 'put',
    path: '/devices/:id/custom',
    summary: "Sets a device's custom box (a title and up to 20 labelled values), or clears it with null.",
    tag: 'devices',
    access: { permission: 'manage_devices' },
    params: idParam,
    body: z.object({ custom: customBoxSchema.nullable() }),
    response: z.object({ custom: customBoxSchema.nullable() }),
    handler: async ({ auth, params, body }) => {
      const row = await findDevice(db, auth, params.id);
      await db.update(devices).set({ custom: body.custom }).where(eq(devices.id, row.device.id));
      return {
        data: { custom: body.custom },
        audit: {
          entity: 'device',
          entityId: String(row.device.id),
          companyId: row.device.companyId,
          before: { custom: row.device.custom },
          after: body,
        },
      };
    },
  });
}
