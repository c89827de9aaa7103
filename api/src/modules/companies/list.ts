import { companyListItemSchema } from '@fleetport/contracts/companies';
import { idSchema, integerSchema, textSchema } from '@fleetport/contracts/fields';
import type { Router } from 'express';
import { z } from 'zod';
import type { ApiDeps } from '../../deps.ts';
import { listQuerySchema, pickFields } from '../../http/list-query.ts';
import { idParam, type RouteRegistry } from '../../http/route.ts';
import { COMPANY_FIELDS, companyListItem, listCompanies } from './queries.ts';

/**
 * The companies the caller may see (spec §6 scope), each with its parent's name and counts:
 * GET /companies (list conventions) and GET /companies/{id}. SQL: queries.ts.
 */
export function registerCompanyListRoutes(registry: RouteRegistry, router: Router, deps: ApiDeps): void {
  const { db } = deps;

  registry.add(router, {
    method: 'get',
    path: '/companies',
    summary: 'Companies the caller may see: list conventions (limit, offset, q, sort, fields).',
    tag: 'companies',
    access: { permission: 'view_companies' },
    query: listQuerySchema(COMPANY_FIELDS, {
      id: idSchema.optional(),
      parent_id: idSchema.optional(),
      level: integerSchema({ min: 1, max: 100 }).optional(),
      name: textSchema().max(200).optional().describe('the name contains this (case aside)'),
      parent_name: textSchema().max(200).optional().describe("the parent's name contains this"),
      exclude_subtree: idSchema
        .optional()
        .describe('leaves out this company and its subsidiaries (the targets of a move)'),
    }),
    response: z.array(companyListItemSchema),
    handler: async ({ auth, query }) => {
      const { rows, total } = await listCompanies(db, auth, query);
      return { data: pickFields(rows, query.fields), meta: { total } };
    },
  });

  registry.add(router, {
    method: 'get',
    path: '/companies/:id',
    summary:
      "One company with its parent's name and counts; 403 alike for another tenant's company and for one that does not exist.",
    tag: 'companies',
    access: { permission: 'view_companies' },
    params: idParam,
    response: companyListItemSchema,
    handler: async ({ auth, params }) => ({ data: await companyListItem(db, auth, params.id) }),
  });
}
