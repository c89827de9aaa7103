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
 * GET /readyz: the database answers and, with an external broker, the API is connected to it (a
 * 503 carries `unavailable` in the same shape, and an error item for each reason).
 */
export const readinessSchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  database: z.enum(DATABASE_KINDS),
  broker: z.enum(BROKER_STATES),
});
export type Readiness = z.infer<typeof readinessSchema>;
