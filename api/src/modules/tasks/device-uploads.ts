import { createHash, randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  DEVICE_BACKUP_CONTENT_TYPE,
  DEVICE_BACKUP_EXTENSION,
  DEVICE_BACKUP_MAX_BYTES,
  type StoredBackup,
  storedBackupSchema,
} from '@fleetport/contracts/device-backups';
import { FILE_CREDIT_TYPES, FILE_DESCRIPTION_MAX_LENGTH } from '@fleetport/contracts/files';
import { eq } from 'drizzle-orm';
import type { Request, Router } from 'express';
import { z } from 'zod';
import { filesDir, uploadTmpDir } from '../../config.ts';
import { devices, files, taskGroups, tasks } from '../../db/schema.ts';
import type { ApiDeps } from '../../deps.ts';
import { ApiError, conflict, forbidden, gone } from '../../http/errors.ts';
import type { RouteRegistry } from '../../http/route.ts';
import { keepNewestBackups } from '../backup-rules/keep.ts';
import { backupIn, notABackup } from '../files/backup-archive.ts';
import { FileStore } from '../files/store.ts';
import { storeUpload } from '../files/store-upload.ts';

/** The media types an archive may come as: gzip by either name, or plain bytes. */
const ARCHIVE_TYPES = new Set([DEVICE_BACKUP_CONTENT_TYPE, 'application/x-gzip', 'application/octet-stream']);
const MIB = 1024 * 1024;

const tooLarge = () =>
  new ApiError(413, [
    {
      code: 'PAYLOAD_TOO_LARGE',
      message: `A backup is at most ${DEVICE_BACKUP_MAX_BYTES / MIB} MiB (${DEVICE_BACKUP_MAX_BYTES} bytes).`,
    },
  ]);

/**
 * Devices' uploads through their task's signed link (issue 22 "Take a backup";
 * docs/device-protocol.md "backup.upload"): `PUT /device-files/{taskId}` takes the configuration
 * archive of a running `backup.upload` task, checks it is the documented gzip of the device's
 * own backup, and stores it as a backup file of the device's company, spending one of its
 * credits of type 101 (spec §9). No session: the link is the permission, as for the downloads
 * (app.ts leaves this path to the route, unparsed).
 */
