/**
 * Idempotency keys (zod-free: the console's form engine imports it). A write sent with the
 * header is applied once: the same key again within IDEMPOTENCY_KEY_TTL_H hours is answered
 * with the first answer (api/src/http/idempotency.ts).
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** 1 to 255 visible ASCII characters. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
export const IDEMPOTENCY_KEY_TTL_H = 24;

/** A new key: 128 random bits (getRandomValues works on plain-HTTP origins too). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
