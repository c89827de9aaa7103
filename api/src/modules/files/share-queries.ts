import { FILE_SHARES_MAX } from '@fleetport/contracts/files';
import { and, asc, eq, inArray, like, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, fileShares } from '../../db/schema.ts';
import type { AuthContext } from '../auth/context.ts';
import { levelOf, visibleCompanies } from '../companies/scope.ts';

/*
 * File permissions (spec §2): a company's file shared with chosen companies below its company.
 * Those companies' users see and download it; the shares are the owner's side's business.
 */

/**
 * Which of `ids` are companies strictly below `path` (the file's company) that the caller sees:
 * the companies a file may be shared with.
 */
export async function companiesBelow(
  db: Db,
  auth: AuthContext,
  path: string,
  ids: readonly number[],
): Promise<{ id: number; name: string }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(
      and(
        inArray(companies.id, [...ids]),
        like(companies.path, `${path}%`),
        ne(companies.path, path),
        visibleCompanies(auth),
      ),
    )
    .orderBy(asc(companies.name));
}

/** The companies strictly below `path` that the caller sees, in tree order (File permissions' choices). */
export async function shareChoices(
  db: Db,
  auth: AuthContext,
  path: string,
): Promise<{ id: number; name: string; level: number }[]> {
  const rows = await db
    .select({ id: companies.id, name: companies.name, depth: companies.depth })
    .from(companies)
    .where(and(like(companies.path, `${path}%`), ne(companies.path, path), visibleCompanies(auth)))
    .orderBy(asc(companies.path))
    .limit(FILE_SHARES_MAX);
  return rows.map((row) => ({ id: row.id, name: row.name, level: levelOf(row.depth) }));
}

/** The ids of the companies a file is shared with (all of them: the owner's side sees them). */
export async function sharedWith(db: Db, fileId: number): Promise<number[]> {
  const rows = await db
    .select({ id: fileShares.companyId })
    .from(fileShares)
    .where(eq(fileShares.fileId, fileId))
    .orderBy(asc(fileShares.companyId));
  return rows.map((row) => row.id);
}

/** Replaces the companies a file is shared with. */
export async function replaceShares(db: Db, fileId: number, companyIds: readonly number[]): Promise<void> {
  await db.delete(fileShares).where(eq(fileShares.fileId, fileId));
  if (companyIds.length > 0) {
    await db.insert(fileShares).values(companyIds.map((companyId) => ({ fileId, companyId })));
  }
}
