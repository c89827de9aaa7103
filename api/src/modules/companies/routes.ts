import { and, asc, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { Router } from 'express';
import { z } from 'zod';
import { companies } from '../../db/schema.ts';
import type { ApiDeps } from '../../deps.ts';
import { forbidden } from '../../http/errors.ts';
import { listQuerySchema, pickFields } from '../../http/list-query.ts';
import { idParam, type RouteRegistry } from '../../http/route.ts';
import { canSeeCompany, levelOf, visibleCompanies } from './scope.ts';

export const companySchema = z.object({
  id: z.number(),
  name: z.string(),
  parent_id: z.number().nullable(),
  level: z.number().describe('1 for a root company, 2 for its subsidiaries, …'),
  show_payment: z.boolean(),
  created_at: z.string(),
});

const FIELDS = ['id', 'name', 'parent_id', 'level', 'show_payment', 'created_at'] as const;
const SORTABLE = {
  id: companies.id,
  name: companies.name,
  parent_id: companies.parentId,
  level: companies.depth,
  show_payment: companies.showPayment,
  created_at: companies.createdAt,
} satisfies Record<(typeof FIELDS)[number], unknown>;

const listQuery = listQuerySchema(FIELDS, {
  parent_id: z.coerce.number().int().positive().optional(),
  level: z.coerce.number().int().min(1).max(100).optional(),
});

export const toCompany = (row: typeof companies.$inferSelect) => ({
  id: row.id,
  name: row.name,
  parent_id: row.parentId,
  level: levelOf(row.depth),
  show_payment: row.showPayment,
  created_at: row.createdAt.toISOString(),
});

export function registerCompanyRoutes(registry: RouteRegistry, router: Router, deps: ApiDeps): void {
  const { db } = deps;

  registry.add(router, {
    method: 'get',
    path: '/companies',
    summary: 'Companies the caller may see: list conventions (limit, offset, q, sort, fields).',
    tag: 'companies',
    access: { permission: 'view_companies' },
    query: listQuery,
    response: z.array(companySchema),
    handler: async ({ auth, query }) => {
      const conditions: SQL[] = [visibleCompanies(auth)];
      if (query.q) conditions.push(ilike(companies.name, `%${query.q.replace(/[\\%_]/g, '\\$&')}%`));
      if (query.parent_id !== undefined) conditions.push(eq(companies.parentId, query.parent_id));
      if (query.level !== undefined) conditions.push(eq(companies.depth, query.level - 1));
      const where = and(...conditions);
      const order = query.sort.map((key) => {
        const column = SORTABLE[key.field];
        return key.descending ? desc(column) : asc(column);
      });
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(companies)
          .where(where)
          .orderBy(...order, asc(companies.id))
          .limit(query.limit)
          .offset(query.offset),
        db.select({ value: count() }).from(companies).where(where),
      ]);
      return { data: pickFields(rows.map(toCompany), query.fields), meta: { total: total?.value ?? 0 } };
    },
  });

  registry.add(router, {
    method: 'get',
    path: '/companies/:id',
    summary: "One company; 403 alike for another tenant's company and for one that does not exist.",
    tag: 'companies',
    access: { permission: 'view_companies' },
    params: idParam,
    response: companySchema,
    handler: async ({ auth, params }) => {
      const [row] = await db.select().from(companies).where(eq(companies.id, params.id));
      if (!row || !canSeeCompany(auth, row)) throw forbidden();
      return { data: toCompany(row) };
    },
  });
}
