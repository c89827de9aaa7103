import type { DeviceBackup } from '@fleetport/contracts/device-backups';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { files, users } from '../../db/schema.ts';
import type { AuthContext } from '../auth/context.ts';
import { visibleFiles } from '../files/queries.ts';

/**
 * A device's backups, newest first: the backup files linked to it (migration 0023) that the
 * caller sees (a device moved to another company keeps its earlier backups in the first one's
 * files, which its new viewers may not see).
 */
export async function backupsOfDevice(
  db: Db,
  auth: AuthContext,
  deviceId: number,
  page: { limit: number; offset: number },
): Promise<{ rows: DeviceBackup[]; total: number }> {
  const where = and(eq(files.deviceId, deviceId), eq(files.kind, 'backup'), visibleFiles(auth));
  const [rows, [counted]] = await Promise.all([
    db
      .select({ file: files, takenByName: users.username })
      .from(files)
      .leftJoin(users, eq(users.id, files.uploadedBy))
      .where(where)
      .orderBy(desc(files.createdAt), desc(files.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(files).where(where),
  ]);
  return {
    rows: rows.map(({ file, takenByName }) => ({
      id: file.id,
      name: file.name,
      size: file.size,
      sha256: file.sha256,
      revision: file.configRevision,
      description: file.description,
      task_id: file.taskId,
      taken_by: file.uploadedBy,
      taken_by_name: takenByName,
      created_at: file.createdAt.toISOString(),
    })),
    total: counted?.total ?? 0,
  };
}
