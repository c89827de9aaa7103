import { creditHistoryEntrySchema } from '@fleetport/contracts/credits';
import { idSchema } from '@fleetport/contracts/fields';
import type { Router } from 'express';
import { z } from 'zod';
import type { ApiDeps } from '../../deps.ts';
import { listQuerySchema, pickFields } from '../../http/list-query.ts';
import type { RouteRegistry } from '../../http/route.ts';
import { listCreditHistory } from './history-queries.ts';

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

/** The credit history: every balance change (pool, move, code, data purchase) with its reason. */
export function registerCreditHistoryRoutes(registry: RouteRegistry, router: Router, deps: ApiDeps): void {
  const { db } = deps;

  registry.add(router, {
    method: 'get',
    path: '/credits/history',
    summary: 'Every credit balance change of the companies the caller sees, newest first.',
    tag: 'credits',
    access: { permission: 'view_credits' },
    query: listQuerySchema(historyFields, { company_id: idSchema.optional() }),
    response: z.array(creditHistoryEntrySchema),
    handler: async ({ auth, query }) => {
      const { rows, total } = await listCreditHistory(db, auth, query);
      return { data: pickFields(rows, query.fields), meta: { total } };
    },
  });
}
