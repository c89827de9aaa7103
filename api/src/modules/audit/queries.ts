import type { AuditLogEntry } from '@fleetport/contracts/audit';
import type { AuditEvent } from '@fleetport/contracts/audit-events';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { auditLog, companies, devices, users } from '../../db/schema.ts';
import { contains, type SortKey } from '../../http/list-query.ts';
import type { AuthContext } from '../auth/context.ts';
import { visibleCompanies } from '../companies/scope.ts';
import { commandOutcomes, outcomeOf } from '../devices/command-queries.ts';

export const AUDIT_FIELDS = [
  'id',
  'at',
  'actor_user_id',
  'user_id',
  'company_id',
  'action',
  'entity',
  'entity_id',
  'event',
  'before',
  'after',
  'hash',
  'user_email',
  'user_name',
  'actor_name',
  'company_name',
  'subject_name',
  'outcome',
] as const;

/** The admin acting for the user, while impersonating. */
export const actors = alias(users, 'actors');

/**
 * Who acted, by e-mail and name, and the admin by name while impersonating (left joins of
 * `users` on the user and `actors` on the admin: either may be gone).
 */
export const whoColumns = { userEmail: users.email, userName: users.username, actorName: actors.username };

/** The names of the devices these entries are about, as they are now (by id). */
async function deviceNames(db: Db, entries: readonly { entity: string; entityId: string | null }[]) {
  const ids = [
    ...new Set(
      entries
        .filter((entry) => entry.entity === 'device' && /^\d{1,9}$/.test(entry.entityId ?? ''))
        .map((entry) => Number(entry.entityId)),
    ),
  ];
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ id: devices.id, name: devices.name })
    .from(devices)
    .where(inArray(devices.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/**
 * A page of the audit log of the companies the caller sees, newest first (oldest first for
 * `sort=id`), and its count; `q` searches the event type, the entity and the user's e-mail and
 * name; `event` keeps entries of those event types.
 */
export async function listAuditLog(
  db: Db,
  auth: AuthContext,
  query: {
    q?: string;
    company_id?: number;
    event?: AuditEvent[];
    sort: SortKey<(typeof AUDIT_FIELDS)[number]>[];
    limit: number;
    offset: number;
  },
): Promise<{ rows: AuditLogEntry[]; total: number }> {
  const conditions: SQL[] = [visibleCompanies(auth)];
  if (query.company_id !== undefined) conditions.push(eq(auditLog.companyId, query.company_id));
  if (query.event) conditions.push(inArray(auditLog.event, query.event));
  if (query.q) {
    const term = contains(query.q);
    const search = or(
      ilike(auditLog.event, term),
      ilike(auditLog.entity, term),
      ilike(users.email, term),
      ilike(users.username, term),
    );
    if (search) conditions.push(search);
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({ entry: auditLog, ...whoColumns, companyName: companies.name })
      .from(auditLog)
      .innerJoin(companies, eq(companies.id, auditLog.companyId))
      .leftJoin(users, eq(users.id, auditLog.userId))
      .leftJoin(actors, eq(actors.id, auditLog.actorUserId))
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
  const entries = rows.map((row) => row.entry);
  const [outcomes, names] = await Promise.all([commandOutcomes(db, entries), deviceNames(db, entries)]);
  return {
    rows: rows.map(({ entry, userEmail, userName, actorName, companyName }) => ({
      id: entry.id,
      at: entry.at.toISOString(),
      actor_user_id: entry.actorUserId,
      user_id: entry.userId,
      company_id: entry.companyId,
      action: entry.action,
      entity: entry.entity,
      entity_id: entry.entityId,
      event: entry.event,
      before: entry.before,
      after: entry.after,
      hash: entry.hash,
      user_email: userEmail,
      user_name: userName,
      actor_name: actorName,
      company_name: companyName,
      subject_name: entry.entity === 'device' ? (names.get(Number(entry.entityId)) ?? null) : null,
      outcome: outcomeOf(outcomes, entry.after),
    })),
    total: total?.value ?? 0,
  };
}
