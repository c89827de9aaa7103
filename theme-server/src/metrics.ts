import type { IncomingMessage, ServerResponse } from 'node:http';
import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/** The edge's Prometheus figures: requests by route and status, upgrades, and the process's own. */
export interface EdgeMetrics {
  readonly registry: Registry;
  /** Call once per request, when it arrives; the figures are taken when it ends. */
  track(req: IncomingMessage, res: ServerResponse, pathname: string): void;
  readonly upgrades: Counter<'outcome'>;
}

/** Files the edge answers itself at fixed paths: they are their own route. */
const FIXED = new Set(['/', '/favicon.ico', '/offline.html', '/localrms-config.json', '/version.json']);

/**
 * The route of a request as a small fixed set of patterns, never the raw URL (one series per
 * URL would grow without bound and could carry ids).
 */
export function edgeRoute(pathname: string): string {
  if (pathname === '/api' || pathname.startsWith('/api/')) return '/api/*';
  if (pathname.startsWith('/status/socket.io/')) return '/status/socket.io/*';
  if (pathname === '/edge/healthz' || pathname === '/edge/readyz') return pathname;
  if (pathname.startsWith('/edge/brands')) return '/edge/brands/*';
  if (pathname.startsWith('/edge/')) return '/edge/*';
  if (pathname.startsWith('/assets/')) return '/assets/*';
  if (pathname.startsWith('/brand/')) return '/brand/*';
  if (FIXED.has(pathname)) return pathname;
  // A console route (no dot in its last segment) or another build file.
  return pathname.slice(pathname.lastIndexOf('/') + 1).includes('.') ? '(file)' : '(page)';
}

export function createEdgeMetrics(): EdgeMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered by the edge, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request to the end of its answer, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const upgrades = new Counter({
    name: 'fleetport_edge_websocket_upgrades_total',
    help: 'Websocket upgrades on the realtime path, by outcome (proxied, refused).',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  return {
    registry,
    upgrades,
    track(req, res, pathname) {
      const started = performance.now();
      res.once('close', () => {
        const labels = {
          method: req.method ?? '',
          route: edgeRoute(pathname),
          // An answer cut before it finished counts as status 0.
          status: res.writableFinished ? String(res.statusCode) : '0',
        };
        requests.inc(labels);
        durations.observe(labels, (performance.now() - started) / 1000);
      });
    },
  };
}
