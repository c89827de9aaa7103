import type { CustomBox } from '@fleetport/contracts/device-schemas';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { deviceNotes, devices } from '../../db/schema.ts';

/** A new note on a device, by its author; the note's id. */
export async function addNote(
  db: Db,
  note: { deviceId: number; userId: number; body: string },
): Promise<number> {
  const [created] = await db.insert(deviceNotes).values(note).returning({ id: deviceNotes.id });
  return created?.id ?? 0;
}

/** Deletes a note of a device; the note deleted, or undefined when the device has no such note. */
export async function deleteNote(db: Db, deviceId: number, noteId: number) {
  const [gone] = await db
    .delete(deviceNotes)
    .where(and(eq(deviceNotes.id, noteId), eq(deviceNotes.deviceId, deviceId)))
    .returning();
  return gone;
}

/** Sets a device's custom box, or clears it with null. */
export async function setCustomBox(db: Db, deviceId: number, custom: CustomBox | null): Promise<void> {
  await db.update(devices).set({ custom }).where(eq(devices.id, deviceId));
}
