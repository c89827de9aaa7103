import type { AuditLogEntry } from '@fleetport/contracts/audit';
import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog, companies, users } from '../../db/schema.ts';
import { contains, type SortKey } from '../../http/list-query.ts';
import type { AuthContext } from '../auth/context.ts';
import { visibleCompanies } from '../companies/scope.ts';

export const AUDIT_FIELDS = [
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

/**
 * A page of the audit log of the companies the caller sees, newest first (oldest first for
 * `sort=id`), and its count; `q` searches the action, the entity and the user's e-mail.
 */
export async function listAuditLog(
  db: Db,
  auth: AuthContext,
  query: {
    q?: string;
    company_id?: number;
    sort: SortKey<(typeof AUDIT_FIELDS)[number]>[];
    limit: number;
    offset: number;
  },
): Promise<{ rows: AuditLogEntry[]; total: number }> {
  const conditions: SQL[] = [visibleCompanies(auth)];
  if (query.company_id !== undefined) conditions.push(eq(auditLog.companyId, query.company_id));
  if (query.q) {
    const term = contains(query.q);
    const search = or(ilike(auditLog.action, term), ilike(auditLog.entity, term), ilike(users.email, term));
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
  return {
    rows: rows.map(({ entry, userEmail, companyName }) => ({
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
    })),
    total: total?.value ?? 0,
  };
}
