import { eq, like, type SQL, sql } from 'drizzle-orm';
import { companies, devices } from '../../db/schema.ts';
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

/** Spec §9: tier levels are shown as an ordinal followed by 'level company'. */
export function levelOf(depth: number): number {
  return depth + 1;
}
