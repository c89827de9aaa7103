import type { Notification } from '@fleetport/contracts/notifications';
import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema.ts';

/** A notification as the API answers it. */
const toNotification = (row: typeof notifications.$inferSelect): Notification => ({
  id: row.id,
  type: row.type,
  summary: row.summary,
  data: row.data as Record<string, unknown>,
  created_at: row.createdAt.toISOString(),
  seen_at: row.seenAt?.toISOString() ?? null,
});

/** A page of a user's notifications, newest first; their count and the count of the unseen ones. */
export async function listNotifications(
  db: Db,
  userId: number,
  page: { limit: number; offset: number },
): Promise<{ rows: Notification[]; total: number; unseen: number }> {
  const mine = eq(notifications.userId, userId);
  const [rows, [total], [unseen]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(mine)
      .orderBy(desc(notifications.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(notifications).where(mine),
    db
      .select({ value: count() })
      .from(notifications)
      .where(and(mine, isNull(notifications.seenAt))),
  ]);
  return { rows: rows.map(toNotification), total: total?.value ?? 0, unseen: unseen?.value ?? 0 };
}

/** Marks the given unseen notifications of a user as seen; how many were. */
export async function markSeen(db: Db, userId: number, ids: readonly number[]): Promise<number> {
  const updated = await db
    .update(notifications)
    .set({ seenAt: new Date() })
    .where(
      and(
        eq(notifications.userId, userId),
        inArray(notifications.id, [...ids]),
        isNull(notifications.seenAt),
      ),
    )
    .returning({ id: notifications.id });
  return updated.length;
}
