import type { CreditBalance, CreditType, NewPool } from '@fleetport/contracts/credits';
import { and, asc, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, creditBalances, creditPools } from '../../db/schema.ts';
import type { AuthContext } from '../auth/context.ts';
import { visibleCompanies } from '../companies/scope.ts';
import { changeBalance } from './balances.ts';
import { type TypeRow, typeLabel, visibleTypes } from './queries.ts';

/** The credit types the caller sees, as GET /credits/types answers them. */
export async function listTypes(db: Db, auth: AuthContext): Promise<CreditType[]> {
  return (await visibleTypes(db, auth)).map((row) => ({
    id: row.id,
    name: typeLabel(auth, row),
    payment_type: row.paymentType,
    license_type: row.licenseType,
  }));
}

/** A page of the balances of the companies the caller sees, of the types it sees, and their count. */
export async function listBalances(
  db: Db,
  auth: AuthContext,
  query: { company_id?: number; limit: number; offset: number },
): Promise<{ rows: CreditBalance[]; total: number }> {
  const types = new Map((await visibleTypes(db, auth)).map((type) => [type.id, type]));
  const conditions: SQL[] = [visibleCompanies(auth), inArray(creditBalances.creditTypeId, [...types.keys()])];
  if (query.company_id !== undefined) conditions.push(eq(creditBalances.companyId, query.company_id));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({ balance: creditBalances, companyName: companies.name })
      .from(creditBalances)
      .innerJoin(companies, eq(companies.id, creditBalances.companyId))
      .where(where)
      .orderBy(asc(companies.name), asc(creditBalances.creditTypeId))
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({ value: count() })
      .from(creditBalances)
      .innerJoin(companies, eq(companies.id, creditBalances.companyId))
      .where(where),
  ]);
  return {
    rows: rows.map((row) => ({
      company_id: row.balance.companyId,
      company_name: row.companyName,
      credit_type_id: row.balance.creditTypeId,
      credit_type_name: typeLabel(auth, types.get(row.balance.creditTypeId) ?? { name: '' }),
      amount: row.balance.amount,
    })),
    total: total?.value ?? 0,
  };
}

/** A new pool and the balance it raises, in one transaction; the pool's id and the balance after. */
export async function createPool(
  db: Db,
  pool: { companyId: number; type: TypeRow; body: NewPool; actorUserId: number },
): Promise<{ id: number; after: number }> {
  const { companyId, type, body, actorUserId } = pool;
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(creditPools)
      .values({
        companyId,
        creditTypeId: type.id,
        creditCount: body.credit_count,
        creditPrice:
          body.credit_price === undefined || body.credit_price === null ? null : String(body.credit_price),
        proFormNr: body.pro_form_nr || null,
        createdBy: actorUserId,
      })
      .returning({ id: creditPools.id });
    const change = await changeBalance(tx as unknown as Db, {
      companyId,
      creditTypeId: type.id,
      delta: body.credit_count,
      reason: 'pool',
      actorUserId,
    });
    return { id: created?.id ?? 0, after: change.after };
  });
}
