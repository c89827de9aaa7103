import { auditLogEntrySchema, auditLogFilterShape } from '@fleetport/contracts/audit';
import { idSchema } from '@fleetport/contracts/fields';
import type { Router } from 'express';
import { z } from 'zod';
import type { ApiDeps } from '../../deps.ts';
import { listQuerySchema, pickFields } from '../../http/list-query.ts';
import type { RouteRegistry } from '../../http/route.ts';
import { AUDIT_FIELDS, listAuditLog } from './queries.ts';

/** The audit log (written by the registry through chain.ts), read per tenant. SQL: queries.ts. */
export function registerAuditRoutes(registry: RouteRegistry, router: Router, deps: ApiDeps): void {
  const { db } = deps;
  registry.add(router, {
    method: 'get',
    path: '/audit-log',
    summary:
      'The audit log of the companies the caller may see, newest first, each entry with its event type (contracts/src/audit-events.ts); `q` searches the event type, the entity and the user (e-mail, name); `event` keeps the entries of these event types (comma-separated).',
    tag: 'audit',
    access: { permission: 'view_audit_log' },
    query: listQuerySchema(AUDIT_FIELDS, { company_id: idSchema.optional(), ...auditLogFilterShape }),
    response: z.array(auditLogEntrySchema),
    handler: async ({ auth, query }) => {
      const { rows, total } = await listAuditLog(db, auth, query);
      return { data: pickFields(rows, query.fields), meta: { total } };
    },
  });
}
