import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Router } from 'express';
import { z } from 'zod';
import { auditLog, companies } from '../../db/schema.ts';
import type { ApiDeps } from '../../deps.ts';
import { listQuerySchema, pickFields } from '../../http/list-query.ts';
import type { RouteRegistry } from '../../http/route.ts';
import { visibleCompanies } from '../companies/scope.ts';

const FIELDS = [
  'id',
  'at',
  'actor_user_id',
  'user_id',
  'company_id',
  'action',
  'entity',
  'entity_id',
  'before',
  'after',
  'hash',
] as const;

export const auditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  actor_user_id: z.number().nullable().describe('the admin, while impersonating'),
  user_id: z.number().nullable(),
  company_id: z.number().nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  hash: z.string(),
});

export function registerAuditRoutes(registry: RouteRegistry, router: Router, deps: ApiDeps): void {
  const { db } = deps;
  registry.add(router, {
    method: 'get',
    path: '/audit-log',
    summary: 'The audit log of the companies the caller may see, newest first.',
    tag: 'audit',
    access: { permission: 'view_audit_log' },
    query: listQuerySchema(FIELDS, { company_id: z.coerce.number().int().positive().optional() }),
    response: z.array(auditEntrySchema),
    handler: async ({ auth, query }) => {
      const conditions: SQL[] = [visibleCompanies(auth)];
      if (query.company_id !== undefined) conditions.push(eq(auditLog.companyId, query.company_id));
      const where = and(...conditions);
      const [rows, [total]] = await Promise.all([
        db
          .select({ entry: auditLog })
          .from(auditLog)
          .innerJoin(companies, eq(companies.id, auditLog.companyId))
          .where(where)
          .orderBy(
            query.sort[0]?.field === 'id' && !query.sort[0].descending ? asc(auditLog.id) : desc(auditLog.id),
          )
          .limit(query.limit)
          .offset(query.offset),
        db
          .select({ value: count() })
          .from(auditLog)
          .innerJoin(companies, eq(companies.id, auditLog.companyId))
          .where(where),
      ]);
      const data = rows.map(({ entry }) => ({
        id: entry.id,
        at: entry.at.toISOString(),
        actor_user_id: entry.actorUserId,
        user_id: entry.userId,
        company_id: entry.companyId,
        action: entry.action,
        entity: entry.entity,
        entity_id: entry.entityId,
        before: entry.before,
        after: entry.after,
        hash: entry.hash,
      }));
      return { data: pickFields(data, query.fields), meta: { total: total?.value ?? 0 } };
    },
  });
}
