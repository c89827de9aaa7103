import { z } from 'zod';

/** GET /local/config (spec §7): installation limits, read by the console at start-up. */
export const localConfigSchema = z.object({
  max_devices_count: z.number().describe('0: no limit (spec §9)'),
  total_devices_count: z.number(),
});
export type LocalConfig = z.infer<typeof localConfigSchema>;
