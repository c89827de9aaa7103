import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { envFlag, parseEnv } from '@fleetport/contracts/env';
import { z } from 'zod';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

const hasCredentials = (url: string) => {
  const parsed = new URL(url);
  return parsed.username !== '' && parsed.password !== '';
};

/** Every setting of the API, read from the environment once at boot (fail fast). */
const configSchema = z
  .object({
    /** Not PORT: `npm start` gives PORT to the edge, and the API sits behind it. */
    API_PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    API_HOST: z.string().default('127.0.0.1'),
    /** Which proxies' X-Forwarded-* to believe (Express syntax): the edge runs on these. */
    TRUST_PROXY: z.string().default('loopback, linklocal, uniquelocal'),
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    /** PGlite's data lives in `<DATA_DIR>/pglite` when DATABASE_URL is not set. */
    DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
    /**
     * Uploaded company files, stored by id (default `<DATA_DIR>/files`). Several API replicas
     * need it on one shared volume.
     */
    FILES_DIR: z.string().optional(),
    DATABASE_URL: z.url().optional(),
    REDIS_URL: z.url().optional(),
    /** Signs access tokens and XSRF tokens; generated once and kept in the database when unset. */
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    ACCESS_TOKEN_TTL_S: z.coerce.number().int().min(30).max(3600).default(900),
    REFRESH_TOKEN_TTL_S: z.coerce
      .number()
      .int()
      .min(300)
      .default(30 * 24 * 3600),
    /**
     * A refresh token presented again this soon after its rotation is taken as two tabs
     * refreshing at once, not as theft (see SessionService.refresh).
     */
    REFRESH_REUSE_GRACE_S: z.coerce.number().int().min(0).max(60).default(10),
    /** How long a password re-confirmation lets sensitive operations through (423 after). */
    PASSWORD_CONFIRMATION_TTL_S: z.coerce.number().int().min(30).max(86_400).default(600),
    /** Spec §6: MFA is required by default. */
    MFA_REQUIRED: envFlag.default(true),
    /** Seeds the demo world into an empty store (npm start turns it on). */
    SEED_DEMO: envFlag.default(false),
    DEMO_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
    LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(10),
    LOGIN_WINDOW_S: z.coerce
      .number()
      .int()
      .min(1)
      .default(15 * 60),
    /**
     * Failed device claims (add or verify a serial and MAC) per user in a window, then 429; a
     * company is stopped at three times that across its users. Successful claims do not count.
     */
    CLAIM_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(30),
    CLAIM_WINDOW_S: z.coerce.number().int().min(1).default(60),
    /** Brands (`<id>/brand.json`), the edge's folder: e-mail links start with their public_base_url. */
    BRANDS_DIR: z.string().default(path.join(repoRoot, 'themes')),
    /**
     * The console's build (the edge's WEB_DIST): its version.json is watched, and a new build is
     * announced to open consoles (spec §4 "Update prompt"). Absent: nothing is announced.
     */
    WEB_DIST: z.string().default(path.join(repoRoot, 'web', 'dist')),
    /** How often version.json is read. */
    WEB_VERSION_POLL_MS: z.coerce.number().int().min(50).max(600_000).default(5000),
    /** Unset: e-mail is captured in the outbox (mail_outbox, and the log). */
    SMTP_URL: z.url({ protocol: /^smtps?$/, message: 'must be an smtp:// or smtps:// URL' }).optional(),
    /** The sender address; the brand's app name is its display name. */
    MAIL_FROM: z.email('must be an e-mail address').default('no-reply@fleetport.localhost'),
    /**
     * The device gateway (docs/device-protocol.md). Unset MQTT_URL: devices connect to the broker
     * inside the API on MQTT_HOST:MQTT_PORT (18830, so it never collides with a broker already on
     * 1883; 0 picks a free port). Set: the API subscribes to that external broker instead.
     */
    /**
     * Where devices download firmware from: the API's public address as devices reach it (through
     * the edge, e.g. https://devices.example.com). Unset: the address the API listens on.
     */
    DEVICE_FILES_URL: z
      .url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL' })
      .optional(),
    MQTT_URL: z.url({ protocol: /^mqtts?$/, message: 'must be an mqtt:// or mqtts:// URL' }).optional(),
    /** The shared-subscription group of the API replicas on an external broker (one message, one replica). */
    MQTT_SHARE_GROUP: z
      .string()
      .regex(/^[\w-]{1,64}$/)
      .default('fleetport'),
    /**
     * `on`: MQTT_URL is a Mosquitto 2 broker whose dynamic-security plugin Fleetport provisions
     * (docs/device-protocol.md, "Mosquitto (dynamic security)"): each approved device a client and
     * a role, given when it is imported, checked at every start. MQTT_URL's user is the plugin's
     * admin.
     */
    MQTT_DYNSEC: z.enum(['on', 'off']).default('off'),
    MQTT_HOST: z.string().default('127.0.0.1'),
    MQTT_PORT: z.coerce.number().int().min(0).max(65535).default(18830),
    /**
     * MQTT over TLS on the embedded broker (docs/device-protocol.md, "Transport security"): the
     * certificate chain and its key, PEM files (e.g. an ACME client's fullchain.pem and
     * privkey.pem), read again when they change. Both or neither.
     */
    MQTT_TLS_CERT: z.string().min(1).optional(),
    MQTT_TLS_KEY: z.string().min(1).optional(),
    MQTT_TLS_HOST: z.string().default('0.0.0.0'),
    MQTT_TLS_PORT: z.coerce.number().int().min(0).max(65535).default(8883),
    /**
     * Plain MQTT on MQTT_HOST:MQTT_PORT: `loopback` (the default) only when MQTT_HOST is this
     * machine's own address, `on` wherever it is, `off` never (TLS only).
     */
    MQTT_PLAIN: z.enum(['loopback', 'on', 'off']).default('loopback'),
    /**
     * The embedded broker bans a source address for the rest of the window after this many failed
     * CONNECTs (docs/device-protocol.md, "Wrong secrets").
     */
    MQTT_AUTH_MAX_FAILURES: z.coerce.number().int().min(1).default(30),
    /**
     * EMQX's HTTP authentication and authorization hooks (docs/device-protocol.md, "EMQX") on an
     * internal listener of their own, never the API's port the edge proxies; unset: off. EMQX
     * sends DEVICE_HOOKS_SECRET as `Authorization: Bearer …`.
     */
    DEVICE_HOOKS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    DEVICE_HOOKS_HOST: z.string().default('127.0.0.1'),
    DEVICE_HOOKS_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    MQTT_AUTH_WINDOW_S: z.coerce
      .number()
      .int()
      .min(1)
      .default(15 * 60),
    /**
     * With SEED_DEMO: a manufacturer's CSV (serial, mac, secret, name) whose devices are approved
     * and spread over the demo companies; `npm start` passes the simulator's fleet manifest.
     */
    DEMO_FLEET_CSV: z.string().optional(),
    /** How long telemetry history is kept for the charts. */
    TELEMETRY_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
    /** Prometheus metrics on a port of their own (never the API's, which the edge proxies); unset: off. */
    METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    METRICS_HOST: z.string().default('127.0.0.1'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .refine((config) => !config.MQTT_TLS_CERT === !config.MQTT_TLS_KEY, {
    message: 'MQTT_TLS_CERT and MQTT_TLS_KEY go together: set both or neither',
    path: ['MQTT_TLS_KEY'],
  })
  .refine((config) => config.DEVICE_HOOKS_PORT === undefined || config.DEVICE_HOOKS_SECRET !== undefined, {
    message: 'DEVICE_HOOKS_PORT needs DEVICE_HOOKS_SECRET, the secret EMQX sends with each check',
    path: ['DEVICE_HOOKS_SECRET'],
  })
  .refine((config) => config.MQTT_DYNSEC === 'off' || config.MQTT_URL !== undefined, {
    message: 'MQTT_DYNSEC=on provisions the Mosquitto broker that MQTT_URL names: set MQTT_URL too',
    path: ['MQTT_DYNSEC'],
  })
  .refine((config) => config.MQTT_DYNSEC === 'off' || !config.MQTT_URL || hasCredentials(config.MQTT_URL), {
    message:
      "MQTT_DYNSEC=on needs a user name and password in MQTT_URL (mqtt://user:password@host): the dynamic-security plugin's admin client (mosquitto_ctrl dynsec init)",
    path: ['MQTT_URL'],
  })
  .refine((config) => config.MQTT_DYNSEC === 'off' || config.DEVICE_HOOKS_PORT === undefined, {
    message: 'MQTT_DYNSEC is for a Mosquitto broker and DEVICE_HOOKS_PORT for EMQX: set one of them',
    path: ['MQTT_DYNSEC'],
  });

export type ApiConfig = z.output<typeof configSchema>;

/** Where uploaded company files live. */
export const filesDir = (config: ApiConfig) => config.FILES_DIR ?? path.join(config.DATA_DIR, 'files');

/** Where uploads stream to while a request is read (spec §7); emptied as each request ends. */
export const uploadTmpDir = (config: ApiConfig) => path.join(config.DATA_DIR, 'tmp');

export function readConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  return parseEnv(configSchema, env, 'API');
}

/** Defaults for tests and tools, overridden field by field. */
export function configWith(overrides: Partial<ApiConfig>): ApiConfig {
  return { ...readConfig({}), ...overrides };
}
