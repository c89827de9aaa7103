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
      'Readiness: the database answers; with an external device broker (MQTT_URL) that is not connected, degraded (still ready: the console is served).',
    tag: 'operations',
    access: { public: true },
    response: readinessSchema,
    statuses: { 503: 'The database does not answer' },
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
      const data = {
        status: errors.length > 0 ? 'unavailable' : broker === 'disconnected' ? 'degraded' : 'ready',
        database: deps.database.kind,
        broker,
      } as const;
      if (errors.length > 0) {
        res.status(503).json({ success: false, data, errors });
        return undefined;
      }
      if (broker !== 'disconnected') return { data };
      // The broker's address stays out: this answer is public.
      res.json({
        success: true,
        data,
        warnings: [
          {
            code: 'BROKER_UNAVAILABLE',
            message: 'The device broker (MQTT_URL) is not connected: devices cannot reach Fleetport.',
          },
        ],
      });
      return undefined;
    },
  });
}
