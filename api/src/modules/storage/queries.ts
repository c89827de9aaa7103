import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userStorage } from '../../db/schema.ts';

/** A page of a user's stored keys (by key) with their stored JSON text, and their count. */
export async function listEntries(
  db: Db,
  userId: number,
  page: { limit: number; offset: number },
): Promise<{ rows: { key: string; value: string }[]; total: number }> {
  const mine = eq(userStorage.userId, userId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(userStorage)
      .where(mine)
      .orderBy(asc(userStorage.key))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(userStorage).where(mine),
  ]);
  return { rows, total: total?.value ?? 0 };
}

/** How many keys a user has stored. */
export async function countEntries(db: Db, userId: number): Promise<number> {
  const [{ value: entries } = { value: 0 }] = await db
    .select({ value: count() })
    .from(userStorage)
    .where(eq(userStorage.userId, userId));
  return entries;
}

/** Stores a new key; false when the user has it already. */
export async function insertEntry(db: Db, userId: number, key: string, text: string): Promise<boolean> {
  const inserted = await db
    .insert(userStorage)
    .values({ userId, key, value: text })
    .onConflictDoNothing()
    .returning();
  return inserted.length > 0;
}

/** Replaces a stored key's value; false when the user has no such key. */
export async function updateEntry(db: Db, userId: number, key: string, text: string): Promise<boolean> {
  const updated = await db
    .update(userStorage)
    .set({ value: text, updatedAt: new Date() })
    .where(and(eq(userStorage.userId, userId), eq(userStorage.key, key)))
    .returning();
  return updated.length > 0;
}

/** Removes a stored key; false when the user has no such key. */
export async function deleteEntry(db: Db, userId: number, key: string): Promise<boolean> {
  const removed = await db
    .delete(userStorage)
    .where(and(eq(userStorage.userId, userId), eq(userStorage.key, key)))
    .returning();
  return removed.length > 0;
}
