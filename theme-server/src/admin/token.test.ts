import * as crypto from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { bearerToken, tokenMatches } from './token.ts';

vi.mock('node:crypto', async (importOriginal) => {
  const original = await importOriginal<typeof crypto>();
  return { ...original, timingSafeEqual: vi.fn(original.timingSafeEqual) };
});

describe('ops token check', () => {
  it('accepts the configured token and nothing else', () => {
    expect(tokenMatches('s3cret-token-value', 's3cret-token-value')).toBe(true);
    expect(tokenMatches('s3cret-token-valuf', 's3cret-token-value')).toBe(false);
    expect(tokenMatches('short', 's3cret-token-value')).toBe(false);
    expect(tokenMatches('', 's3cret-token-value')).toBe(false);
    expect(tokenMatches(undefined, 's3cret-token-value')).toBe(false);
  });

  it('refuses every token when none is configured', () => {
    expect(tokenMatches('anything', undefined)).toBe(false);
  });

  it('compares fixed-length digests in constant time, whatever the presented length', () => {
    const spy = vi.mocked(crypto.timingSafeEqual);
    spy.mockClear();
    tokenMatches('x', 'a-much-longer-configured-token');
    tokenMatches('a-much-longer-configured-token-and-more', 'a-much-longer-configured-token');
    expect(spy).toHaveBeenCalledTimes(2);
    for (const [a, b] of spy.mock.calls) {
      expect((a as Buffer).length).toBe(32);
      expect((b as Buffer).length).toBe(32);
    }
  });

  it('reads the token from a Bearer authorization header', () => {
    expect(bearerToken('Bearer abc.def')).toBe('abc.def');
    expect(bearerToken('bearer   abc ')).toBe('abc');
    expect(bearerToken('Basic abc')).toBeUndefined();
    expect(bearerToken(undefined)).toBeUndefined();
  });
});
