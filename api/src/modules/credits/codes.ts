import {
  activateCreditCodeSchema,
  CREDIT_CODE_STATUSES,
  creditCodeActivationSchema,
  creditCodeSchema,
  newCreditCodeSchema,
} from '@fleetport/contracts/credits';
import { idSchema } from '@fleetport/contracts/fields';
import type { Router } from 'express';
import { z } from 'zod';
import type { ApiDeps } from '../../deps.ts';
import { fieldError, forbidden } from '../../http/errors.ts';
import { listQuerySchema, pickFields } from '../../http/list-query.ts';
import type { RouteRegistry } from '../../http/route.ts';
import { activateCode, codeById, createCode, listCodes } from './code-queries.ts';
import { companyFor, isPlatform, typeById, typeByName, typeLabel, warnLow } from './queries.ts';

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

/**
 * Credit codes (spec §5 'New credit code', 'Activate credit code'): a code carries credits out of
 * one company, and the company that activates it gets them; a code works once.
 */
export function registerCodeRoutes(registry: RouteRegistry, router: Router, deps: ApiDeps): void {
  const { db } = deps;

  registry.add(router, {
    method: 'get',
    path: '/credits/codes',
    summary: 'Credit codes issued from the companies the caller sees, Used or Not Used (spec §4).',
    tag: 'credits',
    access: { permission: 'view_credits' },
    query: listQuerySchema(codeFields, {
      company_id: idSchema.optional().describe('issued from this company'),
      status: z.enum(CREDIT_CODE_STATUSES).optional(),
    }),
    response: z.array(creditCodeSchema),
    handler: async ({ auth, query }) => {
      const { rows, total } = await listCodes(db, auth, query);
      return { data: pickFields(rows, query.fields), meta: { total } };
    },
  });

  registry.add(router, {
    method: 'post',
    path: '/credits/codes',
    summary:
      "A new credit code: its credits leave the 'From company' (super admins choose it; others give their own company's).",
    tag: 'credits',
    access: { permission: 'manage_credits' },
    event: 'credits.code_create',
    body: newCreditCodeSchema,
    response: creditCodeSchema,
    handler: async ({ auth, body }) => {
      const type = await typeByName(db, auth, body.credit_type_name);
      if (isPlatform(auth) && !body.company_id) throw fieldError('company_id', 'is required');
      // Spec §5: 'From company' is a super admin's choice; others give their own company's credits.
      if (!isPlatform(auth) && body.company_id && body.company_id !== auth.companyId) throw forbidden();
      const fromId = isPlatform(auth) ? (body.company_id as number) : auth.companyId;
      const from = await companyFor(db, auth, fromId);
      const { id, change } = await createCode(db, {
        fromCompanyId: from.id,
        type,
        amount: body.amount,
        comment: body.comment || null,
        actorUserId: auth.userId,
      });
      await warnLow(deps, [change]);
      const data = await codeById(db, auth, id);
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
    event: 'credits.code_activate',
    body: activateCreditCodeSchema,
    response: creditCodeActivationSchema,
    handler: async ({ auth, body }) => {
      const result = await activateCode(db, auth, body.code);
      const type = await typeById(db, result.used.creditTypeId);
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
}
