import { createHash } from 'node:crypto';
import { asc, desc, gt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';

export const GENESIS = '0'.repeat(64);

export interface AuditEntry {
  actorUserId: number | undefined;
  userId: number | undefined;
  companyId: number | undefined;
  action: string;
  entity: string;
  entityId: string | undefined;
  before: unknown;
  after: unknown;
  /**
   * What happened, for people (contracts/src/audit-events.ts): the route's declaration names it,
   * or its handler does per request. Entries from before event types have none.
   */
  event?: string | undefined;
}

/** Values whose key names a secret never reach the log. */
const SECRET = /pass(word)?|secret|token|code/i;
export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [key, SECRET.test(key) ? '[redacted]' : redact(inner)]),
    );
  }
  return value;
}

/** JSON with sorted keys, so the same content always hashes the same (jsonb reorders keys). */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, inner]) => inner !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${canonical(inner)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * The entry's hash over the previous one's. The event type counts only when the entry has one:
 * `canonical` leaves undefined keys out, so an entry written before event types (migration 0015)
 * hashes exactly as it did, and a later entry's event type cannot be changed or removed unseen.
 */
export function hashOf(prevHash: string, at: Date, entry: AuditEntry): string {
  const content = canonical({
    at: at.toISOString(),
    actor_user_id: entry.actorUserId ?? null,
    user_id: entry.userId ?? null,
    company_id: entry.companyId ?? null,
    action: entry.action,
    entity: entry.entity,
    entity_id: entry.entityId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    event: entry.event ?? undefined,
  });
  return createHash('sha256').update(prevHash).update(content).digest('hex');
}

/**
 * Appends entries one at a time under the store's lock (the chain needs the previous hash, so
 * two appends must never interleave, whichever API replica makes them).
 */
export class AuditLog {
  private readonly database: Database;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(database: Database) {
    this.database = database;
  }

  append(entry: AuditEntry): Promise<void> {
    const run = this.queue.then(() =>
      this.database.exclusive(async () => {
        const { db } = this.database;
        const [last] = await db
          .select({ hash: auditLog.hash })
          .from(auditLog)
          .orderBy(desc(auditLog.id))
          .limit(1);
        const prevHash = last?.hash ?? GENESIS;
        // Milliseconds only: what timestamptz keeps and toISOString prints.
        const at = new Date(Math.floor(Date.now()));
        const clean = { ...entry, before: redact(entry.before), after: redact(entry.after) };
        await db.insert(auditLog).values({
          at,
          actorUserId: clean.actorUserId ?? null,
          userId: clean.userId ?? null,
          companyId: clean.companyId ?? null,
          action: clean.action,
          entity: clean.entity,
          entityId: clean.entityId ?? null,
          before: clean.before ?? null,
          after: clean.after ?? null,
          event: clean.event ?? null,
          prevHash,
          hash: hashOf(prevHash, at, clean),
        });
      }),
    );
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Recomputes the chain; returns the id of the first row that does not match, if any. */
  async verify(): Promise<{ ok: true; rows: number } | { ok: false; brokenAt: number }> {
    const { db } = this.database;
    let prevHash = GENESIS;
    let rows = 0;
    let after = 0;
    for (;;) {
      const page = await db
        .select()
        .from(auditLog)
        .where(gt(auditLog.id, after))
        .orderBy(asc(auditLog.id))
        .limit(1000);
      for (const row of page) {
        const expected = hashOf(prevHash, row.at, {
          actorUserId: row.actorUserId ?? undefined,
          userId: row.userId ?? undefined,
          companyId: row.companyId ?? undefined,
          action: row.action,
          entity: row.entity,
          entityId: row.entityId ?? undefined,
          before: row.before,
          after: row.after,
          event: row.event ?? undefined,
        });
        if (row.prevHash !== prevHash || row.hash !== expected) return { ok: false, brokenAt: row.id };
        prevHash = row.hash;
        rows += 1;
        after = row.id;
      }
      if (page.length < 1000) return { ok: true, rows };
    }
  }
}
