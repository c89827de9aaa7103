import { randomInt } from 'node:crypto';
import {
  activateCreditCodeSchema,
  buyDataSchema,
  creditTypeLabel,
  gbForCredits,
  moveCreditsSchema,
  newCreditCodeSchema,
  newPoolSchema,
} from '@fleetport/contracts/credits';
import { idSchema } from '@fleetport/contracts/fields';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Router } from 'express';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import {
  companies,
  companyData,
  creditBalances,
  creditCodes,
  creditHistory,
  creditPools,
  creditTypes,
  dataHistory,
  rolePermissions,
  users,
} from '../../db/schema.ts';
import type { ApiDeps } from '../../deps.ts';
import { fieldError, forbidden } from '../../http/errors.ts';
import { listQuerySchema, pickFields } from '../../http/list-query.ts';
import type { RouteRegistry } from '../../http/route.ts';
import type { AuthContext } from '../auth/context.ts';
import { visibleCompanies, visibleCompanyById } from '../companies/scope.ts';
import { type BalanceChange, changeBalance, droppedLow, lockBalances } from './balances.ts';

type TypeRow = typeof creditTypes.$inferSelect;

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

const companyOther = alias(companies, 'other_company');
const usedBy = alias(companies, 'used_by_company');

/**
 * Credits and data (spec §3, §5, §6, §9, §7 POST /credits, /credits/move,
 * /credits/codes, /credits/codes/activate, /companies/data). Every balance change is one
 * transaction (balances.ts); a balance that falls below the threshold notifies the company's
 * credit managers (creditAmountTooLow) once committed.
 */
