import { type DataHistoryEntry, gbForCredits } from '@fleetport/contracts/credits';
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, companyData, creditBalances, creditTypes, dataHistory } from '../../db/schema.ts';
import { fieldError } from '../../http/errors.ts';
import type { AuthContext } from '../auth/context.ts';
import { visibleCompanies } from '../companies/scope.ts';
import { type BalanceChange, changeBalance, lockBalances } from './balances.ts';

/**
 * Buys data for a company: N of its data credits (free ones first) give 2N GB, in one
 * transaction. Answers the GB bought, the company's data left and the balance changes.
 */
export async function buyData(
  db: Db,
  purchase: { companyId: number; credits: number; actorUserId: number },
): Promise<{ gb: number; remaining: number; changes: BalanceChange[] }> {
  const { companyId, credits, actorUserId } = purchase;
  const dataTypes = (await db.select().from(creditTypes).where(eq(creditTypes.licenseType, 'data'))).sort(
    (a, b) => (a.paymentType === b.paymentType ? a.id - b.id : a.paymentType === 'free' ? -1 : 1),
  );
  const gb = gbForCredits(credits);
  const result = await db.transaction(async (tx) => {
    // The company's data balances, locked in the global order: parallel purchases and moves
    // wait for each other.
    await lockBalances(
      tx as unknown as Db,
      dataTypes.map((type) => ({ companyId, creditTypeId: type.id })),
    );
    const held = await tx
      .select()
      .from(creditBalances)
      .where(
        and(
          eq(creditBalances.companyId, companyId),
          inArray(
            creditBalances.creditTypeId,
            dataTypes.map((type) => type.id),
          ),
        ),
      );
    const available = held.reduce((sum, row) => sum + row.amount, 0);
    if (available < credits) {
      throw fieldError('credits', `Not enough data credits: ${available} available.`);
    }
    let left = credits;
    const changes: BalanceChange[] = [];
    for (const type of dataTypes) {
      const have = held.find((row) => row.creditTypeId === type.id)?.amount ?? 0;
      const take = Math.min(have, left);
      if (take === 0) continue;
      changes.push(
        await changeBalance(tx as unknown as Db, {
          companyId,
          creditTypeId: type.id,
          delta: -take,
          reason: 'data_purchase',
          actorUserId,
          field: 'credits',
        }),
      );
      left -= take;
    }
    const [data] = await tx
      .insert(companyData)
      .values({ companyId, remainingGb: gb })
      .onConflictDoUpdate({
        target: companyData.companyId,
        set: { remainingGb: sql`${companyData.remainingGb} + ${gb}` },
      })
      .returning({ remainingGb: companyData.remainingGb });
    const remaining = data?.remainingGb ?? gb;
    await tx.insert(dataHistory).values({ companyId, credits, gb, remainingAfter: remaining, actorUserId });
    return { changes, remaining };
  });
  return { gb, ...result };
}

/** A page of the data purchases of the companies the caller sees, newest first, and their count. */
export async function listDataHistory(
  db: Db,
  auth: AuthContext,
  query: { company_id?: number; limit: number; offset: number },
): Promise<{ rows: DataHistoryEntry[]; total: number }> {
  const conditions: SQL[] = [visibleCompanies(auth)];
  if (query.company_id !== undefined) conditions.push(eq(dataHistory.companyId, query.company_id));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({ entry: dataHistory, companyName: companies.name })
      .from(dataHistory)
      .innerJoin(companies, eq(companies.id, dataHistory.companyId))
      .where(where)
      .orderBy(desc(dataHistory.id))
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({ value: count() })
      .from(dataHistory)
      .innerJoin(companies, eq(companies.id, dataHistory.companyId))
      .where(where),
  ]);
  return {
    rows: rows.map((row) => ({
      id: row.entry.id,
      company_id: row.entry.companyId,
      company_name: row.companyName,
      credits: row.entry.credits,
      gb: row.entry.gb,
      remaining_after: row.entry.remainingAfter,
      created_at: row.entry.createdAt.toISOString(),
    })),
    total: total?.value ?? 0,
  };
}
