import { livenessSchema, readinessSchema } from '@fleetport/contracts/health';
import type { Router } from 'express';
import type { ApiDeps } from '../../deps.ts';
import type { RouteRegistry } from '../../http/route.ts';

export function registerHealthRoutes(registry: RouteRegistry, router: Router, deps: ApiDeps): void {
  registry.add(router, {
    method: 'get',
    path: '/healthz',
    summary: 'Liveness: the process answers.',
    tag: 'operations',
    access: { public: true },
    response: livenessSchema,
    handler: ({ res }) => {
      res.setHeader('Cache-Control', 'no-store');
      return { data: { status: 'alive' } };
    },
  });

  registry.add(router, {
    method: 'get',
    path: '/readyz',
    summary: 'Readiness: the database answers.',
    tag: 'operations',
    access: { public: true },
    response: readinessSchema,
    statuses: { 503: 'The database does not answer' },
    handler: async ({ res }) => {
      res.setHeader('Cache-Control', 'no-store');
      try {
        await deps.database.ping();
        return { data: { status: 'ready', database: deps.database.kind } };
      } catch {
        res.status(503).json({
          success: false,
          data: { status: 'unavailable', database: deps.database.kind },
          errors: [{ code: 'DATABASE_UNAVAILABLE', message: 'The database does not answer.' }],
        });
        return undefined;
      }
    },
  });
}
