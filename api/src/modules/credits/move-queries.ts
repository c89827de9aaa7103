import type { Db } from '../../db/client.ts';
import { type BalanceChange, changeBalance, lockBalances } from './balances.ts';

/**
 * Moves credits of one type from one company to another in one transaction. Both balances are
 * locked first in the global order, so crossing moves (A→B while B→A) wait instead of
 * deadlocking; the source never goes below zero. Answers both changes: out of the source, into
 * the target.
 */
export async function moveCredits(
  db: Db,
  move: { creditTypeId: number; sourceId: number; targetId: number; amount: number; actorUserId: number },
): Promise<[out: BalanceChange, into: BalanceChange]> {
  const { creditTypeId, sourceId, targetId, amount, actorUserId } = move;
  return db.transaction(async (tx) => {
    await lockBalances(tx as unknown as Db, [
      { companyId: sourceId, creditTypeId },
      { companyId: targetId, creditTypeId },
    ]);
    return [
      await changeBalance(tx as unknown as Db, {
        companyId: sourceId,
        creditTypeId,
        delta: -amount,
        reason: 'move_out',
        otherCompanyId: targetId,
        actorUserId,
      }),
      await changeBalance(tx as unknown as Db, {
        companyId: targetId,
        creditTypeId,
        delta: amount,
        reason: 'move_in',
        otherCompanyId: sourceId,
        actorUserId,
      }),
    ];
  });
}
