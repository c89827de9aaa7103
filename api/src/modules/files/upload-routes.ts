import {
  companyFileSchema,
  FILE_CREDIT_TYPES,
  uploadFileSchema,
  uploadGlobalFirmwareSchema,
} from '@fleetport/contracts/files';
import { and, eq } from 'drizzle-orm';
import type { Router } from 'express';
import type { Db } from '../../db/client.ts';
import { devices } from '../../db/schema.ts';
import type { ApiDeps } from '../../deps.ts';
import { fieldError } from '../../http/errors.ts';
import type { RouteRegistry } from '../../http/route.ts';
import type { UploadedFile } from '../../http/uploads.ts';
import type { AuthContext } from '../auth/context.ts';
import { visibleCompanyById, visibleDevices } from '../companies/scope.ts';
import { backupInFile } from './backup-archive.ts';
import { auditedFile, fileAnswer, visibleFileRow } from './queries.ts';
import type { FileStore } from './store.ts';
import { storeUpload } from './store-upload.ts';

const STATUSES = {
  400: 'MALFORMED_MULTIPART or UPLOAD_INTERRUPTED',
  413: 'FILE_TOO_LARGE: over 80MB (83,886,080 bytes)',
  415: 'UNSUPPORTED_MEDIA_TYPE: not multipart/form-data',
};

/** The row values every upload shares. */
const uploadValues = (auth: AuthContext, upload: UploadedFile, description: string | undefined) => ({
  name: upload.name,
  size: upload.size,
  sha256: upload.sha256,
  mimeType: upload.mimeType,
  description: description || null,
  uploadedBy: auth.userId,
});

/**
 * A backup's link to its device (issue 22 "Upload backup"): the device of the archive's serial,
 * when the caller sees it, and the revision the archive holds. The archive is checked first, as
 * a device's own upload is: a file that is not a backup is refused on `file`.
 */
async function backupLink(db: Db, auth: AuthContext, upload: UploadedFile) {
  const document = await backupInFile(upload, 'file');
  const [device] = await db
    .select({ id: devices.id })
    .from(devices)
    .where(and(eq(devices.serial, document.serial), visibleDevices(auth)));
  return { deviceId: device?.id ?? null, configRevision: document.revision };
}

/**
 * The uploads (spec §2 Files, Global Firmware; §7 POST /files; §9): a company's file of a kind
 * (firmware and backups spend a credit of the company), and a firmware of the global catalogue.
 * Access, then the URL, are checked before a byte is read; the 80MB limit and the file names by
 * the multipart layer.
 */
export function registerFileUploadRoutes(
  registry: RouteRegistry,
  router: Router,
  deps: ApiDeps,
  store: FileStore,
): void {
  const { db } = deps;

  registry.add(router, {
    method: 'post',
    path: '/files/global/firmware',
    summary:
      'Uploads a firmware to the global catalogue, which every company sees (multipart: file, version, families, release_notes, description).',
    tag: 'files',
    access: { permission: 'upload_files_global_scope' },
    event: 'file.upload',
    multipart: { files: { file: { required: true } } },
    body: uploadGlobalFirmwareSchema,
    response: companyFileSchema,
    statuses: STATUSES,
    handler: async ({ auth, body, files: [upload] }) => {
      if (!upload) throw fieldError('file', 'is required');
      const id = await storeUpload(
        deps,
        store,
        upload,
        {
          ...uploadValues(auth, upload, body.description),
          companyId: null,
          kind: 'firmware',
          version: body.version ?? null,
          families: body.families ?? [],
          releaseNotes: body.release_notes || null,
        },
        undefined,
      );
      const data = await fileAnswer(db, auth, await visibleFileRow(db, auth, id));
      return { status: 201, data, audit: { entityId: String(id), after: auditedFile(data) } };
    },
  });

  registry.add(router, {
    method: 'post',
    path: '/files',
    summary:
      "Uploads a file of a kind to a company the caller may see (multipart: company_id, kind, description, file; firmware: version, families, release_notes). Firmware and backups spend one credit of type 100 or 101 of the company. A backup must be a device backup archive (docs/device-protocol.md 'backup.upload'); it is linked to the device of its serial when the caller sees that device.",
    tag: 'files',
    access: { permission: 'manage_files' },
    event: 'file.upload',
    multipart: { files: { file: { required: true } } },
    body: uploadFileSchema,
    response: companyFileSchema,
    statuses: {
      ...STATUSES,
      422: 'Also: the company has no credits of the kind left (source: file); a backup that is not a device backup archive (INVALID_BACKUP, source: file)',
    },
    handler: async ({ auth, body, files: [upload] }) => {
      // Mass assignment: a company the caller may not see answers as one that does not exist.
      const company = await visibleCompanyById(db, auth, body.company_id);
      if (!upload) throw fieldError('file', 'is required');
      const firmware = body.kind === 'firmware';
      const type = FILE_CREDIT_TYPES[body.kind];
      const backup = body.kind === 'backup' ? await backupLink(db, auth, upload) : {};
      const id = await storeUpload(
        deps,
        store,
        upload,
        {
          ...uploadValues(auth, upload, body.description),
          companyId: company.id,
          kind: body.kind,
          version: firmware ? (body.version ?? null) : null,
          families: firmware ? (body.families ?? []) : [],
          releaseNotes: firmware ? body.release_notes || null : null,
          ...backup,
        },
        type ? { companyId: company.id, type } : undefined,
      );
      const data = await fileAnswer(db, auth, await visibleFileRow(db, auth, id));
      return {
        status: 201,
        data,
        audit: { companyId: company.id, entityId: String(id), after: auditedFile(data) },
      };
    },
  });
}
