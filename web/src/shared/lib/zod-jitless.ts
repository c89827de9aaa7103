/**
 * The console runs under a CSP without 'unsafe-eval', so zod must never compile its fast
 * parsers with `new Function`. zod decides when it builds a schema, and its probe (a
 * `new Function('')` it catches) is still reported as a CSP violation. Its documented switch is
 * `z.config({ jitless: true })`, which lives in the global object this sets; it must be there
 * before zod's first schema, so the entry imports this first and zod stays out of the entry.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };
