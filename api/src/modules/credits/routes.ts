import type { Router } from 'express';
import type { ApiDeps } from '../../deps.ts';
import type { RouteRegistry } from '../../http/route.ts';
import { registerCodeRoutes } from './codes.ts';
import { registerDataRoutes } from './data.ts';
import { registerCreditHistoryRoutes } from './history.ts';
import { registerMoveRoutes } from './moves.ts';
import { registerPoolRoutes } from './pools.ts';

/**
 * Credits and data (spec §3, §5, §6, §9, §7 POST /credits, /credits/move,
 * /credits/codes, /credits/codes/activate, /companies/data). Every balance change is one
 * transaction (balances.ts); a balance that falls below the threshold notifies the company's
 * credit managers (creditAmountTooLow) once committed. One file per resource, each with its SQL
 * in a `*-queries.ts` beside it; registered in this order.
 */
export function registerCreditRoutes(registry: RouteRegistry, router: Router, deps: ApiDeps): void {
  registerPoolRoutes(registry, router, deps); // GET /credits/types, GET /credits, POST /credits
  registerMoveRoutes(registry, router, deps); // POST /credits/move
  registerCodeRoutes(registry, router, deps); // GET, POST /credits/codes, POST /credits/codes/activate
  registerCreditHistoryRoutes(registry, router, deps); // GET /credits/history
  registerDataRoutes(registry, router, deps); // POST /companies/data, GET /companies/data/history
}
