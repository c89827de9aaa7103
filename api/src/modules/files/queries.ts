import type { CompanyFile } from '@fleetport/contracts/files';
import { and, asc, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, files } from '../../db/schema.ts';
import { forbidden } from '../../http/errors.ts';
import { contains, type SortKey } from '../../http/list-query.ts';
import type { AuthContext } from '../auth/context.ts';
import { canSeeCompany, visibleCompanies } from '../companies/scope.ts';

export type FileRow = typeof files.$inferSelect;

export const FILE_FIELDS = [
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
} satisfies Record<(typeof FILE_FIELDS)[number], unknown>;

/** A file as the API answers it. */
export const toFile = (row: FileRow): CompanyFile => ({
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

/** A file the caller may see; 403 alike for another tenant's file and a missing one. */
export async function visibleFile(db: Db, auth: AuthContext, id: number): Promise<FileRow> {
  const [row] = await db
    .select({ file: files, company: companies })
    .from(files)
    .innerJoin(companies, eq(companies.id, files.companyId))
    .where(eq(files.id, id));
  if (!row || !canSeeCompany(auth, row.company)) throw forbidden();
  return row.file;
}

/** A page of the files of the companies the caller sees, and their count. */
export async function listFiles(
  db: Db,
  auth: AuthContext,
  query: {
    q?: string;
    company_id?: number;
    sort: SortKey<(typeof FILE_FIELDS)[number]>[];
    limit: number;
    offset: number;
  },
): Promise<{ rows: CompanyFile[]; total: number }> {
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
  return { rows: rows.map(({ file }) => toFile(file)), total: total?.value ?? 0 };
}

/** A new file's row (its content is kept by the FileStore). */
export async function insertFile(db: Db, file: typeof files.$inferInsert): Promise<FileRow> {
  const [row] = await db.insert(files).values(file).returning();
  if (!row) throw new Error('file row not inserted');
  return row;
}

/** Deletes a file's row; whether there was one. */
export async function deleteFileRow(db: Db, id: number): Promise<boolean> {
  const removed = await db.delete(files).where(eq(files.id, id)).returning();
  return removed.length > 0;
}