export function registerDeviceUploadRoutes(registry: RouteRegistry, router: Router, deps: ApiDeps): void {
  const { db, tasks: engine } = deps;
  const store = new FileStore(filesDir(deps.config));

  registry.add(router, {
    method: 'put',
    path: '/device-files/:taskId',
    summary:
      "A running backup task's upload, from its device: the configuration archive (gzip of the backup document, at most 1 MiB), stored as a backup file of the device's company for one credit of type 101. The link is signed, short-lived and bound to the task (no session).",
    tag: 'tasks',
    access: { public: true },
    event: 'device.backup_stored',
    params: z.object({ taskId: z.uuid() }),
    query: z.object({ expires: z.coerce.number().int(), signature: z.string().max(100) }),
    response: storedBackupSchema,
    statuses: {
      403: 'the signature is wrong',
      409: 'the task is not a backup; or the company has no Backup upload credits left (NO_CREDITS): nothing is stored',
      410: 'the link has expired, or its task is no longer running',
      413: 'over 1 MiB',
      415: 'not application/gzip',
      422: 'not a gzip of a backup document of this device (INVALID_BACKUP)',
    },
    handler: async ({ req, params, query }) => {
      const check = engine.links.check(params.taskId, query.expires, query.signature, new Date());
      if (check === 'invalid') throw forbidden('This upload link is not valid.');
      if (check === 'expired') throw gone('This upload link has expired.');
      const [row] = await db
        .select({
          task: tasks,
          createdBy: taskGroups.createdBy,
          ruleId: taskGroups.backupRuleId,
          device: devices,
        })
        .from(tasks)
        .innerJoin(taskGroups, eq(taskGroups.id, tasks.groupId))
        .innerJoin(devices, eq(devices.id, tasks.deviceId))
        .where(eq(tasks.id, params.taskId));
      if (!row || !['sent', 'in_progress'].includes(row.task.state)) {
        throw gone('This task is no longer running, so it takes no upload.');
      }
      if (row.task.action !== 'backup.upload') {
        throw conflict('This task does not take an upload: only a backup task does.');
      }
      const { task, device } = row;
      // A second copy of the upload (its answer was lost) is answered with what was stored.
      const [earlier] = await db.select().from(files).where(eq(files.taskId, task.id));
      if (earlier) return { data: storedOf(earlier), audit: false };

      const type = (req.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
      if (!ARCHIVE_TYPES.has(type)) {
        throw new ApiError(415, [
          { code: 'UNSUPPORTED_MEDIA_TYPE', message: `Send the backup as ${DEVICE_BACKUP_CONTENT_TYPE}.` },
        ]);
      }
      if (Number(req.get('content-length') ?? 0) > DEVICE_BACKUP_MAX_BYTES) throw tooLarge();
      const archive = await readBody(req, DEVICE_BACKUP_MAX_BYTES);
      const document = await backupIn(archive);
      if (document.serial !== device.serial) {
        throw notABackup(`it is the backup of ${document.serial}, not of ${device.serial}`);
      }

      const taken = new Date();
      const name = `${device.serial}-${stampOf(taken)}${DEVICE_BACKUP_EXTENSION}`;
      const description =
        `Backup of ${device.name}, configuration revision ${document.revision} (${document.firmware})`.slice(
          0,
          FILE_DESCRIPTION_MAX_LENGTH,
        );
      const temporary = path.join(uploadTmpDir(deps.config), `backup-${randomUUID()}`);
      await mkdir(path.dirname(temporary), { recursive: true });
      await writeFile(temporary, archive);
      const backup = FILE_CREDIT_TYPES.backup ?? { id: 101, name: 'Backup upload' };
      try {
        const id = await storeUpload(
          deps,
          store,
          { path: temporary },
          {
            companyId: device.companyId,
            kind: 'backup',
            name,
            size: archive.length,
            sha256: createHash('sha256').update(archive).digest('hex'),
            mimeType: DEVICE_BACKUP_CONTENT_TYPE,
            description,
            families: [],
            uploadedBy: row.createdBy,
            deviceId: device.id,
            configRevision: document.revision,
            taskId: task.id,
            // A periodic backup rule's run: the rule's keep-N counts it.
            backupRuleId: row.ruleId,
          },
          {
            companyId: device.companyId,
            type: backup,
            refusal: (message) => new ApiError(409, [{ code: 'NO_CREDITS', message }]),
          },
        );
        const data: StoredBackup = { file_id: id, name, size: archive.length, revision: document.revision };
        if (row.ruleId !== null) await keepNewestBackups(db, store, row.ruleId, device.id);
        return {
          status: 201,
          data,
          audit: {
            entity: 'device',
            entityId: String(device.id),
            companyId: device.companyId,
            // The person who asked for the backup: the device stored it for them.
            userId: row.createdBy ?? undefined,
            after: { ...data, task_id: task.id },
          },
        };
      } finally {
        await rm(temporary, { force: true });
      }
    },
  });
}

/** The answer for a backup already stored. */
const storedOf = (file: typeof files.$inferSelect): StoredBackup => ({
  file_id: file.id,
  name: file.name,
  size: file.size,
  revision: file.configRevision ?? 0,
});

/**
 * The request's bytes, at most `max`. Past it, the rest is read into the void (so the refusal
 * reaches a client that sends its whole body before reading), then refused.
 */
async function readBody(req: Request, max: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    // A body that goes on far past the limit is cut off.
    if (size > max * 4) {
      req.destroy();
      break;
    }
    if (size <= max) chunks.push(chunk);
  }
  if (size > max) throw tooLarge();
  return Buffer.concat(chunks);
}

/** `2026-11-26-0930` (UTC): when a backup was taken, in its file name. */
function stampOf(at: Date): string {
  const iso = at.toISOString();
  return `${iso.slice(0, 10)}-${iso.slice(11, 13)}${iso.slice(14, 16)}`;
}
