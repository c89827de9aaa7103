import { idSchema } from '@fleetport/contracts/fields';
import {
  companyFileSchema,
  FILE_KINDS,
  filePermissionChoicesSchema,
  filePermissionsSchema,
} from '@fleetport/contracts/files';
import type { Router } from 'express';
import { z } from 'zod';
import { filesDir } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { ApiDeps } from '../../deps.ts';
import { conflict, fieldError, forbidden, notFound } from '../../http/errors.ts';
import { listQuerySchema, pickFields } from '../../http/list-query.ts';
import { idParam, type RouteRegistry } from '../../http/route.ts';
import {
  auditedFile,
  campaignsUsing,
  deleteFileRow,
  FILE_FIELDS,
  fileAnswer,
  listFiles,
  manageableFileRow,
  visibleFile,
} from './queries.ts';
import { companiesBelow, replaceShares, shareChoices, sharedWith } from './share-queries.ts';
import { FileStore } from './store.ts';
import { registerFileUploadRoutes } from './upload-routes.ts';

/**
 * Files (spec §2 /files, Global Firmware, File permissions; §7 POST /files; §9): uploaded into a
 * company the caller sees or into the global firmware catalogue, listed, downloaded as an
 * attachment, shared with companies below their own, and deleted. The bytes are in the
 * FileStore (FILES_DIR); the rows' SQL in queries.ts.
 */
export function registerFileRoutes(registry: RouteRegistry, router: Router, deps: ApiDeps): void {
  const { db, log } = deps;
  const store = new FileStore(filesDir(deps.config));

  registerFileUploadRoutes(registry, router, deps, store);

  registry.add(router, {
    method: 'get',
    path: '/files',
    summary:
      'Files the caller sees: of the companies it sees, the global firmware catalogue, and files shared with a company it sees. List conventions, q on the name; filters company_id, kind, scope=global (the catalogue only).',
    tag: 'files',
    access: { permission: 'view_files' },
    query: listQuerySchema(FILE_FIELDS, {
      company_id: idSchema.optional(),
      kind: z.enum(FILE_KINDS).optional(),
      scope: z.enum(['global']).optional(),
    }),
    response: z.array(companyFileSchema),
    handler: async ({ auth, query }) => {
      const { rows, total } = await listFiles(db, auth, query);
      return { data: pickFields(rows, query.fields), meta: { total } };
    },
  });

  registry.add(router, {
    method: 'get',
    path: '/files/:id/download',
    summary: "A file's bytes, as an attachment (spec §7: the name is in Content-Disposition).",
    tag: 'files',
    access: { permission: 'view_files' },
    params: idParam,
    produces: 'application/octet-stream',
    statuses: { 404: 'The row exists but its content is missing from FILES_DIR' },
    handler: async ({ auth, params, res }) => {
      const file = await visibleFile(db, auth, params.id);
      await store.send(res, file, log, () => notFound('The content of this file is missing.'));
      return undefined;
    },
  });

  registry.add(router, {
    method: 'get',
    path: '/files/:id/permissions',
    summary:
      "File permissions: the companies a company's file is shared with, and the companies below its company it may be shared with.",
    tag: 'files',
    access: { permission: 'manage_files' },
    params: idParam,
    response: filePermissionChoicesSchema,
    handler: async ({ auth, params }) => {
      const row = await manageableFileRow(db, auth, params.id);
      if (row.file.companyId === null || row.ownerPath === null)
        return { data: { company_ids: [], companies: [] } };
      const [companyIds, companies] = await Promise.all([
        sharedWith(db, row.file.id),
        shareChoices(db, auth, row.ownerPath),
      ]);
      return { data: { company_ids: companyIds, companies } };
    },
  });

  registry.add(router, {
    method: 'put',
    path: '/files/:id/permissions',
    summary:
      "File permissions: shares a company's file with the chosen companies below its company (the set replaces the previous one).",
    tag: 'files',
    access: { permission: 'manage_files' },
    event: 'file.permissions',
    params: idParam,
    body: filePermissionsSchema,
    response: companyFileSchema,
    statuses: { 422: 'A company that is not below the file’s company (or not one the caller sees)' },
    handler: async ({ auth, params, body }) => {
      const row = await manageableFileRow(db, auth, params.id);
      const path = row.ownerPath;
      if (row.file.companyId === null || path === null) {
        throw fieldError('company_ids', 'Global firmware is shared with every company already.');
      }
      const wanted = [...new Set(body.company_ids)];
      const below = await companiesBelow(db, auth, path, wanted);
      // A company not below the file's one answers as one the caller cannot see, and as a missing one.
      if (below.length !== wanted.length) {
        throw fieldError(
          'company_ids',
          `A file is shared only with companies below its own company (${row.ownerName}).`,
        );
      }
      const before = await fileAnswer(db, auth, row);
      await db.transaction(async (tx) => replaceShares(tx as unknown as Db, row.file.id, wanted));
      const data = await fileAnswer(db, auth, row);
      return {
        data,
        audit: {
          companyId: row.file.companyId,
          entityId: String(row.file.id),
          before: { name: before.name, kind: before.kind, shared_with: before.shared_with_names },
          after: {
            name: data.name,
            kind: data.kind,
            shared_with: data.shared_with_names,
            company_ids: data.shared_with,
          },
        },
      };
    },
  });

  registry.add(router, {
    method: 'delete',
    path: '/files/:id',
    summary:
      'Removes a file: its row, then its content. Global firmware needs upload_files_global_scope; a file a firmware campaign uses stays (409). Credits spent on it are not refunded.',
    tag: 'files',
    access: { permission: 'manage_files' },
    event: 'file.delete',
    params: idParam,
    response: companyFileSchema,
    statuses: { 409: 'A firmware campaign uses the file' },
    handler: async ({ auth, params }) => {
      const row = await manageableFileRow(db, auth, params.id);
      const campaigns = await campaignsUsing(db, row.file.id);
      if (campaigns.unfinished > 0) {
        throw conflict(
          `${row.file.name} is the image of a firmware campaign that has not finished: cancel the campaign or wait until it ends, then delete the file.`,
        );
      }
      // A finished campaign keeps its summary (task_groups.file_id is set to null).
      const data = await fileAnswer(db, auth, row);
      const removed = await deleteFileRow(db, row.file.id);
      if (!removed) throw forbidden(); // removed meanwhile: as if it never existed
      await store.remove(row.file.id);
      return {
        data,
        audit: {
          companyId: row.file.companyId ?? auth.companyId,
          entityId: String(row.file.id),
          before: auditedFile(data),
          after: undefined,
        },
      };
    },
  });
}
