import type { NextFunction, Request, Response } from 'express';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from './db/client.ts';
import { type DeviceTransport, EmbeddedBroker } from './modules/devices/transport.ts';
import type { Realtime } from './modules/realtime/realtime.ts';

/**
 * Device messages the gateway received, by kind (hello, status, telemetry, cmd/result).
 * Process-wide, incremented where the messages arrive; each API's registry reports it.
 */
export const deviceMessagesReceived = new Counter({
  name: 'fleetport_mqtt_messages_received_total',
  help: 'MQTT messages from devices received by the device gateway, by kind.',
  labelNames: ['kind'] as const,
  registers: [],
});

/** The API's Prometheus figures, served on METRICS_PORT (src/server.ts). */
export interface ApiMetrics {
  readonly registry: Registry;
  /** Counts and times every request by method, route pattern and status. */
  middleware(req: Request, res: Response, next: NextFunction): void;
}

/**
 * The route pattern of an answered request (`/api/users/:id`), never its URL: one series per
 * URL would grow without bound and carry ids. Requests answered before routing (401, CSRF,
 * unknown paths) share one label.
 */
export function routeOf(req: Request): string {
  const path: unknown = req.route?.path;
  return typeof path === 'string' ? `/api${path === '/' ? '' : path}` : '(unrouted)';
}

export function createApiMetrics(sources: {
  realtime: Realtime;
  transport: DeviceTransport;
  database: Database;
}): ApiMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  registry.registerMetric(deviceMessagesReceived);
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered by the API, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request to the end of its answer, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });

  const { io } = sources.realtime;
  const socketConnections = new Counter({
    name: 'fleetport_socketio_connections_total',
    help: 'Realtime (socket.io) connections accepted by this process.',
    registers: [registry],
  });
  io.on('connection', () => socketConnections.inc());
  new Gauge({
    name: 'fleetport_socketio_connected',
    help: 'Realtime (socket.io) sockets connected to this process now.',
    registers: [registry],
    collect() {
      this.set(io.of('/').sockets.size);
    },
  });

  const { transport } = sources;
  // An external broker (MQTT_URL) knows its own clients; read the figure from it.
  if (transport instanceof EmbeddedBroker) {
    new Gauge({
      name: 'fleetport_devices_connected',
      help: 'Devices connected to the embedded MQTT broker now.',
      registers: [registry],
      collect() {
        this.set(transport.connectedClients);
      },
    });
  }

  const { pool } = sources.database;
  if (pool) {
    const figures = [
      ['fleetport_db_pool_total', 'PostgreSQL connections open in the pool.', () => pool.totalCount],
      ['fleetport_db_pool_idle', 'PostgreSQL connections idle in the pool.', () => pool.idleCount],
      [
        'fleetport_db_pool_waiting',
        'Queries waiting for a pooled PostgreSQL connection.',
        () => pool.waitingCount,
      ],
    ] as const;
    for (const [name, help, read] of figures) {
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read());
        },
      });
    }
  }

  return {
    registry,
    middleware(req, res, next) {
      const started = performance.now();
      res.once('close', () => {
        const labels = {
          method: req.method,
          route: routeOf(req),
          // An answer cut before it finished counts as status 0.
          status: res.writableFinished ? String(res.statusCode) : '0',
        };
        requests.inc(labels);
        durations.observe(labels, (performance.now() - started) / 1000);
      });
      next();
    },
  };
}
