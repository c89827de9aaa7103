import type { CreditHistoryEntry } from '@fleetport/contracts/credits';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, creditHistory, creditTypes } from '../../db/schema.ts';
import type { AuthContext } from '../auth/context.ts';
import { visibleCompanies } from '../companies/scope.ts';
import { companyOther, customerTypes, isPlatform, typeLabel } from './queries.ts';

/** A page of the balance changes of the companies the caller sees (of the types it sees), newest first. */
export async function listCreditHistory(
  db: Db,
  auth: AuthContext,
  query: { company_id?: number; limit: number; offset: number },
): Promise<{ rows: CreditHistoryEntry[]; total: number }> {
  const conditions: SQL[] = [visibleCompanies(auth)];
  if (!isPlatform(auth)) conditions.push(customerTypes);
  if (query.company_id !== undefined) conditions.push(eq(creditHistory.companyId, query.company_id));
  const where = and(...conditions);
  const base = () =>
    db
      .select({
        entry: creditHistory,
        companyName: companies.name,
        typeName: creditTypes.name,
        otherName: companyOther.name,
      })
      .from(creditHistory)
      .innerJoin(companies, eq(companies.id, creditHistory.companyId))
      .innerJoin(creditTypes, eq(creditTypes.id, creditHistory.creditTypeId))
      .leftJoin(companyOther, eq(companyOther.id, creditHistory.otherCompanyId))
      .where(where);
  const [rows, [total]] = await Promise.all([
    base().orderBy(desc(creditHistory.id)).limit(query.limit).offset(query.offset),
    db
      .select({ value: count() })
      .from(creditHistory)
      .innerJoin(companies, eq(companies.id, creditHistory.companyId))
      .innerJoin(creditTypes, eq(creditTypes.id, creditHistory.creditTypeId))
      .where(where),
  ]);
  return {
    rows: rows.map((row) => ({
      id: row.entry.id,
      company_id: row.entry.companyId,
      company_name: row.companyName,
      credit_type_name: typeLabel(auth, { name: row.typeName }),
      change: row.entry.change,
      balance_after: row.entry.balanceAfter,
      reason: row.entry.reason,
      other_company_name: row.otherName,
      created_at: row.entry.createdAt.toISOString(),
    })),
    total: total?.value ?? 0,
  };
}
