import { open } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { idSchema } from '@fleetport/contracts/fields';
import { companyFileSchema, uploadFileSchema } from '@fleetport/contracts/files';
import type { Router } from 'express';
import { z } from 'zod';
import { filesDir } from '../../config.ts';
import type { ApiDeps } from '../../deps.ts';
import { fieldError, forbidden, notFound } from '../../http/errors.ts';
import { listQuerySchema, pickFields } from '../../http/list-query.ts';
import { idParam, type RouteRegistry } from '../../http/route.ts';
import { visibleCompanyById } from '../companies/scope.ts';
import { deleteFileRow, FILE_FIELDS, insertFile, listFiles, toFile, visibleFile } from './queries.ts';
import { attachment, FileStore } from './store.ts';

/**
 * Company files (spec §2 /files, §7 POST /files, §9): uploaded into a company the caller sees,
 * listed, downloaded as an attachment and deleted. The bytes are in the FileStore (FILES_DIR);
 * the rows' SQL in queries.ts.
 */
export function registerFileRoutes(registry: RouteRegistry, router: Router, deps: ApiDeps): void {
  const { db, log } = deps;
  const store = new FileStore(filesDir(deps.config));

  registry.add(router, {
    method: 'post',
    path: '/files',
    summary: 'Uploads a file to a company the caller may see (multipart: company_id, description, file).',
    tag: 'files',
    access: { permission: 'manage_files' },
    event: 'file.upload',
    multipart: { files: { file: { required: true } } },
    body: uploadFileSchema,
    response: companyFileSchema,
    statuses: {
      400: 'MALFORMED_MULTIPART or UPLOAD_INTERRUPTED',
      413: 'FILE_TOO_LARGE: over 80MB (83,886,080 bytes)',
      415: 'UNSUPPORTED_MEDIA_TYPE: not multipart/form-data',
    },
    handler: async ({ auth, body, files: [upload] }) => {
      // Mass assignment: a company the caller may not see answers as one that does not exist.
      const company = await visibleCompanyById(db, auth, body.company_id);
      if (!upload) throw fieldError('file', 'is required');
      const row = await insertFile(db, {
        companyId: company.id,
        name: upload.name,
        size: upload.size,
        sha256: upload.sha256,
        mimeType: upload.mimeType,
        description: body.description || null,
        uploadedBy: auth.userId,
      });
      try {
        await store.keep(upload.path, row.id);
      } catch (error) {
        await deleteFileRow(db, row.id);
        throw error;
      }
      const data = toFile(row);
      return {
        status: 201,
        data,
        audit: { companyId: company.id, entityId: String(row.id), after: data },
      };
    },
  });

  registry.add(router, {
    method: 'get',
    path: '/files',
    summary: 'Files of the companies the caller may see: list conventions, q on the name, company_id.',
    tag: 'files',
    access: { permission: 'view_files' },
    query: listQuerySchema(FILE_FIELDS, { company_id: idSchema.optional() }),
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
      const handle = await open(store.pathOf(file.id)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
        log.error({ fileId: file.id }, 'file content missing from FILES_DIR');
        throw notFound('The content of this file is missing.');
      });
      res.status(200).set({
        'Content-Type': 'application/octet-stream',
        'Content-Length': String(file.size),
        'Content-Disposition': attachment(file.name),
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'private, no-store',
      });
      await pipeline(handle.createReadStream(), res);
      return undefined;
    },
  });

  registry.add(router, {
    method: 'delete',
    path: '/files/:id',
    summary: 'Removes a file: its row, then its content.',
    tag: 'files',
    access: { permission: 'manage_files' },
    event: 'file.delete',
    params: idParam,
    response: companyFileSchema,
    handler: async ({ auth, params }) => {
      const file = await visibleFile(db, auth, params.id);
      if (!(await deleteFileRow(db, file.id))) throw forbidden(); // removed meanwhile: as if it never existed
      await store.remove(file.id);
      const data = toFile(file);
      return {
        data,
        audit: { companyId: file.companyId, entityId: String(file.id), before: data, after: undefined },
      };
    },
  });
}
