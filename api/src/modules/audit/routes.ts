import { auditLogEntrySchema } from '@fleetport/contracts/audit';
import { idSchema } from '@fleetport/contracts/fields';
import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Router } from 'express';
import { z } from 'zod';
import { auditLog, companies, users } from '../../db/schema.ts';
import type { ApiDeps } from '../../deps.ts';
import { contains, listQuerySchema, pickFields } from '../../http/list-query.ts';
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
  'user_email',
  'company_name',
] as const;

export function registerAuditRoutes(registry: RouteRegistry, router: Router, deps: ApiDeps): void {
  const { db } = deps;
  registry.add(router, {
    method: 'get',
    path: '/audit-log',
    summary:
      'The audit log of the companies the caller may see, newest first; `q` searches the action, the entity and the user e-mail.',
    tag: 'audit',
    access: { permission: 'view_audit_log' },
    query: listQuerySchema(FIELDS, { company_id: idSchema.optional() }),
    response: z.array(auditLogEntrySchema),
    handler: async ({ auth, query }) => {
      const conditions: SQL[] = [visibleCompanies(auth)];
      if (query.company_id !== undefined) conditions.push(eq(auditLog.companyId, query.company_id));
      if (query.q) {
        const term = contains(query.q);
        const search = or(
          ilike(auditLog.action, term),
          ilike(auditLog.entity, term),
          ilike(users.email, term),
        );
        if (search) conditions.push(search);
      }
      const where = and(...conditions);
      const [rows, [total]] = await Promise.all([
        db
          .select({ entry: auditLog, userEmail: users.email, companyName: companies.name })
          .from(auditLog)
          .innerJoin(companies, eq(companies.id, auditLog.companyId))
          .leftJoin(users, eq(users.id, auditLog.userId))
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
          .leftJoin(users, eq(users.id, auditLog.userId))
          .where(where),
      ]);
      const data = rows.map(({ entry, userEmail, companyName }) => ({
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
        user_email: userEmail,
        company_name: companyName,
      }));
      return { data: pickFields(data, query.fields), meta: { total: total?.value ?? 0 } };
    },
  });
}
