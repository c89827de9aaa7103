import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { backupRules, files } from '../../db/schema.ts';
import { deleteFileRow } from '../files/queries.ts';
import type { FileStore } from '../files/store.ts';

/**
 * Keep N (issue 22 "Backups"): a rule keeps the newest `keep` backups it made of each device and
 * deletes the older ones, rows and bytes, as DELETE /files/{id} does. Only the rule's own backups
 * count (files.backup_rule_id, migration 0025): one taken by hand or by another rule is never
 * touched. Run after each backup a rule's group stores (that device only) and at each run of the
 * rule (every device: a keep lowered since). Answers how many it deleted.
 */
export async function keepNewestBackups(
  db: Db,
  store: FileStore,
  ruleId: number,
  deviceId?: number,
): Promise<number> {
  const [rule] = await db
    .select({ keep: backupRules.keep })
    .from(backupRules)
    .where(eq(backupRules.id, ruleId));
  if (!rule) return 0;
  const ranked = db
    .select({
      id: files.id,
      rank: sql<number>`row_number() over (partition by ${files.deviceId} order by ${desc(files.createdAt)}, ${desc(files.id)})`
        .mapWith(Number)
        .as('rank'),
    })
    .from(files)
    .where(
      and(eq(files.backupRuleId, ruleId), deviceId === undefined ? undefined : eq(files.deviceId, deviceId)),
    )
    .as('ranked');
  const older = await db.select({ id: ranked.id }).from(ranked).where(gt(ranked.rank, rule.keep));
  let deleted = 0;
  for (const { id } of older) {
    // Deleted meanwhile (by a user, or another replica's pass): nothing left to remove.
    if (!(await deleteFileRow(db, id))) continue;
    await store.remove(id);
    deleted += 1;
  }
  return deleted;
}
