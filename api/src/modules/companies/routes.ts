import type { Router } from 'express';
import type { ApiDeps } from '../../deps.ts';
import type { RouteRegistry } from '../../http/route.ts';
import { registerCompanyListRoutes } from './list.ts';
import { registerCompanyWriteRoutes } from './writes.ts';

/**
 * Companies (spec §2 /companies, "New company", "Edit company", "Move company"; §6 scope; §7).
 * One file of route declarations per part, its SQL beside it (queries.ts for the reads,
 * write-queries.ts for the writes); registered in this order, the fixed paths
 * (`/companies/tree`, `/companies/move`) before `/companies/:id`.
 */
export function registerCompanyRoutes(registry: RouteRegistry, router: Router, deps: ApiDeps): void {
  registerCompanyWriteRoutes(registry, router, deps); // GET /companies/tree; POST /companies, …/move; PUT, DELETE /companies/:id
  registerCompanyListRoutes(registry, router, deps); // GET /companies, /companies/:id
}
