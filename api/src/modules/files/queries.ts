import type { CompanyFile, FileKind } from '@fleetport/contracts/files';
import { and, asc, count, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { companies, devices, fileShares, files, taskGroups, users } from '../../db/schema.ts';
import { forbidden } from '../../http/errors.ts';
import { contains, type SortKey } from '../../http/list-query.ts';
import type { AuthContext } from '../auth/context.ts';
import { canSeeCompany, visibleCompanies, visibleDevices } from '../companies/scope.ts';

export type FileRow = typeof files.$inferSelect;

/** The file's company (none for the global catalogue) and its uploader, beside the file. */
const owner = alias(companies, 'owner');
const uploader = alias(users, 'uploader');

/** The fields a list may be asked for (`fields`) and sorted by (`sort`). */
export const FILE_FIELDS = [
  'id',
  'company_id',
  'company_name',
  'name',
  'size',
  'sha256',
  'mime_type',
  'description',
  'kind',
  'version',
  'families',
  'release_notes',
  'global',
  'shared_with',
  'shared_with_names',
  'uploaded_by',
  'uploaded_by_name',
  'created_at',
  'device_id',
  'device_name',
  'config_revision',
] as const;
type FileField = (typeof FILE_FIELDS)[number];

const shareCount = sql`(select count(*) from ${fileShares} where ${fileShares.fileId} = ${files.id})`;
const SORTABLE = {
  id: files.id,
  company_id: files.companyId,
  company_name: owner.name,
  name: files.name,
  size: files.size,
  sha256: files.sha256,
  mime_type: files.mimeType,
  description: files.description,
  kind: files.kind,
  version: files.version,
  families: files.families,
  release_notes: files.releaseNotes,
  global: sql`${files.companyId} is null`,
  shared_with: shareCount,
  shared_with_names: shareCount,
  uploaded_by: files.uploadedBy,
  uploaded_by_name: uploader.username,
  created_at: files.createdAt,
  device_id: files.deviceId,
  device_name: devices.name,
  config_revision: files.configRevision,
} satisfies Record<FileField, unknown>;

/** A file with its company, its uploader and (a backup) its device, named only when the caller sees it. */
const selectFiles = (db: Db, auth: AuthContext, where: SQL | undefined) =>
  db
    .select({
      file: files,
      ownerName: owner.name,
      ownerPath: owner.path,
      uploaderName: uploader.username,
      deviceName: devices.name,
    })
    .from(files)
    .leftJoin(owner, eq(owner.id, files.companyId))
    .leftJoin(uploader, eq(uploader.id, files.uploadedBy))
    .leftJoin(devices, and(eq(devices.id, files.deviceId), visibleDevices(auth)))
    .where(where)
    .$dynamic();
type JoinedRow = Awaited<ReturnType<typeof selectFiles>>[number];

/**
 * The files a caller sees (spec §2 Files, Global Firmware, File permissions), as a condition on
 * `files`: those of the companies the caller sees (spec §6 scope), the global firmware catalogue
 * (the routes ask view_files), and the files shared with a company the caller sees.
 */
export function visibleFiles(auth: AuthContext): SQL {
  if (auth.scope === 'all') return sql`true`;
  const seen = visibleCompanies(auth);
  return or(
    isNull(files.companyId),
    sql`${files.companyId} in (select ${companies.id} from ${companies} where ${seen})`,
    sql`${files.id} in (select ${fileShares.fileId} from ${fileShares} inner join ${companies} on ${companies.id} = ${fileShares.companyId} where ${seen})`,
  ) as SQL;
}

/** Whether the caller sees the file's own company (not only a share of it). */
const ownsSide = (auth: AuthContext, row: JoinedRow) =>
  row.file.companyId !== null &&
  row.ownerPath !== null &&
  canSeeCompany(auth, { id: row.file.companyId, path: row.ownerPath });

/**
 * Who may delete a file and change its permissions: for a company's file, a holder of
 * manage_files who sees that company (a share is for reading); for global firmware, a holder of
 * upload_files_global_scope.
 */
export const canManage = (auth: AuthContext, row: JoinedRow): boolean =>
  row.file.companyId === null
    ? auth.can('upload_files_global_scope')
    : auth.can('manage_files') && ownsSide(auth, row);

type Share = { fileId: number; id: number; name: string };

/** The companies the files are shared with, of those the caller sees, by file. */
async function sharesOf(db: Db, auth: AuthContext, ids: readonly number[]): Promise<Map<number, Share[]>> {
  const byFile = new Map<number, Share[]>();
  if (ids.length === 0) return byFile;
  const rows = await db
    .select({ fileId: fileShares.fileId, id: companies.id, name: companies.name })
    .from(fileShares)
    .innerJoin(companies, eq(companies.id, fileShares.companyId))
    .where(and(inArray(fileShares.fileId, [...ids]), visibleCompanies(auth)))
    .orderBy(asc(companies.name), asc(companies.id));
  for (const row of rows) byFile.set(row.fileId, [...(byFile.get(row.fileId) ?? []), row]);
  return byFile;
}

/** A file as the API answers it to this caller. */
function toFile(auth: AuthContext, row: JoinedRow, shares: readonly Share[]): CompanyFile {
  const { file } = row;
  // The shares are the owner's business: a company a file is shared with does not see the others.
  const shared = ownsSide(auth, row) ? shares : [];
  return {
    id: file.id,
    company_id: file.companyId,
    company_name: row.ownerName,
    name: file.name,
    size: file.size,
    sha256: file.sha256,
    mime_type: file.mimeType,
    description: file.description,
    kind: file.kind,
    version: file.version,
    families: file.families,
    release_notes: file.releaseNotes,
    global: file.companyId === null,
    shared_with: shared.map((share) => share.id),
    shared_with_names: shared.map((share) => share.name),
    can_manage: canManage(auth, row),
    uploaded_by: file.uploadedBy,
    uploaded_by_name: row.uploaderName,
    created_at: file.createdAt.toISOString(),
    device_id: row.deviceName === null ? null : file.deviceId,
    device_name: row.deviceName,
    config_revision: file.configRevision,
  };
}

/** A file the caller sees, with its company and uploader; 403 alike for another tenant's file and a missing one. */
export async function visibleFileRow(db: Db, auth: AuthContext, id: number): Promise<JoinedRow> {
  const [row] = await selectFiles(db, auth, and(eq(files.id, id), visibleFiles(auth)));
  if (!row) throw forbidden();
  return row;
}

/** A file the caller sees (its own company's, global firmware, or shared with it); 403 otherwise. */
export async function visibleFile(db: Db, auth: AuthContext, id: number): Promise<FileRow> {
  return (await visibleFileRow(db, auth, id)).file;
}

/** A file the caller may delete and share (see {@link canManage}); 403 alike otherwise. */
export async function manageableFileRow(db: Db, auth: AuthContext, id: number): Promise<JoinedRow> {
  const row = await visibleFileRow(db, auth, id);
  if (!canManage(auth, row)) throw forbidden();
  return row;
}

/** One file as the API answers it (after a write). */
export async function fileAnswer(db: Db, auth: AuthContext, row: JoinedRow): Promise<CompanyFile> {
  const shares = await sharesOf(db, auth, [row.file.id]);
  return toFile(auth, row, shares.get(row.file.id) ?? []);
}

/** What the audit log records of a file (the console's sentences read kind, company and name). */
export const auditedFile = (file: CompanyFile) => ({
  name: file.name,
  kind: file.kind,
  global: file.global,
  company_name: file.company_name,
  version: file.version,
  families: file.families,
  size: file.size,
  sha256: file.sha256,
  description: file.description,
});

export interface FileListQuery {
  q?: string | undefined;
  company_id?: number | undefined;
  kind?: FileKind | undefined;
  /** `global`: the global firmware catalogue only. */
  scope?: 'global' | undefined;
  sort: SortKey<FileField>[];
  limit: number;
  offset: number;
}

/** A page of the files the caller sees (newest first unless sorted), and their count. */
export async function listFiles(
  db: Db,
  auth: AuthContext,
  query: FileListQuery,
): Promise<{ rows: CompanyFile[]; total: number }> {
  const conditions: SQL[] = [visibleFiles(auth)];
  if (query.q) conditions.push(ilike(files.name, contains(query.q)));
  if (query.company_id !== undefined) conditions.push(eq(files.companyId, query.company_id));
  if (query.kind) conditions.push(eq(files.kind, query.kind));
  if (query.scope === 'global') conditions.push(isNull(files.companyId));
  const where = and(...conditions);
  const order = query.sort.length
    ? query.sort.map((key) => (key.descending ? desc(SORTABLE[key.field]) : asc(SORTABLE[key.field])))
    : [desc(files.createdAt)];
  const [rows, [total]] = await Promise.all([
    selectFiles(db, auth, where)
      .orderBy(...order, desc(files.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ value: count() }).from(files).where(where),
  ]);
  const shares = await sharesOf(
    db,
    auth,
    rows.filter((row) => ownsSide(auth, row)).map((row) => row.file.id),
  );
  return {
    rows: rows.map((row) => toFile(auth, row, shares.get(row.file.id) ?? [])),
    total: total?.value ?? 0,
  };
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

/** The task groups that name the file as their image: whether any is unfinished, and whether any is. */
export async function campaignsUsing(db: Db, id: number): Promise<{ unfinished: number; any: number }> {
  const [row] = await db
    .select({
      any: count(),
      unfinished:
        sql<number>`count(*) filter (where ${taskGroups.state} in ('scheduled', 'running', 'paused'))`.mapWith(
          Number,
        ),
    })
    .from(taskGroups)
    .where(eq(taskGroups.fileId, id));
  return { unfinished: row?.unfinished ?? 0, any: row?.any ?? 0 };
}
