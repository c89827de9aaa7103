import { z } from 'zod';

/** Error item of spec §3: `source` is the field path (bulk payloads: `data.<index>.<field>`). */
export const errorItemSchema = z.object({
  code: z.string(),
  message: z.string(),
  source: z.string().optional(),
});
export type ErrorItem = z.infer<typeof errorItemSchema>;

/** The response envelope shared by the API and the edge: `{success, data, meta, errors[]}`. */
export interface Envelope<T = unknown> {
  success: boolean;
  data?: T;
  meta?: Record<string, unknown>;
  errors: ErrorItem[];
}

/** The answer of a delete that has nothing else to say (DELETE /tags/{id}, /users/{id}, …). */
export const deletedSchema = z.object({ deleted: z.literal(true) });
export type Deleted = z.infer<typeof deletedSchema>;

export function failure(code: string, message: string, source?: string): Envelope<never> {
  return { success: false, errors: [source ? { code, message, source } : { code, message }] };
}

export function ok<T>(data: T, meta?: Record<string, unknown>): Envelope<T> {
  return meta ? { success: true, data, meta, errors: [] } : { success: true, data, errors: [] };
}
