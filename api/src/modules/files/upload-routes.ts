import {
  companyFileSchema,
  FILE_CREDIT_TYPES,
  noFileCreditsMessage,
  uploadFileSchema,
  uploadGlobalFirmwareSchema,
} from '@fleetport/contracts/files';
import type { Router } from 'express';
import type { Db } from '../../db/client.ts';
import type { files } from '../../db/schema.ts';
import type { ApiDeps } from '../../deps.ts';
import { ApiError, fieldError } from '../../http/errors.ts';
import type { RouteRegistry } from '../../http/route.ts';
import type { UploadedFile } from '../../http/uploads.ts';
import type { AuthContext } from '../auth/context.ts';
import { visibleCompanyById } from '../companies/scope.ts';
import { type BalanceChange, changeBalance } from '../credits/balances.ts';
import { warnLow } from '../credits/queries.ts';
import { auditedFile, fileAnswer, insertFile, visibleFileRow } from './queries.ts';
import type { FileStore } from './store.ts';

const STATUSES = {
  400: 'MALFORMED_MULTIPART or UPLOAD_INTERRUPTED',
  413: 'FILE_TOO_LARGE: over 80MB (83,886,080 bytes)',
  415: 'UNSUPPORTED_MEDIA_TYPE: not multipart/form-data',
};

/**
 * Stores an upload: the credit it costs (spec §9 resource types, one of the company's), the row
 * and the bytes, all or nothing. A refused credit leaves no row and no bytes (the temporary file
 * goes with the request); bytes moved in before a failed commit are removed again.
 */
async function storeUpload(
  deps: ApiDeps,
  store: FileStore,
  upload: UploadedFile,
  values: typeof files.$inferInsert,
  credit: { companyId: number; type: { id: number; name: string } } | undefined,
): Promise<number> {
  let change: BalanceChange | undefined;
  let kept: number | undefined;
  try {
    const id = await deps.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      if (credit) {
        change = await changeBalance(tx, {
          companyId: credit.companyId,
          creditTypeId: credit.type.id,
          delta: -1,
          reason: 'file_upload',
          actorUserId: values.uploadedBy ?? null,
        }).catch((error: unknown) => {
          if (error instanceof ApiError && error.status === 422) {
            throw fieldError('file', noFileCreditsMessage(credit.type.name));
          }
          throw error;
        });
      }
      const row = await insertFile(tx, values);
      await store.keep(upload.path, row.id);
      kept = row.id;
      return row.id;
    });
    if (change) await warnLow(deps, [change]);
    return id;
  } catch (error) {
    if (kept !== undefined) await store.remove(kept);
    throw error;
  }
}

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
      'Uploads a file of a kind to a company the caller may see (multipart: company_id, kind, description, file; firmware: version, families, release_notes). Firmware and backups spend one credit of type 100 or 101 of the company.',
    tag: 'files',
    access: { permission: 'manage_files' },
    event: 'file.upload',
    multipart: { files: { file: { required: true } } },
    body: uploadFileSchema,
    response: companyFileSchema,
    statuses: { ...STATUSES, 422: 'Also: the company has no credits of the kind left (source: file)' },
    handler: async ({ auth, body, files: [upload] }) => {
      // Mass assignment: a company the caller may not see answers as one that does not exist.
      const company = await visibleCompanyById(db, auth, body.company_id);
      if (!upload) throw fieldError('file', 'is required');
      const firmware = body.kind === 'firmware';
      const type = FILE_CREDIT_TYPES[body.kind];
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
