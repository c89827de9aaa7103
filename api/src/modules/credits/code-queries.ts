import { randomInt } from 'node:crypto';
import type { CreditCode, CreditCodeStatus } from '@fleetport/contracts/credits';
import { and, count, desc, eq, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { companies, creditCodes, creditTypes } from '../../db/schema.ts';
import { fieldError } from '../../http/errors.ts';
import type { AuthContext } from '../auth/context.ts';
import { visibleCompanies } from '../companies/scope.ts';
import { type BalanceChange, changeBalance } from './balances.ts';
import { companyOther, customerTypes, isPlatform, type TypeRow, typeLabel } from './queries.ts';

/** Crockford's base32 without I, L, O, U: no look-alikes when a code is read out or typed. */
const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const CODE_GROUPS = 5;

/** A credit code: 20 random characters of 32 (100 bits), in groups of four: XXXX-XXXX-…. */
export function newCode(): string {
  const groups: string[] = [];
  for (let group = 0; group < CODE_GROUPS; group += 1) {
    let text = '';
    for (let index = 0; index < 4; index += 1) text += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
    groups.push(text);
  }
  return groups.join('-');
}

/** What a user typed, as stored: upper case, groups of four (spaces and dashes ignored). */
export function normaliseCode(typed: string): string {
  const bare = typed.toUpperCase().replace(/[\s-]+/g, '');
  return (bare.match(/.{1,4}/g) ?? []).join('-');
}

const usedBy = alias(companies, 'used_by_company');

const selectCodes = (db: Db, where: SQL | undefined) =>
  db
    .select({
      code: creditCodes,
      typeName: creditTypes.name,
      fromName: companyOther.name,
      usedByName: usedBy.name,
    })
    .from(creditCodes)
    .innerJoin(creditTypes, eq(creditTypes.id, creditCodes.creditTypeId))
    .leftJoin(companyOther, eq(companyOther.id, creditCodes.fromCompanyId))
    .leftJoin(usedBy, eq(usedBy.id, creditCodes.usedByCompanyId))
    .where(where)
    .$dynamic();
type CodeRow = Awaited<ReturnType<typeof selectCodes>>[number];

const toCode = (auth: AuthContext, row: CodeRow): CreditCode => ({
  id: row.code.id,
  code: row.code.code,
  credit_type_name: typeLabel(auth, { name: row.typeName }),
  amount: row.code.amount,
  comment: row.code.comment,
  from_company_id: row.code.fromCompanyId,
  from_company_name: row.fromName,
  status: row.code.usedAt ? 'used' : 'not_used',
  used_by_company_name: row.usedByName,
  used_at: row.code.usedAt?.toISOString() ?? null,
  created_at: row.code.createdAt.toISOString(),
});

/** The codes a caller may see: issued from a company it sees (super admins: every code). */
const visibleCodes = (auth: AuthContext): SQL =>
  isPlatform(auth)
    ? sql`true`
    : (sql`${creditCodes.fromCompanyId} in (select ${companies.id} from ${companies} where ${visibleCompanies(auth)})` as SQL);

/** A page of the codes the caller sees (of the types it sees), newest first, and their count. */
export async function listCodes(
  db: Db,
  auth: AuthContext,
  query: { company_id?: number; status?: CreditCodeStatus; q?: string; limit: number; offset: number },
): Promise<{ rows: CreditCode[]; total: number }> {
  const conditions: SQL[] = [visibleCodes(auth)];
  if (!isPlatform(auth)) conditions.push(customerTypes);
  if (query.company_id !== undefined) conditions.push(eq(creditCodes.fromCompanyId, query.company_id));
  if (query.status === 'used') conditions.push(isNotNull(creditCodes.usedAt));
  if (query.status === 'not_used') conditions.push(isNull(creditCodes.usedAt));
  if (query.q)
    conditions.push(
      or(
        sql`${creditCodes.code} ilike ${`%${query.q}%`}`,
        sql`${creditCodes.comment} ilike ${`%${query.q}%`}`,
      ) as SQL,
    );
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    selectCodes(db, where).orderBy(desc(creditCodes.id)).limit(query.limit).offset(query.offset),
    db
      .select({ value: count() })
      .from(creditCodes)
      .innerJoin(creditTypes, eq(creditTypes.id, creditCodes.creditTypeId))
      .where(where),
  ]);
  return { rows: rows.map((row) => toCode(auth, row)), total: total?.value ?? 0 };
}

/** One code as the caller sees it (right after it was made). */
export async function codeById(db: Db, auth: AuthContext, id: number): Promise<CreditCode> {
  const [row] = await selectCodes(db, eq(creditCodes.id, id));
  if (!row) throw new Error('code not found after insert');
  return toCode(auth, row);
}

/** A new code: its credits leave the company's balance, in one transaction. */
export async function createCode(
  db: Db,
  code: { fromCompanyId: number; type: TypeRow; amount: number; comment: string | null; actorUserId: number },
): Promise<{ id: number; change: BalanceChange }> {
  return db.transaction(async (tx) => {
    const change = await changeBalance(tx as unknown as Db, {
      companyId: code.fromCompanyId,
      creditTypeId: code.type.id,
      delta: -code.amount,
      reason: 'code_created',
      actorUserId: code.actorUserId,
    });
    const [created] = await tx
      .insert(creditCodes)
      .values({
        code: newCode(),
        creditTypeId: code.type.id,
        amount: code.amount,
        comment: code.comment,
        fromCompanyId: code.fromCompanyId,
        createdBy: code.actorUserId,
      })
      .returning({ id: creditCodes.id });
    return { id: created?.id ?? 0, change };
  });
}

/**
 * Uses a code up for the caller's company and adds its credits there, in one transaction: the
 * first conditional UPDATE takes it; a parallel one finds it used (422 on `code`).
 */
export async function activateCode(db: Db, auth: AuthContext, typed: string) {
  const code = normaliseCode(typed);
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(creditCodes)
      .set({ usedAt: new Date(), usedByCompanyId: auth.companyId, usedBy: auth.userId })
      .where(and(eq(creditCodes.code, code), isNull(creditCodes.usedAt)))
      .returning();
    if (!used) throw fieldError('code', 'This code is unknown or has been used already.');
    const change = await changeBalance(tx as unknown as Db, {
      companyId: auth.companyId,
      creditTypeId: used.creditTypeId,
      delta: used.amount,
      reason: 'code_activated',
      otherCompanyId: used.fromCompanyId,
      actorUserId: auth.userId,
    });
    return { used, change };
  });
}
