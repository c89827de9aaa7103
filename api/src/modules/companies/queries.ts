import type { Company, CompanyListItem, CompanyTreeNode } from '@fleetport/contracts/companies';
import { and, asc, count, desc, eq, ilike, notLike, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { companies, companyData, creditBalances, creditTypes, users } from '../../db/schema.ts';
import { forbidden } from '../../http/errors.ts';
import { contains, type SortKey } from '../../http/list-query.ts';
import type { AuthContext } from '../auth/context.ts';
import { canSeeCompany, levelOf, visibleCompanies } from './scope.ts';

const parents = alias(companies, 'parents');

/** Per-company user and direct-subsidiary counts, as subqueries to join (list and tree). */
export function companyCounts(db: Db) {
  const userCounts = db
    .select({ companyId: users.companyId, users: count().as('users') })
    .from(users)
    .groupBy(users.companyId)
    .as('user_counts');
  const children = db
    .select({ parentId: companies.parentId, subsidiaries: count().as('subsidiaries') })
    .from(companies)
    .groupBy(companies.parentId)
    .as('children');
  const credits = db
    .select({
      companyId: creditBalances.companyId,
      credits: sql<number>`sum(${creditBalances.amount})`.as('credits'),
    })
    .from(creditBalances)
    .innerJoin(creditTypes, eq(creditTypes.id, creditBalances.creditTypeId))
    .where(eq(creditTypes.paymentType, 'paid'))
    .groupBy(creditBalances.companyId)
    .as('credit_sums');
  return {
    userCounts,
    children,
    credits,
    creditsLeft: sql<number>`coalesce(${credits.credits}, 0)`.mapWith(Number),
    remainingData: sql<number>`coalesce(${companyData.remainingGb}, 0)`.mapWith(Number),
    users: sql<number>`coalesce(${userCounts.users}, 0)`.mapWith(Number),
    /** Kept on the company by a trigger (migration 0012), not counted per request. */
    devices: companies.deviceCount,
    subsidiaries: sql<number>`coalesce(${children.subsidiaries}, 0)`.mapWith(Number),
  };
}

export const COMPANY_FIELDS = [
  'id',
  'name',
  'parent_id',
  'parent_name',
  'level',
  'users',
  'devices',
  'subsidiaries',
  'credits_left',
  'remaining_data',
  'show_payment',
  'created_at',
] as const;

/** A company as the writes answer it. */
export const toCompany = (row: typeof companies.$inferSelect): Company => ({
  id: row.id,
  name: row.name,
  parent_id: row.parentId,
  level: levelOf(row.depth),
  show_payment: row.showPayment,
  created_at: row.createdAt.toISOString(),
});

/** The list's rows: each company with its parent's name and its counts. */
const listRows = (db: Db, where: SQL | undefined, counts = companyCounts(db)) =>
  db
    .select({
      company: companies,
      parentName: parents.name,
      users: counts.users,
      devices: counts.devices,
      subsidiaries: counts.subsidiaries,
      creditsLeft: counts.creditsLeft,
      remainingData: counts.remainingData,
    })
    .from(companies)
    .leftJoin(parents, eq(parents.id, companies.parentId))
    .leftJoin(counts.userCounts, eq(counts.userCounts.companyId, companies.id))
    .leftJoin(counts.children, eq(counts.children.parentId, companies.id))
    .leftJoin(counts.credits, eq(counts.credits.companyId, companies.id))
    .leftJoin(companyData, eq(companyData.companyId, companies.id))
    .where(where)
    .$dynamic();
type ListRow = Awaited<ReturnType<typeof listRows>>[number];

const toListItem = (row: ListRow): CompanyListItem => ({
  ...toCompany(row.company),
  parent_name: row.parentName,
  users: row.users,
  devices: row.devices,
  subsidiaries: row.subsidiaries,
  credits_left: row.creditsLeft,
  remaining_data: row.remainingData,
});

/** A page of the companies the caller sees, each with its parent's name and counts, and their count. */
export async function listCompanies(
  db: Db,
  auth: AuthContext,
  query: {
    q?: string;
    name?: string;
    parent_name?: string;
    id?: number;
    parent_id?: number;
    level?: number;
    exclude_subtree?: number;
    sort: SortKey<(typeof COMPANY_FIELDS)[number]>[];
    limit: number;
    offset: number;
  },
): Promise<{ rows: CompanyListItem[]; total: number }> {
  const counts = companyCounts(db);
  const sortable = {
    id: companies.id,
    name: companies.name,
    parent_id: companies.parentId,
    parent_name: parents.name,
    level: companies.depth,
    users: counts.users,
    devices: counts.devices,
    subsidiaries: counts.subsidiaries,
    credits_left: counts.creditsLeft,
    remaining_data: counts.remainingData,
    show_payment: companies.showPayment,
    created_at: companies.createdAt,
  } satisfies Record<(typeof COMPANY_FIELDS)[number], unknown>;
  const conditions: SQL[] = [visibleCompanies(auth)];
  if (query.q) conditions.push(ilike(companies.name, contains(query.q)));
  if (query.name) conditions.push(ilike(companies.name, contains(query.name)));
  if (query.parent_name) conditions.push(ilike(parents.name, contains(query.parent_name)));
  if (query.id !== undefined) conditions.push(eq(companies.id, query.id));
  if (query.parent_id !== undefined) {
    // The subsidiaries of a company the caller sees: an unseen parent (the caller's own
    // company's) names nothing, as a missing one does.
    const [parent] = await db
      .select({ id: companies.id })
      .from(companies)
      .where(and(eq(companies.id, query.parent_id), visibleCompanies(auth)));
    conditions.push(parent ? eq(companies.parentId, parent.id) : sql`false`);
  }
  if (query.level !== undefined) conditions.push(eq(companies.depth, query.level - 1));
  if (query.exclude_subtree !== undefined) {
    // Only a company the caller sees: an unseen ancestor would empty the list, telling that
    // it exists (and is above the caller) where a missing id changes nothing.
    const [excluded] = await db
      .select({ path: companies.path })
      .from(companies)
      .where(and(eq(companies.id, query.exclude_subtree), visibleCompanies(auth)));
    if (excluded) conditions.push(notLike(companies.path, `${excluded.path}%`));
  }
  const where = and(...conditions);
  const order = query.sort.map((key) => {
    const column = sortable[key.field];
    return key.descending ? desc(column) : asc(column);
  });
  const [rows, [total]] = await Promise.all([
    listRows(db, where, counts)
      .orderBy(...order, asc(companies.id))
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({ value: count() })
      .from(companies)
      .leftJoin(parents, eq(parents.id, companies.parentId))
      .where(where),
  ]);
  return { rows: rows.map(toListItem), total: total?.value ?? 0 };
}

/** One company with its parent's name and counts; 403 alike for one the caller may not see and a missing one. */
export async function companyListItem(db: Db, auth: AuthContext, id: number): Promise<CompanyListItem> {
  const [row] = await listRows(db, eq(companies.id, id));
  if (!row || !canSeeCompany(auth, row.company)) throw forbidden();
  return toListItem(row);
}

/** The companies the caller sees, in tree order, with user and subsidiary counts. */
export async function companyTree(db: Db, auth: AuthContext): Promise<CompanyTreeNode[]> {
  const counts = companyCounts(db);
  const rows = await db
    .select({
      company: companies,
      users: counts.users,
      devices: counts.devices,
      subsidiaries: counts.subsidiaries,
    })
    .from(companies)
    .leftJoin(counts.userCounts, eq(counts.userCounts.companyId, companies.id))
    .leftJoin(counts.children, eq(counts.children.parentId, companies.id))
    .where(visibleCompanies(auth))
    .orderBy(asc(companies.path));
  return rows.map((row) => ({
    id: row.company.id,
    name: row.company.name,
    parent_id: row.company.parentId,
    level: levelOf(row.company.depth),
    users: row.users,
    devices: row.devices,
    subsidiaries: row.subsidiaries,
  }));
}

/** A company's path (`/1/4/`), whoever may see it; undefined for no such company. */
export async function companyPathOf(db: Db, id: number): Promise<string | undefined> {
  const [company] = await db.select({ path: companies.path }).from(companies).where(eq(companies.id, id));
  return company?.path;
}
