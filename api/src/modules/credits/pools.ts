import {
  creditBalanceSchema,
  creditPoolSchema,
  creditTypeSchema,
  newPoolSchema,
} from '@fleetport/contracts/credits';
import { idSchema } from '@fleetport/contracts/fields';
import type { Router } from 'express';
import { z } from 'zod';
import type { ApiDeps } from '../../deps.ts';
import { fieldError } from '../../http/errors.ts';
import { listQuerySchema, pickFields } from '../../http/list-query.ts';
import type { RouteRegistry } from '../../http/route.ts';
import { createPool, listBalances, listTypes } from './pool-queries.ts';
import { companyFor, typeById } from './queries.ts';

/** The credit types, the balances (the credit report) and new pools: credits issued into a company. */
export function registerPoolRoutes(registry: RouteRegistry, router: Router, deps: ApiDeps): void {
  const { db } = deps;

  registry.add(router, {
    method: 'get',
    path: '/credits/types',
    summary: "Credit types (spec §6: non-super-admins see the paid ones, without the word 'Paid').",
    tag: 'credits',
    access: { permission: 'view_credits' },
    query: listQuerySchema(['id', 'name', 'payment_type', 'license_type'] as const),
    response: z.array(creditTypeSchema),
    handler: async ({ auth, query }) => {
      const rows = await listTypes(db, auth);
      return { data: pickFields(rows, query.fields), meta: { total: rows.length } };
    },
  });

  registry.add(router, {
    method: 'get',
    path: '/credits',
    summary: 'Credit balances of the companies the caller sees, per type (the credit report).',
    tag: 'credits',
    access: { permission: 'view_credits' },
    query: listQuerySchema(
      ['company_id', 'company_name', 'credit_type_id', 'credit_type_name', 'amount'] as const,
      { company_id: idSchema.optional() },
    ),
    response: z.array(creditBalanceSchema),
    handler: async ({ auth, query }) => {
      const { rows, total } = await listBalances(db, auth, query);
      return { data: pickFields(rows, query.fields), meta: { total } };
    },
  });

  registry.add(router, {
    method: 'post',
    path: '/credits',
    summary:
      'A new pool: credits issued into a company (super admins; price and pro-forma number for the paid types).',
    tag: 'credits',
    access: { permission: 'super_admin' },
    event: 'credits.add',
    body: newPoolSchema,
    response: creditPoolSchema,
    handler: async ({ auth, body }) => {
      const company = await companyFor(db, auth, body.company_id);
      const type = await typeById(db, body.credit_type_id);
      if (!type) throw fieldError('credit_type_id', 'Unknown credit type.');
      const result = await createPool(db, { companyId: company.id, type, body, actorUserId: auth.userId });
      const data = { id: result.id, company_id: company.id, credit_type_id: type.id, balance: result.after };
      return {
        status: 201,
        data,
        audit: { entity: 'credit_pool', entityId: String(result.id), companyId: company.id, after: data },
      };
    },
  });
}
