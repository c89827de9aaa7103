import { z } from 'zod';

/** The probes (GET /healthz, GET /readyz): answered without the XHR header. */

/** GET /healthz: the process answers. */
export const livenessSchema = z.object({ status: z.literal('alive') });
export type Liveness = z.infer<typeof livenessSchema>;

/** The stores the API runs on. */
export const DATABASE_KINDS = ['pglite', 'postgres'] as const;

/** Where devices connect: the API's own broker, or an external one (MQTT_URL) it is connected to or not. */
export const BROKER_STATES = ['embedded', 'connected', 'disconnected'] as const;

/**
 * GET /readyz: the database answers (a 503 says `unavailable` in the same shape, with an error
 * item). An external broker that is not connected makes the API `degraded`, still 200: it keeps
 * serving the console (a load balancer must not take every replica out while the broker is away),
 * and the answer says why in `warnings`.
 */
export const readinessSchema = z.object({
  status: z.enum(['ready', 'degraded', 'unavailable']),
  database: z.enum(DATABASE_KINDS),
  broker: z.enum(BROKER_STATES),
});
export type Readiness = z.infer<typeof readinessSchema>;
