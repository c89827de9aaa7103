import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Compares a presented ops token with the configured one in constant time. Both are hashed
 * first, so neither the content nor the length of the secret leaks through timing.
 */
export function tokenMatches(presented: string | undefined, expected: string | undefined): boolean {
  if (!expected || presented === undefined) return false;
  const a = createHash('sha256').update(presented).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/** The token of an `Authorization: Bearer <token>` header. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}
