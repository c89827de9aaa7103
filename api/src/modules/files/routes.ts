import { open } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { idSchema } from '@fleetport/contracts/fields';
import { companyFileSchema, uploadFileSchema } from '@fleetport/contracts/files';
import { and, asc, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { Router } from 'express';
import { z } from 'zod';
import { filesDir } from '../../config.ts';
import { companies, files } from '../../db/schema.ts';
import type { ApiDeps } from '../../deps.ts';
import { fieldError, forbidden, notFound } from '../../http/errors.ts';
import { contains, listQuerySchema, pickFields } from '../../http/list-query.ts';
import { idParam, type RouteRegistry } from '../../http/route.ts';
import type { AuthContext } from '../auth/context.ts';
import { canSeeCompany, visibleCompanies } from '../companies/scope.ts';
import { attachment, FileStore } from './store.ts';

const FIELDS = [
  'id',
  'company_id',
  'name',
  'size',
  'sha256',
  'mime_type',
  'description',
  'uploaded_by',
  'created_at',
] as const;
const SORTABLE = {
  id: files.id,
  company_id: files.companyId,
  name: files.name,
  size: files.size,
  sha256: files.sha256,
  mime_type: files.mimeType,
  description: files.description,
  uploaded_by: files.uploadedBy,
  created_at: files.createdAt,
} satisfies Record<(typeof FIELDS)[number], unknown>;

const toFile = (row: typeof files.$inferSelect) => ({
  id: row.id,
  company_id: row.companyId,
  name: row.name,
  size: row.size,
  sha256: row.sha256,
  mime_type: row.mimeType,
  description: row.description,
  uploaded_by: row.uploadedBy,
  created_at: row.createdAt.toISOString(),
});

export function registerFileRoutes(registry: RouteRegistry, router: Router, deps: ApiDeps): void {
  const { db, log } = deps;
  const store = new FileStore(filesDir(deps.config));

  /** A file the caller may see; 403 alike for another tenant's file and a missing one. */
  const visibleFile = async (auth: AuthContext, id: number) => {
    const [row] = await db
      .select({ file: files, company: companies })
      .from(files)
      .innerJoin(companies, eq(companies.id, files.companyId))
      .where(eq(files.id, id));
    if (!row || !canSeeCompany(auth, row.company)) throw forbidden();
    return row.file;
  };

  registry.add(router, {
    method: 'post',
    path: '/files',
    summary: 'Uploads a file to a company the caller may see (multipart: company_id, description, file).',
    tag: 'files',
    access: { permission: 'manage_files' },
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
      const [company] = await db.select().from(companies).where(eq(companies.id, body.company_id));
      if (!company || !canSeeCompany(auth, company)) throw forbidden();
      if (!upload) throw fieldError('file', 'is required');
      const [row] = await db
        .insert(files)
        .values({
          companyId: company.id,
          name: upload.name,
          size: upload.size,
          sha256: upload.sha256,
          mimeType: upload.mimeType,
          description: body.description || null,
          uploadedBy: auth.userId,
        })
        .returning();
      if (!row) throw new Error('file row not inserted');
      try {
        await store.keep(upload.path, row.id);
      } catch (error) {
        await db.delete(files).where(eq(files.id, row.id));
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
    query: listQuerySchema(FIELDS, { company_id: idSchema.optional() }),
    response: z.array(companyFileSchema),
    handler: async ({ auth, query }) => {
      const conditions: SQL[] = [visibleCompanies(auth)];
      if (query.q) conditions.push(ilike(files.name, contains(query.q)));
      if (query.company_id !== undefined) conditions.push(eq(files.companyId, query.company_id));
      const where = and(...conditions);
      const order = query.sort.map((key) =>
        key.descending ? desc(SORTABLE[key.field]) : asc(SORTABLE[key.field]),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({ file: files })
          .from(files)
          .innerJoin(companies, eq(companies.id, files.companyId))
          .where(where)
          .orderBy(...order, asc(files.id))
          .limit(query.limit)
          .offset(query.offset),
        db
          .select({ value: count() })
          .from(files)
          .innerJoin(companies, eq(companies.id, files.companyId))
          .where(where),
      ]);
      return {
        data: pickFields(
          rows.map(({ file }) => toFile(file)),
          query.fields,
        ),
        meta: { total: total?.value ?? 0 },
      };
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
      const file = await visibleFile(auth, params.id);
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
    params: idParam,
    response: companyFileSchema,
    handler: async ({ auth, params }) => {
      const file = await visibleFile(auth, params.id);
      const removed = await db.delete(files).where(eq(files.id, file.id)).returning();
      if (removed.length === 0) throw forbidden(); // removed meanwhile: as if it never existed
      await store.remove(file.id);
      const data = toFile(file);
      return {
        data,
        audit: { companyId: file.companyId, entityId: String(file.id), before: data, after: undefined },
      };
    },
  });
}
