import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import {
  DEVICE_BACKUP_MAX_BYTES,
  DEVICE_BACKUP_MAX_UNPACKED_BYTES,
  type DeviceBackupDocument,
  deviceBackupDocumentSchema,
} from '@fleetport/contracts/device-backups';
import { type ApiError, validationFailed } from '../../http/errors.ts';

/**
 * A device backup archive (docs/device-protocol.md "backup.upload"): the gzip of one backup
 * document. The one check every way in shares: a device's upload (tasks/device-uploads.ts), a
 * person's upload (POST /files, kind backup) and a restore (devices/restore.ts), so a file one
 * of them takes, all of them take.
 */

const unzip = promisify(gunzip);
const MIB = 1024 * 1024;

/** 422 INVALID_BACKUP, on `source` when the request names the file (`file`, `file_id`). */
export const notABackup = (why: string, source?: string): ApiError =>
  validationFailed([
    {
      code: 'INVALID_BACKUP',
      // Users read it under their brand's name: it names no product.
      message: `This is not a device backup archive: ${why}.`,
      ...(source ? { source } : {}),
    },
  ]);

/** The backup document in a gzip archive, checked against the protocol's schema. */
export async function backupIn(archive: Buffer, source?: string): Promise<DeviceBackupDocument> {
  if (archive.length > DEVICE_BACKUP_MAX_BYTES) {
    throw notABackup(`it is larger than ${DEVICE_BACKUP_MAX_BYTES / MIB} MiB`, source);
  }
  let text: string;
  try {
    text = (await unzip(archive, { maxOutputLength: DEVICE_BACKUP_MAX_UNPACKED_BYTES })).toString('utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
      throw notABackup(`it unpacks to more than ${DEVICE_BACKUP_MAX_UNPACKED_BYTES / MIB} MiB`, source);
    }
    throw notABackup('it is not gzip', source);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw notABackup('it does not hold JSON', source);
  }
  const parsed = deviceBackupDocumentSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw notABackup(`${issue?.path.join('.') || 'the document'}: ${issue?.message ?? 'not valid'}`, source);
  }
  return parsed.data;
}

/**
 * The backup document of a file on disk (an upload's temporary file, a stored file's content).
 * A file too large to be a backup is refused before it is read.
 */
export async function backupInFile(
  file: { path: string; size: number },
  source?: string,
): Promise<DeviceBackupDocument> {
  if (file.size > DEVICE_BACKUP_MAX_BYTES) {
    throw notABackup(`it is larger than ${DEVICE_BACKUP_MAX_BYTES / MIB} MiB`, source);
  }
  return backupIn(await readFile(file.path), source);
}
