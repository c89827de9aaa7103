import { z } from 'zod';
import { CONFIG_ROLLBACK_S, configRevisionSchema, configTreeSchema } from './device-config.ts';
import { SERIAL_PATTERN } from './device-protocol.ts';
import { ISO_TIME_MAX_LENGTH, idSchema } from './fields.ts';
import { configDiffEntrySchema } from './tasks.ts';

/**
 * Device backups (issue 22 "Take a backup"; docs/device-protocol.md "backup.upload"): the archive
 * a device uploads through its task's signed link, the limits the API holds it to, and the
 * backups as the console lists them. One definition for the simulator, the API and the console.
 */

/** What a backup document says it is, and the version of its shape. */
export const DEVICE_BACKUP_FORMAT = 'fleetport-device-backup';
export const DEVICE_BACKUP_VERSION = 1;
/** The archive as uploaded: gzip, at most 1 MiB (a router's whole configuration is a few KiB). */
export const DEVICE_BACKUP_CONTENT_TYPE = 'application/gzip';
export const DEVICE_BACKUP_MAX_BYTES = 1024 * 1024;
/** Unpacked, at most 4 MiB: more is a gzip bomb, not a configuration. */
export const DEVICE_BACKUP_MAX_UNPACKED_BYTES = 4 * 1024 * 1024;
/** A stored backup's name ends so: `<serial>-<yyyy-mm-dd-hhmm>.fpbackup.gz`. */
export const DEVICE_BACKUP_EXTENSION = '.fpbackup.gz';
/** How long a one-device "Take a backup" waits for an offline device, in hours. */
export const DEVICE_BACKUP_DEADLINE_HOURS = 24;

/**
 * The document inside the archive (gzip of its JSON): the unit, its firmware and the whole
 * configuration tree at `revision`, secrets included, as a router's own backup holds them.
 */
export const deviceBackupDocumentSchema = z.object({
  format: z.literal(DEVICE_BACKUP_FORMAT),
  version: z.literal(DEVICE_BACKUP_VERSION),
  serial: z.string().regex(SERIAL_PATTERN),
  model: z.string().max(40),
  firmware: z.string().max(60),
  revision: configRevisionSchema,
  created_at: z.iso.datetime({ offset: true }).max(ISO_TIME_MAX_LENGTH),
  config: configTreeSchema,
});
export type DeviceBackupDocument = z.infer<typeof deviceBackupDocumentSchema>;

/** PUT /device-files/{taskId}: what the API answers the device whose backup it stored. */
export const storedBackupSchema = z.object({
  file_id: z.number(),
  name: z.string(),
  size: z.number().describe('bytes, as uploaded (gzip)'),
  revision: z.number().int(),
});
export type StoredBackup = z.infer<typeof storedBackupSchema>;

/** GET /devices/{id}/backups: one backup of the device, newest first. */
export const deviceBackupSchema = z.object({
  id: z.number().describe('the file (GET /files/{id}/download)'),
  name: z.string(),
  size: z.number().describe('bytes (gzip)'),
  sha256: z.string(),
  revision: z.number().int().nullable().describe("the configuration's revision it holds"),
  description: z.string().nullable(),
  task_id: z.uuid().nullable().describe('the task that took it; null once that task is gone'),
  taken_by: z.number().nullable().describe('who asked for it (user id); null once that user is deleted'),
  taken_by_name: z.string().nullable(),
  created_at: z.string(),
});
export type DeviceBackup = z.infer<typeof deviceBackupSchema>;

/**
 * Why a restore may not go as it is (GET /devices/{id}/restore-preview): `blocking` ones refuse
 * it (422 on `file_id`), the others are said before it is confirmed.
 * - `other_family`: a backup of another model family (blocking);
 * - `missing_section`: a section of the backup the device cannot be given (blocking; `section`);
 * - `invalid_value`: a value of the backup its schema refuses (blocking; `section`, the message
 *   names the option);
 * - `not_reported`: the device has not reported its configuration yet: no diff, and sections it
 *   has beyond the backup's are not removed;
 * - `other_device`: the backup was taken from another device (its serial);
 * - `nothing_to_change`: the device already holds the backup's configuration (blocking).
 */
export const RESTORE_PROBLEM_CODES = [
  'other_family',
  'missing_section',
  'invalid_value',
  'not_reported',
  'other_device',
  'nothing_to_change',
] as const;
export type RestoreProblemCode = (typeof RESTORE_PROBLEM_CODES)[number];

/** GET /devices/{id}/restore-preview?file_id=: what restoring a backup to a device would change. */
export const restorePreviewSchema = z.object({
  device_id: z.number(),
  file_id: z.number(),
  file_name: z.string(),
  backup: z.object({
    serial: z.string(),
    model: z.string(),
    firmware: z.string(),
    revision: z.number().int(),
    created_at: z.string(),
  }),
  device: z.object({
    serial: z.string(),
    model: z.string().nullable(),
    revision: z.number().int().nullable().describe('the configuration it last reported; null: none yet'),
  }),
  /** Each setting that changes, device's value → backup's (secrets only as the mask, never a value). */
  changes: z.array(configDiffEntrySchema),
  /** Repeated sections the device has and the backup lacks: removed. */
  removed_sections: z.array(z.string()),
  problems: z.array(
    z.object({
      code: z.enum(RESTORE_PROBLEM_CODES),
      blocking: z.boolean(),
      message: z.string(),
      section: z.string().nullable(),
    }),
  ),
});
export type RestorePreview = z.infer<typeof restorePreviewSchema>;

/** POST /devices/{id}/restore: a backup file to bring the device to, and the rollback time. */
export const restoreBackupSchema = z.object({
  file_id: idSchema,
  rollback_s: z
    .number()
    .int()
    .min(CONFIG_ROLLBACK_S.min)
    .max(CONFIG_ROLLBACK_S.max)
    .default(CONFIG_ROLLBACK_S.default),
});
export type RestoreBackupRequest = z.input<typeof restoreBackupSchema>;
