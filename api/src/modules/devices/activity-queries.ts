import type { DeviceActivity, FirmwareChange } from '@fleetport/contracts/device-schemas';
import { and, desc, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog, deviceConnectionLog, deviceFirmwareHistory, deviceNotes, users } from '../../db/schema.ts';

/** A device's update history, newest first (the last hundred). */
export async function firmwareHistory(db: Db, deviceId: number): Promise<FirmwareChange[]> {
  const rows = await db
    .select()
    .from(deviceFirmwareHistory)
    .where(eq(deviceFirmwareHistory.deviceId, deviceId))
    .orderBy(desc(deviceFirmwareHistory.id))
    .limit(100);
  return rows.map((entry) => ({
    id: entry.id,
    from_version: entry.fromVersion,
    to_version: entry.toVersion,
    at: entry.at.toISOString(),
  }));
}

/**
 * A device's activity before a time (or until now), newest first, at most `limit` events: its
 * identity's connection log, the audit log's actions on it and the notes left on it, merged.
 */
export async function deviceActivity(
  db: Db,
  device: { id: number; identityId: number },
  page: { limit: number; before?: Date },
): Promise<DeviceActivity[]> {
  const { limit, before } = page;
  const [connections, actions, notes] = await Promise.all([
    db
      .select()
      .from(deviceConnectionLog)
      .where(
        and(
          eq(deviceConnectionLog.identityId, device.identityId),
          before ? lt(deviceConnectionLog.createdAt, before) : undefined,
        ),
      )
      .orderBy(desc(deviceConnectionLog.id))
      .limit(limit),
    db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'device'),
          eq(auditLog.entityId, String(device.id)),
          before ? lt(auditLog.at, before) : undefined,
        ),
      )
      .orderBy(desc(auditLog.id))
      .limit(limit),
    db
      .select({ note: deviceNotes, email: users.email })
      .from(deviceNotes)
      .leftJoin(users, eq(users.id, deviceNotes.userId))
      .where(and(eq(deviceNotes.deviceId, device.id), before ? lt(deviceNotes.createdAt, before) : undefined))
      .orderBy(desc(deviceNotes.id))
      .limit(limit),
  ]);
  const events: DeviceActivity[] = [
    ...connections.map((entry) => ({
      id: `c${entry.id}`,
      at: entry.createdAt.toISOString(),
      kind: 'connection' as const,
      reason: entry.reason,
      detail: entry.detail,
    })),
    ...actions.map((entry) => ({
      id: `a${entry.id}`,
      at: entry.at.toISOString(),
      kind: 'action' as const,
      action: entry.action,
      user_id: entry.actorUserId ?? entry.userId,
    })),
    ...notes.map(({ note, email }) => ({
      id: `n${note.id}`,
      at: note.createdAt.toISOString(),
      kind: 'note' as const,
      detail: note.body,
      user_id: note.userId,
      user_email: email,
      note_id: note.id,
    })),
  ];
  events.sort((a, b) => b.at.localeCompare(a.at));
  return events.slice(0, limit);
}
