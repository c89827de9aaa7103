import type { DeviceActivityEntry } from '@fleetport/contracts/audit';
import type { FirmwareChange } from '@fleetport/contracts/device-schemas';
import { and, desc, eq, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog, deviceConnectionLog, deviceFirmwareHistory, deviceNotes, users } from '../../db/schema.ts';
import { actors, whoColumns } from '../audit/queries.ts';
import { commandOutcomes, outcomeOf } from './command-queries.ts';

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
 * The audit entries about one device: its own (but a note's writing: the note shows itself), the
 * bulk actions that named it and the passwords set on it with others.
 */
function aboutDevice(deviceId: number) {
  const id = sql`${JSON.stringify([deviceId])}::jsonb`;
  return or(
    and(
      eq(auditLog.entity, 'device'),
      eq(auditLog.entityId, String(deviceId)),
      sql`${auditLog.event} IS DISTINCT FROM 'device.note_add'`,
      // Before event types (migration 0015) a note's entry is known by its route.
      ne(auditLog.action, 'POST /devices/:id/notes'),
    ),
    and(eq(auditLog.entity, 'device'), eq(auditLog.entityId, 'bulk'), sql`${auditLog.after}->'ids' @> ${id}`),
    and(eq(auditLog.entity, 'device_passwords'), sql`${auditLog.after}->'devices' @> ${id}`),
  );
}

/**
 * A device's activity before a time (or until now), newest first, at most `limit` events: its
 * identity's connection log, the audit log's actions on it (with who, by name, and how a command
 * sent to it ended) and the notes left on it, merged.
 */
export async function deviceActivity(
  db: Db,
  device: { id: number; identityId: number },
  page: { limit: number; before?: Date },
): Promise<DeviceActivityEntry[]> {
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
      .select({ entry: auditLog, ...whoColumns })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.userId))
      .leftJoin(actors, eq(actors.id, auditLog.actorUserId))
      .where(and(aboutDevice(device.id), before ? lt(auditLog.at, before) : undefined))
      .orderBy(desc(auditLog.id))
      .limit(limit),
    db
      .select({ note: deviceNotes, email: users.email, name: users.username })
      .from(deviceNotes)
      .leftJoin(users, eq(users.id, deviceNotes.userId))
      .where(and(eq(deviceNotes.deviceId, device.id), before ? lt(deviceNotes.createdAt, before) : undefined))
      .orderBy(desc(deviceNotes.id))
      .limit(limit),
  ]);
  const outcomes = await commandOutcomes(
    db,
    actions.map(({ entry }) => entry),
  );
  const events: DeviceActivityEntry[] = [
    ...connections.map((entry) => ({
      id: `c${entry.id}`,
      at: entry.createdAt.toISOString(),
      kind: 'connection' as const,
      reason: entry.reason,
      detail: entry.detail,
    })),
    ...actions.map(({ entry, userEmail, userName, actorName }) => ({
      id: `a${entry.id}`,
      at: entry.at.toISOString(),
      kind: 'action' as const,
      event: entry.event,
      user_id: entry.userId,
      actor_user_id: entry.actorUserId,
      user_email: userEmail,
      user_name: userName,
      actor_name: actorName,
      before: entry.before,
      after: entry.after,
      outcome: outcomeOf(outcomes, entry.after),
    })),
    ...notes.map(({ note, email, name }) => ({
      id: `n${note.id}`,
      at: note.createdAt.toISOString(),
      kind: 'note' as const,
      detail: note.body,
      user_id: note.userId,
      user_email: email,
      user_name: name,
      note_id: note.id,
    })),
  ];
  events.sort((a, b) => b.at.localeCompare(a.at));
  return events.slice(0, limit);
}
