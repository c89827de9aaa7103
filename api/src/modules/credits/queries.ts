import { CUSTOMER_PAYMENT_TYPES, creditTypeLabel } from '@fleetport/contracts/credits';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { companies, creditTypes, rolePermissions, users } from '../../db/schema.ts';
import type { ApiDeps } from '../../deps.ts';
import { fieldError } from '../../http/errors.ts';
import type { AuthContext } from '../auth/context.ts';
import { visibleCompanyById } from '../companies/scope.ts';
import { type BalanceChange, droppedLow } from './balances.ts';

/**
 * What the credit resources share (pools, moves, codes, history, data): the credit type
 * catalogue as the caller sees it, the company a form names, and the low-credit warning.
 */

export type TypeRow = typeof creditTypes.$inferSelect;

/** The other company of a history entry or a code (its source or its user). */
export const companyOther = alias(companies, 'other_company');

export const isPlatform = (auth: AuthContext) => auth.can('super_admin');

/** Spec §6, §9: a type non-super-admins see: a paid one, or a resource type (firmware, backup uploads). */
export const isCustomerType = (type: Pick<TypeRow, 'paymentType'>) =>
  CUSTOMER_PAYMENT_TYPES.includes(type.paymentType);

/** The same rule as a condition on `credit_types`. */
export const customerTypes: SQL = sql`${creditTypes.paymentType} in ('paid', 'resource')`;

/** Spec §6: non-super-admins see the paid types (without the word 'Paid') and the resource types. */
export async function visibleTypes(db: Db, auth: AuthContext): Promise<TypeRow[]> {
  const rows = await db.select().from(creditTypes).orderBy(asc(creditTypes.id));
  return isPlatform(auth) ? rows : rows.filter(isCustomerType);
}

export const typeLabel = (auth: AuthContext, type: Pick<TypeRow, 'name'>) =>
  creditTypeLabel(type.name, isPlatform(auth));

/** The type a form names: its full name, or a paid type's name without 'Paid' (what non-super-admins see and send). */
export async function typeByName(db: Db, auth: AuthContext, name: string): Promise<TypeRow> {
  const wanted = name.trim().toLowerCase();
  const type = (await visibleTypes(db, auth)).find(
    (row) =>
      row.name.toLowerCase() === wanted ||
      (row.paymentType === 'paid' && creditTypeLabel(row.name, false).toLowerCase() === wanted),
  );
  if (!type) throw fieldError('credit_type_name', 'Unknown credit type.');
  return type;
}

export async function typeById(db: Db, id: number): Promise<TypeRow | undefined> {
  const [type] = await db.select().from(creditTypes).where(eq(creditTypes.id, id));
  return type;
}

/** A company the caller may not see is answered as a missing one: the same 403. */
export const companyFor = (db: Db, auth: AuthContext, id: number) => visibleCompanyById(db, auth, id);

/**
 * The creditAmountTooLow notice for one company's balance, as the bell shows it: its summary is
 * built from the balance itself, so the bell and the company page cannot disagree.
 */
export function lowCreditNotice(
  change: Pick<BalanceChange, 'companyId' | 'creditTypeId' | 'after'>,
  typeName: string,
  showPayment: boolean,
) {
  return {
    type: 'creditAmountTooLow' as const,
    summary: `Only ${change.after} ${creditTypeLabel(typeName, false)} credit(s) left.`,
    data: {
      company_id: change.companyId,
      credit_type_id: change.creditTypeId,
      credits_left: change.after,
      // Spec §6: users of a company with show_payment see the brand's buy link on it.
      show_payment: showPayment,
    },
  };
}

/** After commit: creditAmountTooLow to the users who manage credits in each company that ran low. */
export async function warnLow(
  { db, notifications }: Pick<ApiDeps, 'db' | 'notifications'>,
  changes: readonly BalanceChange[],
): Promise<void> {
  for (const change of droppedLow(changes)) {
    const managers = await db
      .select({ id: users.id })
      .from(users)
      .innerJoin(rolePermissions, eq(rolePermissions.roleId, users.roleId))
      .where(and(eq(users.companyId, change.companyId), eq(rolePermissions.permission, 'manage_credits')));
    const type = await typeById(db, change.creditTypeId);
    const [company] = await db
      .select({ showPayment: companies.showPayment })
      .from(companies)
      .where(eq(companies.id, change.companyId));
    const notice = lowCreditNotice(change, type?.name ?? 'credits', company?.showPayment ?? false);
    await notifications.createMany(
      managers.map((manager) => manager.id),
      notice.type,
      notice.summary,
      notice.data,
    );
  }
}