export function registerCreditRoutes(registry: RouteRegistry, router: Router, deps: ApiDeps): void {
  const { db, notifications } = deps;

  const isPlatform = (auth: AuthContext) => auth.can('super_admin');

  /** Spec §6: non-super-admins see the paid types only, without the word 'Paid'. */
  const visibleTypes = async (auth: AuthContext): Promise<TypeRow[]> => {
    const rows = await db.select().from(creditTypes).orderBy(asc(creditTypes.id));
    return isPlatform(auth) ? rows : rows.filter((row) => row.paymentType === 'paid');
  };
  const typeLabel = (auth: AuthContext, type: Pick<TypeRow, 'name'>) =>
    creditTypeLabel(type.name, isPlatform(auth));

  const typeByName = async (auth: AuthContext, name: string): Promise<TypeRow> => {
    const wanted = name.trim().toLowerCase();
    // The full name, or a paid type's name without 'Paid' (what non-super-admins see and send).
    const type = (await visibleTypes(auth)).find(
      (row) =>
        row.name.toLowerCase() === wanted ||
        (row.paymentType === 'paid' && creditTypeLabel(row.name, false).toLowerCase() === wanted),
    );
    if (!type) throw fieldError('credit_type_name', 'Unknown credit type.');
    return type;
  };

  // A company the caller may not see is answered as a missing one: the same 403.
  const companyFor = (auth: AuthContext, id: number) => visibleCompanyById(db, auth, id);

  /** After commit: creditAmountTooLow to the users who manage credits in each company that ran low. */
  const warnLow = async (changes: readonly BalanceChange[]) => {
    for (const change of droppedLow(changes)) {
      const managers = await db
        .select({ id: users.id })
        .from(users)
        .innerJoin(rolePermissions, eq(rolePermissions.roleId, users.roleId))
        .where(and(eq(users.companyId, change.companyId), eq(rolePermissions.permission, 'manage_credits')));
      const [type] = await db.select().from(creditTypes).where(eq(creditTypes.id, change.creditTypeId));
      const [company] = await db
        .select({ showPayment: companies.showPayment })
        .from(companies)
        .where(eq(companies.id, change.companyId));
      await notifications.createMany(
        managers.map((manager) => manager.id),
        'creditAmountTooLow',
        `Only ${change.after} ${creditTypeLabel(type?.name ?? 'credits', false)} credit(s) left.`,
        {
          company_id: change.companyId,
          credit_type_id: change.creditTypeId,
          credits_left: change.after,
          // Spec §6: users of a company with show_payment see the brand's buy link on it.
          show_payment: company?.showPayment ?? false,
        },
      );
    }
  };

  registry.add(router, {
    method: 'get',
    path: '/credits/types',
    summary: "Credit types (spec §6: non-super-admins see the paid ones, without the word 'Paid').",
    tag: 'credits',
    access: { permission: 'view_credits' },
    query: listQuerySchema(['id', 'name', 'payment_type', 'license_type'] as const),
    response: z.array(
      z.object({ id: z.number(), name: z.string(), payment_type: z.string(), license_type: z.string() }),
    ),
    handler: async ({ auth, query }) => {
      const rows = (await visibleTypes(auth)).map((row) => ({
        id: row.id,
        name: typeLabel(auth, row),
        payment_type: row.paymentType,
        license_type: row.licenseType,
      }));
      return { data: pickFields(rows, query.fields), meta: { total: rows.length } };
    },
  });

  const balanceQuery = listQuerySchema(
    ['company_id', 'company_name', 'credit_type_id', 'credit_type_name', 'amount'] as const,
    { company_id: idSchema.optional() },
  );
  registry.add(router, {
    method: 'get',
    path: '/credits',
    summary: 'Credit balances of the companies the caller sees, per type (the credit report).',
    tag: 'credits',
    access: { permission: 'view_credits' },
    query: balanceQuery,
    response: z.array(
      z.object({
        company_id: z.number(),
        company_name: z.string(),
        credit_type_id: z.number(),
        credit_type_name: z.string(),
        amount: z.number(),
      }),
    ),
    handler: async ({ auth, query }) => {
      const types = new Map((await visibleTypes(auth)).map((type) => [type.id, type]));
      const conditions: SQL[] = [
        visibleCompanies(auth),
        inArray(creditBalances.creditTypeId, [...types.keys()]),
      ];
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
      const data = rows.map((row) => ({
        company_id: row.balance.companyId,
        company_name: row.companyName,
        credit_type_id: row.balance.creditTypeId,
        credit_type_name: typeLabel(auth, types.get(row.balance.creditTypeId) ?? { name: '' }),
        amount: row.balance.amount,
      }));
      return { data: pickFields(data, query.fields), meta: { total: total?.value ?? 0 } };
    },
  });

  registry.add(router, {
    method: 'post',
    path: '/credits',
    summary:
      'A new pool: credits issued into a company (super admins; price and pro-forma number for the paid types).',
    tag: 'credits',
    access: { permission: 'super_admin' },
    body: newPoolSchema,
    response: z.object({
      id: z.number(),
      company_id: z.number(),
      credit_type_id: z.number(),
      balance: z.number(),
    }),
    handler: async ({ auth, body }) => {
      const company = await companyFor(auth, body.company_id);
      const [type] = await db.select().from(creditTypes).where(eq(creditTypes.id, body.credit_type_id));
      if (!type) throw fieldError('credit_type_id', 'Unknown credit type.');
      const result = await db.transaction(async (tx) => {
        const [pool] = await tx
          .insert(creditPools)
          .values({
            companyId: company.id,
            creditTypeId: type.id,
            creditCount: body.credit_count,
            creditPrice:
              body.credit_price === undefined || body.credit_price === null
                ? null
                : String(body.credit_price),
            proFormNr: body.pro_form_nr || null,
            createdBy: auth.userId,
          })
          .returning({ id: creditPools.id });
        const change = await changeBalance(tx as unknown as Db, {
          companyId: company.id,
          creditTypeId: type.id,
          delta: body.credit_count,
          reason: 'pool',
          actorUserId: auth.userId,
        });
        return { id: pool?.id ?? 0, after: change.after };
      });
      const data = { id: result.id, company_id: company.id, credit_type_id: type.id, balance: result.after };
      return {
        status: 201,
        data,
        audit: { entity: 'credit_pool', entityId: String(result.id), companyId: company.id, after: data },
      };
    },
  });

  registry.add(router, {
    method: 'post',
    path: '/credits/move',
    summary: 'Moves credits between two companies the caller sees (never more than the source has).',
    tag: 'credits',
    access: { permission: 'manage_credits' },
    body: moveCreditsSchema,
    response: z.object({ source_balance: z.number(), target_balance: z.number() }),
    handler: async ({ auth, body }) => {
      const type = await typeByName(auth, body.credit_type_name);
      const source = await companyFor(auth, body.source);
      const target = await companyFor(auth, body.target);
      if (source.id === target.id) throw fieldError('target', 'Choose another company than the source.');
      const [out, into] = await db.transaction(async (tx) => {
        await lockBalances(tx as unknown as Db, [
          { companyId: source.id, creditTypeId: type.id },
          { companyId: target.id, creditTypeId: type.id },
        ]);
        return [
          await changeBalance(tx as unknown as Db, {
            companyId: source.id,
            creditTypeId: type.id,
            delta: -body.amount,
            reason: 'move_out',
            otherCompanyId: target.id,
            actorUserId: auth.userId,
          }),
          await changeBalance(tx as unknown as Db, {
            companyId: target.id,
            creditTypeId: type.id,
            delta: body.amount,
            reason: 'move_in',
            otherCompanyId: source.id,
            actorUserId: auth.userId,
          }),
        ];
      });
      await warnLow([out, into]);
      const data = { source_balance: out.after, target_balance: into.after };
      return {
        data,
        audit: {
          entity: 'credits',
          entityId: `${source.id}->${target.id}`,
          companyId: source.id,
          after: { ...data, amount: body.amount, credit_type_id: type.id },
        },
      };
    },
  });

  const codeSchema = z.object({
    id: z.number(),
    code: z.string(),
    credit_type_name: z.string(),
    amount: z.number(),
    comment: z.string().nullable(),
    from_company_id: z.number().nullable(),
    from_company_name: z.string().nullable(),
    status: z.enum(['used', 'not_used']),
    used_by_company_name: z.string().nullable(),
    used_at: z.string().nullable(),
    created_at: z.string(),
  });
  const codeFields = [
    'id',
    'code',
    'credit_type_name',
    'amount',
    'comment',
    'from_company_id',
    'from_company_name',
    'status',
    'used_by_company_name',
    'used_at',
    'created_at',
  ] as const;
  const selectCodes = (where: SQL | undefined) =>
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
  const toCode = (auth: AuthContext, row: CodeRow) => ({
    id: row.code.id,
    code: row.code.code,
    credit_type_name: typeLabel(auth, { name: row.typeName }),
    amount: row.code.amount,
    comment: row.code.comment,
    from_company_id: row.code.fromCompanyId,
    from_company_name: row.fromName,
    status: row.code.usedAt ? ('used' as const) : ('not_used' as const),
    used_by_company_name: row.usedByName,
    used_at: row.code.usedAt?.toISOString() ?? null,
    created_at: row.code.createdAt.toISOString(),
  });

  /** The codes a caller may see: issued from a company it sees (super admins: every code). */
  const visibleCodes = (auth: AuthContext): SQL =>
    isPlatform(auth)
      ? sql`true`
      : (sql`${creditCodes.fromCompanyId} in (select ${companies.id} from ${companies} where ${visibleCompanies(auth)})` as SQL);

  registry.add(router, {
    method: 'get',
    path: '/credits/codes',
    summary: 'Credit codes issued from the companies the caller sees, Used or Not Used (spec §4).',
    tag: 'credits',
    access: { permission: 'view_credits' },
    query: listQuerySchema(codeFields, {
      company_id: idSchema.optional().describe('issued from this company'),
      status: z.enum(['used', 'not_used']).optional(),
    }),
    response: z.array(codeSchema),
    handler: async ({ auth, query }) => {
      const conditions: SQL[] = [visibleCodes(auth)];
      if (!isPlatform(auth)) conditions.push(eq(creditTypes.paymentType, 'paid'));
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
        selectCodes(where).orderBy(desc(creditCodes.id)).limit(query.limit).offset(query.offset),
        db
          .select({ value: count() })
          .from(creditCodes)
          .innerJoin(creditTypes, eq(creditTypes.id, creditCodes.creditTypeId))
          .where(where),
      ]);
      return {
        data: pickFields(
          rows.map((row) => toCode(auth, row)),
          query.fields,
        ),
        meta: { total: total?.value ?? 0 },
      };
    },
  });

  registry.add(router, {
    method: 'post',
    path: '/credits/codes',
    summary:
      "A new credit code: its credits leave the 'From company' (super admins choose it; others give their own company's).",
    tag: 'credits',
    access: { permission: 'manage_credits' },
    body: newCreditCodeSchema,
    response: codeSchema,
    handler: async ({ auth, body }) => {
      const type = await typeByName(auth, body.credit_type_name);
      if (isPlatform(auth) && !body.company_id) throw fieldError('company_id', 'is required');
      // Spec §5: 'From company' is a super admin's choice; others give their own company's credits.
      if (!isPlatform(auth) && body.company_id && body.company_id !== auth.companyId) throw forbidden();
      const fromId = isPlatform(auth) ? (body.company_id as number) : auth.companyId;
      const from = await companyFor(auth, fromId);
      const { id, change } = await db.transaction(async (tx) => {
        const change = await changeBalance(tx as unknown as Db, {
          companyId: from.id,
          creditTypeId: type.id,
          delta: -body.amount,
          reason: 'code_created',
          actorUserId: auth.userId,
        });
        const [created] = await tx
          .insert(creditCodes)
          .values({
            code: newCode(),
            creditTypeId: type.id,
            amount: body.amount,
            comment: body.comment || null,
            fromCompanyId: from.id,
            createdBy: auth.userId,
          })
          .returning({ id: creditCodes.id });
        return { id: created?.id ?? 0, change };
      });
      await warnLow([change]);
      const [row] = await selectCodes(eq(creditCodes.id, id));
      if (!row) throw new Error('code not found after insert');
      const data = toCode(auth, row);
      return {
        status: 201,
        data,
        // The code is a bearer secret: the audit keeps who made which amount, not the code.
        audit: {
          entity: 'credit_code',
          entityId: String(id),
          companyId: from.id,
          after: { ...data, code: undefined },
        },
      };
    },
  });

  registry.add(router, {
    method: 'post',
    path: '/credits/codes/activate',
    summary: "Activates a credit code: its credits join the caller's company; a code works once.",
    tag: 'credits',
    access: { permission: 'manage_credits' },
    body: activateCreditCodeSchema,
    response: z.object({ credit_type_name: z.string(), amount: z.number(), balance: z.number() }),
    handler: async ({ auth, body }) => {
      const code = normaliseCode(body.code);
      const result = await db.transaction(async (tx) => {
        // One use: the first conditional UPDATE takes it; a parallel one finds it used.
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
      const [type] = await db.select().from(creditTypes).where(eq(creditTypes.id, result.used.creditTypeId));
      const data = {
        credit_type_name: typeLabel(auth, type ?? { name: '' }),
        amount: result.used.amount,
        balance: result.change.after,
      };
      return {
        data,
        audit: {
          entity: 'credit_code',
          entityId: String(result.used.id),
          companyId: auth.companyId,
          after: data,
        },
      };
    },
  });

  const historyFields = [
    'id',
    'company_id',
    'company_name',
    'credit_type_name',
    'change',
    'balance_after',
    'reason',
    'other_company_name',
    'created_at',
  ] as const;
  registry.add(router, {
    method: 'get',
    path: '/credits/history',
    summary: 'Every credit balance change of the companies the caller sees, newest first.',
    tag: 'credits',
    access: { permission: 'view_credits' },
    query: listQuerySchema(historyFields, { company_id: idSchema.optional() }),
    response: z.array(
      z.object({
        id: z.number(),
        company_id: z.number(),
        company_name: z.string(),
        credit_type_name: z.string(),
        change: z.number(),
        balance_after: z.number(),
        reason: z.string(),
        other_company_name: z.string().nullable(),
        created_at: z.string(),
      }),
    ),
    handler: async ({ auth, query }) => {
      const conditions: SQL[] = [visibleCompanies(auth)];
      if (!isPlatform(auth)) conditions.push(eq(creditTypes.paymentType, 'paid'));
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
      const data = rows.map((row) => ({
        id: row.entry.id,
        company_id: row.entry.companyId,
        company_name: row.companyName,
        credit_type_name: typeLabel(auth, { name: row.typeName }),
        change: row.entry.change,
        balance_after: row.entry.balanceAfter,
        reason: row.entry.reason,
        other_company_name: row.otherName,
        created_at: row.entry.createdAt.toISOString(),
      }));
      return { data: pickFields(data, query.fields), meta: { total: total?.value ?? 0 } };
    },
  });

  registry.add(router, {
    method: 'post',
    path: '/companies/data',
    summary:
      'Buys data for a company: N of its data credits give 2N GB (spec §5, §9); free data credits go first.',
    tag: 'credits',
    access: { permission: 'manage_credits' },
    body: buyDataSchema,
    response: z.object({
      company_id: z.number(),
      credits: z.number(),
      gb: z.number(),
      remaining_gb: z.number(),
    }),
    handler: async ({ auth, body }) => {
      const company = await companyFor(auth, body.company_id);
      const dataTypes = (await db.select().from(creditTypes).where(eq(creditTypes.licenseType, 'data'))).sort(
        (a, b) => (a.paymentType === b.paymentType ? a.id - b.id : a.paymentType === 'free' ? -1 : 1),
      );
      const gb = gbForCredits(body.credits);
      const result = await db.transaction(async (tx) => {
        // The company's data balances, locked in the global order: parallel purchases and moves
        // wait for each other.
        await lockBalances(
          tx as unknown as Db,
          dataTypes.map((type) => ({ companyId: company.id, creditTypeId: type.id })),
        );
        const held = await tx
          .select()
          .from(creditBalances)
          .where(
            and(
              eq(creditBalances.companyId, company.id),
              inArray(
                creditBalances.creditTypeId,
                dataTypes.map((type) => type.id),
              ),
            ),
          );
        const available = held.reduce((sum, row) => sum + row.amount, 0);
        if (available < body.credits) {
          throw fieldError('credits', `Not enough data credits: ${available} available.`);
        }
        let left = body.credits;
        const changes: BalanceChange[] = [];
        for (const type of dataTypes) {
          const have = held.find((row) => row.creditTypeId === type.id)?.amount ?? 0;
          const take = Math.min(have, left);
          if (take === 0) continue;
          changes.push(
            await changeBalance(tx as unknown as Db, {
              companyId: company.id,
              creditTypeId: type.id,
              delta: -take,
              reason: 'data_purchase',
              actorUserId: auth.userId,
              field: 'credits',
            }),
          );
          left -= take;
        }
        const [data] = await tx
          .insert(companyData)
          .values({ companyId: company.id, remainingGb: gb })
          .onConflictDoUpdate({
            target: companyData.companyId,
            set: { remainingGb: sql`${companyData.remainingGb} + ${gb}` },
          })
          .returning({ remainingGb: companyData.remainingGb });
        const remaining = data?.remainingGb ?? gb;
        await tx.insert(dataHistory).values({
          companyId: company.id,
          credits: body.credits,
          gb,
          remainingAfter: remaining,
          actorUserId: auth.userId,
        });
        return { changes, remaining };
      });
      await warnLow(result.changes);
      const data = { company_id: company.id, credits: body.credits, gb, remaining_gb: result.remaining };
      return {
        data,
        audit: { entity: 'company_data', entityId: String(company.id), companyId: company.id, after: data },
      };
    },
  });

  registry.add(router, {
    method: 'get',
    path: '/companies/data/history',
    summary:
      'Data purchases of the companies the caller sees, newest first (System services → Data history).',
    tag: 'credits',
    access: { permission: 'view_credits' },
    query: listQuerySchema(
      ['id', 'company_id', 'company_name', 'credits', 'gb', 'remaining_after', 'created_at'] as const,
      {
        company_id: idSchema.optional(),
      },
    ),
    response: z.array(
      z.object({
        id: z.number(),
        company_id: z.number(),
        company_name: z.string(),
        credits: z.number(),
        gb: z.number(),
        remaining_after: z.number(),
        created_at: z.string(),
      }),
    ),
    handler: async ({ auth, query }) => {
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
      const data = rows.map((row) => ({
        id: row.entry.id,
        company_id: row.entry.companyId,
        company_name: row.companyName,
        credits: row.entry.credits,
        gb: row.entry.gb,
        remaining_after: row.entry.remainingAfter,
        created_at: row.entry.createdAt.toISOString(),
      }));
      return { data: pickFields(data, query.fields), meta: { total: total?.value ?? 0 } };
    },
  });
}
