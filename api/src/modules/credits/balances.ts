import { LOW_CREDIT_THRESHOLD } from '@fleetport/contracts/credits';
import { and, asc, eq, gte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { creditBalances, creditHistory } from '../../db/schema.ts';
import { fieldError } from '../../http/errors.ts';

/** Why a balance changed (`file_upload`: a firmware or backup file stored, spec §9 resource types). */
export type Reason = (typeof creditHistory.$inferInsert)['reason'];

export interface BalanceChange {
  companyId: number;
  creditTypeId: number;
  before: number;
  after: number;
}

/**
 * Changes one balance inside the caller's transaction and records it. A decrease is one
 * conditional UPDATE (`amount >= n`): under PostgreSQL's row lock, parallel spenders of one
 * balance are serialised and the later ones re-check the condition, so a balance never goes
 * negative and no credit is spent twice. `field` names the form field a refusal belongs to.
 */
export async function changeBalance(
  tx: Db,
  change: {
    companyId: number;
    creditTypeId: number;
    delta: number;
    reason: Reason;
    otherCompanyId?: number | null;
    actorUserId: number | null;
    field?: string;
  },
): Promise<BalanceChange> {
  const { companyId, creditTypeId, delta } = change;
  let after: number | undefined;
  if (delta >= 0) {
    const [row] = await tx
      .insert(creditBalances)
      .values({ companyId, creditTypeId, amount: delta })
      .onConflictDoUpdate({
        target: [creditBalances.companyId, creditBalances.creditTypeId],
        set: { amount: sql`${creditBalances.amount} + ${delta}` },
      })
      .returning({ amount: creditBalances.amount });
    after = row?.amount;
  } else {
    const [row] = await tx
      .update(creditBalances)
      .set({ amount: sql`${creditBalances.amount} - ${-delta}` })
      .where(
        and(
          eq(creditBalances.companyId, companyId),
          eq(creditBalances.creditTypeId, creditTypeId),
          gte(creditBalances.amount, -delta),
        ),
      )
      .returning({ amount: creditBalances.amount });
    if (!row)
      throw fieldError(change.field ?? 'amount', 'Not enough credits: the amount is more than is available.');
    after = row.amount;
  }
  if (after === undefined) throw new Error('balance change returned nothing');
  await tx.insert(creditHistory).values({
    companyId,
    creditTypeId,
    change: delta,
    balanceAfter: after,
    reason: change.reason,
    otherCompanyId: change.otherCompanyId ?? null,
    actorUserId: change.actorUserId,
  });
  return { companyId, creditTypeId, before: after - delta, after };
}

/**
 * Locks balance rows in one global order (company, then type), creating missing ones at zero:
 * two transactions that touch the same balances in opposite directions (A→B while B→A) then
 * wait for each other instead of deadlocking.
 */
export async function lockBalances(
  tx: Db,
  pairs: readonly { companyId: number; creditTypeId: number }[],
): Promise<void> {
  const sorted = [...pairs].sort((a, b) => a.companyId - b.companyId || a.creditTypeId - b.creditTypeId);
  if (sorted.length === 0) return;
  await tx
    .insert(creditBalances)
    .values(sorted.map((pair) => ({ ...pair, amount: 0 })))
    .onConflictDoNothing();
  await tx
    .select({ amount: creditBalances.amount })
    .from(creditBalances)
    .where(
      or(
        ...sorted.map((pair) =>
          and(
            eq(creditBalances.companyId, pair.companyId),
            eq(creditBalances.creditTypeId, pair.creditTypeId),
          ),
        ),
      ),
    )
    .orderBy(asc(creditBalances.companyId), asc(creditBalances.creditTypeId))
    .for('update');
}

/** The changes that took a balance below the low-credit threshold (creditAmountTooLow). */
export function droppedLow(changes: readonly BalanceChange[]): BalanceChange[] {
  return changes.filter(
    (change) => change.after < LOW_CREDIT_THRESHOLD && change.before >= LOW_CREDIT_THRESHOLD,
  );
}
