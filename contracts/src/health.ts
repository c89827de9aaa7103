import { z } from 'zod';

/** The probes (GET /healthz, GET /readyz): answered without the XHR header. */

/** GET /healthz: the process answers. */
export const livenessSchema = z.object({ status: z.literal('alive') });
export type Liveness = z.infer<typeof livenessSchema>;

/** The stores the API runs on. */
export const DATABASE_KINDS = ['pglite', 'postgres'] as const;

/** GET /readyz: the database answers (a 503 carries `unavailable` in the same shape). */
export const readinessSchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  database: z.enum(DATABASE_KINDS),
});
export type Readiness = z.infer<typeof readinessSchema>;
