import { and, eq, like, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, devices } from '../../db/schema.ts';
import { forbidden } from '../../http/errors.ts';
import type { AuthContext } from '../auth/context.ts';

/**
 * The companies a caller may see (spec §6), as a condition on `companies`:
 * `all` (super_admin, support) sees every company; `subtree` (admin, readonly_admin) its own
 * company and everything below it; `company` (end_user, read_only) its own company only.
 * A subtree is one indexed prefix scan on the materialised path.
 */
export function visibleCompanies(auth: AuthContext): SQL {
  switch (auth.scope) {
    case 'all':
      return sql`true`;
    case 'subtree':
      return like(companies.path, `${auth.companyPath}%`);
    case 'company':
      return eq(companies.id, auth.companyId);
  }
}

/**
 * The same rule as a condition on `devices` alone, through the company path each device carries
 * (migration 0012): the planner then estimates a subtree's devices from the devices table's own
 * statistics, and a list needs no join to decide what a tenant sees.
 */
export function visibleDevices(auth: AuthContext): SQL {
  switch (auth.scope) {
    case 'all':
      return sql`true`;
    case 'subtree':
      return like(devices.companyPath, `${auth.companyPath}%`);
    case 'company':
      return eq(devices.companyId, auth.companyId);
  }
}

/**
 * What a company shares down its tree (task lists, configuration templates): of the companies
 * the caller sees, and of those above its own, as a condition on `companies` joined to it.
 */
export const sharedWith = (auth: AuthContext): SQL =>
  sql`(${visibleCompanies(auth)} OR ${auth.companyPath} LIKE ${companies.path} || '%')`;

/** Whether the caller may see (or act on) the company with this path. */
export function canSeeCompany(auth: AuthContext, company: { id: number; path: string }): boolean {
  switch (auth.scope) {
    case 'all':
      return true;
    case 'subtree':
      return company.path.startsWith(auth.companyPath);
    case 'company':
      return company.id === auth.companyId;
  }
}

/**
 * The company a request names (a company id in a body, query or path), if the caller may see it.
 * One the caller may not see is answered exactly as one that does not exist: the same 403
 * (api/README), from one query with the scope in it, so no answer tells them apart.
 */
export async function visibleCompanyById(
  db: Db,
  auth: AuthContext,
  id: number,
): Promise<typeof companies.$inferSelect> {
  const [company] = await db
    .select()
    .from(companies)
    .where(and(eq(companies.id, id), visibleCompanies(auth)));
  if (!company) throw forbidden();
  return company;
}

/** Spec §9: tier levels are shown as an ordinal followed by 'level company'. */
export function levelOf(depth: number): number {
  return depth + 1;
}
