import { z } from 'zod';

/** A boolean environment variable: true/false, 1/0, yes/no. */
export const envFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/**
 * Reads a server's settings from the environment once at boot, failing fast with one line per
 * wrong variable. Empty variables count as unset, so `FOO=` falls back to the default.
 */
export function parseEnv<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv, what: string): z.output<S> {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = schema.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid ${what} configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}
