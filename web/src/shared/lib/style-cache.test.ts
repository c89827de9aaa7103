import { describe, expect, it } from 'vitest';
import { readCspNonce } from './csp-nonce.ts';
import { createStyleCache } from './style-cache.ts';

const documentWith = (meta: Partial<HTMLMetaElement> | undefined) => ({
  querySelector: (selector: string) =>
    selector === 'meta[property="csp-nonce"]' && meta ? (meta as HTMLMetaElement) : null,
});
const meta = (nonce: string, content: string | null) => ({ nonce, getAttribute: () => content });

describe('readCspNonce', () => {
  it('prefers the hidden nonce attribute', () => {
    expect(readCspNonce(documentWith(meta('abc123', 'other')))).toBe('abc123');
  });

  it('falls back to the content attribute', () => {
    expect(readCspNonce(documentWith(meta('', 'abc123')))).toBe('abc123');
  });

  it('is undefined without the meta tag or a value', () => {
    expect(readCspNonce(documentWith(undefined))).toBeUndefined();
    expect(readCspNonce(documentWith(meta('', null)))).toBeUndefined();
  });
});

describe('createStyleCache', () => {
  it('keys the styles fp and carries the nonce', () => {
    const cache = createStyleCache('abc123');
    expect(cache.key).toBe('fp');
    expect(cache.nonce).toBe('abc123');
  });
});
