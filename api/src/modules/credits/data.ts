import { buyDataSchema, dataHistoryEntrySchema, dataPurchaseSchema } from '@fleetport/contracts/credits';
import { idSchema } from '@fleetport/contracts/fields';
import type { Router } from 'express';
import { z } from 'zod';
import type { ApiDeps } from '../../deps.ts';
import { listQuerySchema, pickFields } from '../../http/list-query.ts';
import type { RouteRegistry } from '../../http/route.ts';
import { buyData, listDataHistory } from './data-queries.ts';
import { companyFor, warnLow } from './queries.ts';

/** Data (spec §5 'Add data', System services → Data history): data credits buy GB for a company. */
export function registerDataRoutes(registry: RouteRegistry, router: Router, deps: ApiDeps): void {
  const { db } = deps;

  registry.add(router, {
    method: 'post',
    path: '/companies/data',
    summary:
      'Buys data for a company: N of its data credits give 2N GB (spec §5, §9); free data credits go first.',
    tag: 'credits',
    access: { permission: 'manage_credits' },
    event: 'credits.buy_data',
    body: buyDataSchema,
    response: dataPurchaseSchema,
    handler: async ({ auth, body }) => {
      const company = await companyFor(db, auth, body.company_id);
      const result = await buyData(db, {
        companyId: company.id,
        credits: body.credits,
        actorUserId: auth.userId,
      });
      await warnLow(deps, result.changes);
      const data = {
        company_id: company.id,
        credits: body.credits,
        gb: result.gb,
        remaining_gb: result.remaining,
      };
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
      { company_id: idSchema.optional() },
    ),
    response: z.array(dataHistoryEntrySchema),
    handler: async ({ auth, query }) => {
      const { rows, total } = await listDataHistory(db, auth, query);
      return { data: pickFields(rows, query.fields), meta: { total } };
    },
  });
}
