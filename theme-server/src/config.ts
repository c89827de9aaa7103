import { fileURLToPath } from 'node:url';
import { envFlag, parseEnv } from '@fleetport/contracts/env';
import { z } from 'zod';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** Every setting of the edge, read from the environment once at boot (fail fast). */
const fields = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('::'),
  API_URL: z.url().default('http://127.0.0.1:3000'),
  BRANDS_DIR: z.string().default(`${repoRoot}themes`),
  WEB_DIST: z.string().default(`${repoRoot}web/dist`),
  TRUST_PROXY: envFlag.default(false),
  /**
   * Redirects plain HTTP to https (301 for GET/HEAD, 308 otherwise), except the health probes.
   * The edge itself speaks plain HTTP, so it learns of https only from a trusted TLS proxy's
   * X-Forwarded-Proto: it needs TRUST_PROXY (checked below), or every request would loop.
   */
  FORCE_HTTPS: envFlag.default(false),
  BRAND_ADMIN_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  PROXY_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().positive().default(66_000),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  SOURCE_MAPS: envFlag.default(false),
  /** How often the served build's version.json is read; a new version reloads the build. */
  WEB_VERSION_POLL_MS: z.coerce.number().int().min(50).max(600_000).default(5000),
  GOOGLE_MAPS_KEY: z.string().default(''),
  /** Leaflet's tile URL template for the device maps; `none`: positions without a background. */
  MAP_TILE_URL: z
    .string()
    .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png')
    .refine((value) => value === 'none' || /^https?:\/\/[^/]+\/.*\{z\}.*\{x\}.*\{y\}/.test(value), {
      message: 'must be an http(s) URL template with {z}, {x} and {y}, or none',
    })
    .transform((value) => (value === 'none' ? '' : value)),
  MAP_TILE_ATTRIBUTION: z.string().max(300).default('© OpenStreetMap contributors'),
  MFA_REQUIRED: envFlag.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Prometheus metrics on a port of their own, never the public one; unset: no metrics. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().default('127.0.0.1'),
});

const configSchema = fields.refine((config) => !config.FORCE_HTTPS || config.TRUST_PROXY, {
  path: ['FORCE_HTTPS'],
  message: 'needs TRUST_PROXY=true: the edge learns of https only from the TLS proxy in front',
});

export type EdgeConfig = z.output<typeof configSchema>;

export function readConfig(env: NodeJS.ProcessEnv = process.env): EdgeConfig {
  return parseEnv(configSchema, env, 'edge');
}

/** Defaults for tests and tools, overridden field by field. */
export function configWith(overrides: Partial<EdgeConfig>): EdgeConfig {
  return { ...readConfig({}), ...overrides };
}
