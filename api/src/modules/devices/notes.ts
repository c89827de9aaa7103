import {
  customBoxSchema,
  deviceCustomSchema,
  newDeviceNoteSchema,
} from '@fleetport/contracts/device-schemas';
import { NOTE_MAX_LENGTH } from '@fleetport/contracts/devices';
import { idSchema, textSchema } from '@fleetport/contracts/fields';
import type { Router } from 'express';
import { z } from 'zod';
import type { ApiDeps } from '../../deps.ts';
import { notFound } from '../../http/errors.ts';
import { idParam, type RouteRegistry } from '../../http/route.ts';
import { findDevice } from './device-queries.ts';
import { addNote, deleteNote, setCustomBox } from './notes-queries.ts';

/**
 * Notes on a device (spec §2 "New note"), shown in its activity, and its custom box (spec §2
 * "Device custom box"). Both are written with manage_devices on a device the caller sees.
 */
export function registerDeviceNoteRoutes(registry: RouteRegistry, router: Router, deps: ApiDeps): void {
  const { db } = deps;

  registry.add(router, {
    method: 'post',
    path: '/devices/:id/notes',
    summary: 'Leaves a note on a device; it shows in the device activity with its author.',
    tag: 'devices',
    access: { permission: 'manage_devices' },
    event: 'device.note_add',
    params: idParam,
    body: z.object({ body: textSchema({ multiline: true }).min(1, 'Write the note.').max(NOTE_MAX_LENGTH) }),
    response: newDeviceNoteSchema,
    handler: async ({ auth, params, body }) => {
      const row = await findDevice(db, auth, params.id);
      const id = await addNote(db, { deviceId: row.device.id, userId: auth.userId, body: body.body });
      return {
        status: 201,
        data: { id },
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
    event: 'device.note_delete',
    params: idParam.extend({ note: idSchema }),
    response: z.null(),
    handler: async ({ auth, params }) => {
      const row = await findDevice(db, auth, params.id);
      const gone = await deleteNote(db, row.device.id, params.note);
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
    event: 'device.custom',
    params: idParam,
    body: z.object({ custom: customBoxSchema.nullable() }),
    response: deviceCustomSchema,
    handler: async ({ auth, params, body }) => {
      const row = await findDevice(db, auth, params.id);
      await setCustomBox(db, row.device.id, body.custom);
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
