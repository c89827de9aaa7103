import { livenessSchema, readinessSchema } from '@fleetport/contracts/health';
import type { Router } from 'express';
import type { ApiDeps } from '../../deps.ts';
import type { RouteRegistry } from '../../http/route.ts';
import { ExternalBroker } from '../devices/transport.ts';

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
    summary:
      'Readiness: the database answers and, with an external device broker (MQTT_URL), the API is connected to it.',
    tag: 'operations',
    access: { public: true },
    response: readinessSchema,
    statuses: { 503: 'The database does not answer, or the external device broker is not connected' },
    handler: async ({ res }) => {
      res.setHeader('Cache-Control', 'no-store');
      const transport = deps.gateway.transport;
      const broker =
        transport instanceof ExternalBroker
          ? transport.connected
            ? 'connected'
            : 'disconnected'
          : 'embedded';
      const errors: { code: string; message: string }[] = [];
      await deps.database.ping().catch(() => {
        errors.push({ code: 'DATABASE_UNAVAILABLE', message: 'The database does not answer.' });
      });
      if (broker === 'disconnected') {
        // The broker's address stays out: this answer is public.
        errors.push({
          code: 'BROKER_UNAVAILABLE',
          message: 'The device broker (MQTT_URL) is not connected: devices cannot reach Fleetport.',
        });
      }
      const data = {
        status: errors.length > 0 ? 'unavailable' : 'ready',
        database: deps.database.kind,
        broker,
      } as const;
      if (errors.length === 0) return { data };
      res.status(503).json({ success: false, data, errors });
      return undefined;
    },
  });
}
