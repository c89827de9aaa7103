import { companyListItemSchema } from '@fleetport/contracts/companies';
import { idSchema, integerSchema, textSchema } from '@fleetport/contracts/fields';
import { and, asc, count, desc, eq, ilike, notLike, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Router } from 'express';
import { z } from 'zod';
import { companies, companyData, creditBalances, creditTypes, users } from '../../db/schema.ts';
import type { ApiDeps } from '../../deps.ts';
import { forbidden } from '../../http/errors.ts';
import { contains, listQuerySchema, pickFields } from '../../http/list-query.ts';
import { idParam, type RouteRegistry } from '../../http/route.ts';
import { canSeeCompany, levelOf, visibleCompanies } from './scope.ts';

const parents = alias(companies, 'parents');

/** Per-company user and direct-subsidiary counts, as subqueries to join (list and tree). */
export function companyCounts(db: ApiDeps['db']) {
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

const FIELDS = [
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

const listQuery = listQuerySchema(FIELDS, {
  id: idSchema.optional(),
  parent_id: idSchema.optional(),
  level: integerSchema({ min: 1, max: 100 }).optional(),
  name: textSchema().max(200).optional().describe('the name contains this (case aside)'),
  parent_name: textSchema().max(200).optional().describe("the parent's name contains this"),
  exclude_subtree: idSchema
    .optional()
    .describe('leaves out this company and its subsidiaries (the targets of a move)'),
});

export const toCompany = (row: typeof companies.$inferSelect) => ({
  id: row.id,
  name: row.name,
  parent_id: row.parentId,
  level: levelOf(row.depth),
  show_payment: row.showPayment,
  created_at: row.createdAt.toISOString(),
});

type ListRow = {
  company: typeof companies.$inferSelect;
  parentName: string | null;
  users: number;
  devices: number;
  subsidiaries: number;
  creditsLeft: number;
  remainingData: number;
};

const toListItem = (row: ListRow) => ({
  ...toCompany(row.company),
  parent_name: row.parentName,
  users: row.users,
  devices: row.devices,
  subsidiaries: row.subsidiaries,
  credits_left: row.creditsLeft,
  remaining_data: row.remainingData,
});

export function registerCompanyRoutes(registry: RouteRegistry, router: Router, deps: ApiDeps): void {
  const { db } = deps;
  const counts = companyCounts(db);

  /** The list's rows: each company with its parent's name and its counts. */
  const listRows = (where: SQL | undefined) =>
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

  registry.add(router, {
    method: 'get',
    path: '/companies',
    summary: 'Companies the caller may see: list conventions (limit, offset, q, sort, fields).',
    tag: 'companies',
    access: { permission: 'view_companies' },
    query: listQuery,
    response: z.array(companyListItemSchema),
    handler: async ({ auth, query }) => {
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
      } satisfies Record<(typeof FIELDS)[number], unknown>;
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
        listRows(where)
          .orderBy(...order, asc(companies.id))
          .limit(query.limit)
          .offset(query.offset),
        db
          .select({ value: count() })
          .from(companies)
          .leftJoin(parents, eq(parents.id, companies.parentId))
          .where(where),
      ]);
      const items = rows.map(toListItem);
      return { data: pickFields(items, query.fields), meta: { total: total?.value ?? 0 } };
    },
  });

  registry.add(router, {
    method: 'get',
    path: '/companies/:id',
    summary:
      "One company with its parent's name and counts; 403 alike for another tenant's company and for one that does not exist.",
    tag: 'companies',
    access: { permission: 'view_companies' },
    params: idParam,
    response: companyListItemSchema,
    handler: async ({ auth, params }) => {
      const [row] = await listRows(eq(companies.id, params.id));
      if (!row || !canSeeCompany(auth, row.company)) throw forbidden();
      return { data: toListItem(row) };
    },
  });
}
