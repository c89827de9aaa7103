import { creditMoveSchema, moveCreditsSchema } from '@fleetport/contracts/credits';
import type { Router } from 'express';
import type { ApiDeps } from '../../deps.ts';
import { fieldError } from '../../http/errors.ts';
import type { RouteRegistry } from '../../http/route.ts';
import { moveCredits } from './move-queries.ts';
import { companyFor, typeByName, warnLow } from './queries.ts';

/** Moving credits between two companies the caller sees (spec §5 'Move resources'). */
export function registerMoveRoutes(registry: RouteRegistry, router: Router, deps: ApiDeps): void {
  const { db } = deps;

  registry.add(router, {
    method: 'post',
    path: '/credits/move',
    summary: 'Moves credits between two companies the caller sees (never more than the source has).',
    tag: 'credits',
    access: { permission: 'manage_credits' },
    event: 'credits.move',
    body: moveCreditsSchema,
    response: creditMoveSchema,
    handler: async ({ auth, body }) => {
      const type = await typeByName(db, auth, body.credit_type_name);
      const source = await companyFor(db, auth, body.source);
      const target = await companyFor(db, auth, body.target);
      if (source.id === target.id) throw fieldError('target', 'Choose another company than the source.');
      const [out, into] = await moveCredits(db, {
        creditTypeId: type.id,
        sourceId: source.id,
        targetId: target.id,
        amount: body.amount,
        actorUserId: auth.userId,
      });
      await warnLow(deps, [out, into]);
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
}
