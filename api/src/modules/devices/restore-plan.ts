import type { DeviceBackupDocument, RestorePreview } from '@fleetport/contracts/device-backups';
import {
  type ConfigSection,
  type ConfigTree,
  configDiff,
  REPEATED_SECTIONS,
  sectionKind,
  sectionProblem,
} from '@fleetport/contracts/device-config';
import { modelFamily } from '@fleetport/contracts/device-protocol';
import type { Db } from '../../db/client.ts';
import { fieldError, forbidden, notFound } from '../../http/errors.ts';
import type { AuthContext } from '../auth/context.ts';
import { backupInFile } from '../files/backup-archive.ts';
import { visibleFile } from '../files/queries.ts';
import type { FileStore } from '../files/store.ts';
import { findDevice } from './device-queries.ts';
import { configOf } from './gateway-queries.ts';

/** What a restore sends (a config.write's changes) and what it would change, as the preview says it. */
export interface RestorePlan {
  preview: RestorePreview;
  changes: Record<string, ConfigSection | null>;
  /** The first problem that refuses the restore, in its words. */
  refusal: string | undefined;
}

type Problem = RestorePreview['problems'][number];

/**
 * Restore a backup to a device (issue 22): the change that brings the device to the backup's
 * tree. Every section of the backup with all its options (secrets included, in clear: the engine
 * seals them with the task); a repeated section the device has and the backup lacks (a port
 * forward added since) removed; any other section the backup lacks left as it is.
 */
export function restoreChanges(
  backup: ConfigTree,
  reported: ConfigTree | undefined,
): { changes: Record<string, ConfigSection | null>; removed: string[] } {
  const changes: Record<string, ConfigSection | null> = { ...backup };
  const removed = Object.keys(reported ?? {}).filter((name) => {
    const kind = sectionKind(name);
    return !(name in backup) && kind !== undefined && REPEATED_SECTIONS[kind] !== undefined;
  });
  for (const name of removed) changes[name] = null;
  return { changes, removed };
}

/** The problems of a restore that the device's reported tree does not decide: its family, its serial. */
function deviceProblems(
  document: DeviceBackupDocument,
  device: { serial: string; model: string | null },
): Problem[] {
  const problems: Problem[] = [];
  const family = modelFamily(document.model) ?? document.model;
  const deviceFamily = device.model ? (modelFamily(device.model) ?? device.model) : undefined;
  if (deviceFamily !== undefined && deviceFamily !== family) {
    problems.push({
      code: 'other_family',
      blocking: true,
      section: null,
      message: `This is a backup of a ${document.model} (${family}); the device is a ${device.model} (${deviceFamily}): a backup is restored only to a device of its model family.`,
    });
  }
  if (document.serial !== device.serial) {
    problems.push({
      code: 'other_device',
      blocking: false,
      section: null,
      message: `This backup was taken from another device (${document.serial}): its host name and addresses come with it.`,
    });
  }
  return problems;
}

/**
 * Reads the backup file (one the caller sees, of kind backup, a valid archive) and plans its
 * restore to the device (one the caller sees): the diff against the tree the device last
 * reported (secrets only as the mask), and what stands in the way. A file the caller cannot see
 * answers as a missing one (403); one that is not a backup is a 422 on `file_id`.
 */
export async function planRestore(
  db: Db,
  store: FileStore,
  auth: AuthContext,
  deviceId: number,
  fileId: number,
): Promise<RestorePlan> {
  // Reading a backup's settings is reading a file: the caller needs view_files too.
  if (!auth.can('view_files')) throw forbidden();
  const { device } = await findDevice(db, auth, deviceId);
  const file = await visibleFile(db, auth, fileId);
  if (file.kind !== 'backup') throw fieldError('file_id', 'This file is not a backup: choose a backup file.');
  const document = await backupInFile({ path: store.pathOf(file.id), size: file.size }, 'file_id').catch(
    (error: unknown) => {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT')
        throw notFound('The content of this file is missing.');
      throw error;
    },
  );
  const reported = await configOf(db, device.id);
  const { changes, removed } = restoreChanges(document.config, reported?.config);
  const problems = deviceProblems(document, device);
  for (const [name, values] of Object.entries(document.config)) {
    const problem = sectionProblem(name, values);
    if (problem) {
      problems.push({ code: 'invalid_value', blocking: true, section: name, message: problem });
      break;
    }
  }
  let lines: RestorePreview['changes'] = [];
  if (!reported) {
    problems.push({
      code: 'not_reported',
      blocking: false,
      section: null,
      message:
        'The device has not reported its configuration yet: the changes cannot be shown, and the backup’s sections are sent as they are.',
    });
  } else {
    const diff = configDiff(reported.config, changes);
    lines = diff.lines;
    if (diff.missing !== undefined) {
      problems.push({
        code: 'missing_section',
        blocking: true,
        section: diff.missing,
        message: `The device has no section "${diff.missing}", which the backup holds: it would refuse the restore.`,
      });
    } else if (lines.length === 0) {
      problems.push({
        code: 'nothing_to_change',
        blocking: true,
        section: null,
        message: 'The device already holds the configuration of this backup: there is nothing to restore.',
      });
    }
  }
  const preview: RestorePreview = {
    device_id: device.id,
    file_id: file.id,
    file_name: file.name,
    backup: {
      serial: document.serial,
      model: document.model,
      firmware: document.firmware,
      revision: document.revision,
      created_at: document.created_at,
    },
    device: { serial: device.serial, model: device.model, revision: reported?.revision ?? null },
    changes: lines,
    removed_sections: removed,
    problems,
  };
  return { preview, changes, refusal: problems.find((problem) => problem.blocking)?.message };
}
