import { brandAccessQuerySchema, brandAccessSchema } from '@fleetport/contracts/brand';
import { INT4_MAX } from '@fleetport/contracts/fields';
import type { Router } from 'express';
import type { ApiDeps } from '../../deps.ts';
import type { RouteRegistry } from '../../http/route.ts';
import { canSeeCompany } from '../companies/scope.ts';
import { companiesByIds } from './queries.ts';

const MAX_ASKED = 100;

/**
 * What the signed-in caller may do with brands (brands in the console). The edge owns
 * brands; it asks this before it lets a console session (not its ops token) use its brand
 * administration API. The POST form is the same question asked for a write: the API's CSRF
 * guard (X-Requested-With, same origin, the session's XSRF token) checks the forwarded request.
 * A brand's look may be edited by whoever manages its owner company (manage_companies on it).
 */
export function registerBrandAccessRoutes(registry: RouteRegistry, router: Router, deps: ApiDeps): void {
  for (const method of ['get', 'post'] as const) {
    registry.add(router, {
      method,
      path: '/brand-access',
      summary:
        method === 'get'
          ? "The caller's rights over brands, for the edge's brand administration (reads)."
          : "The caller's rights over brands, for the edge's brand administration (writes: CSRF-checked).",
      tag: 'brands',
      access: { signedIn: true },
      query: brandAccessQuerySchema,
      response: brandAccessSchema,
      handler: async ({ auth, query }) => {
        // Ids are `integer` columns: a larger number is no company, and must not reach the query.
        const asked = [
          ...new Set(
            (query.companies ?? '')
              .split(',')
              .filter(Boolean)
              .map(Number)
              .filter((id) => id <= INT4_MAX),
          ),
        ].slice(0, MAX_ASKED);
        let manageable: number[] = [];
        if (asked.length > 0 && auth.can('manage_companies')) {
          const rows = await companiesByIds(deps.db, asked);
          manageable = rows.filter((company) => canSeeCompany(auth, company)).map((company) => company.id);
        }
        return {
          data: { super_admin: auth.can('super_admin'), companies: manageable.sort((a, b) => a - b) },
          audit: false,
        };
      },
    });
  }
}
