import createCache, { type EmotionCache } from '@emotion/cache';

/**
 * The edge puts `<meta property="csp-nonce" …>` into the head. The nonce is read from the
 * `nonce` attribute (hidden from the DOM by browsers, so CSS selectors cannot leak it) or,
 * failing that, from `content`.
 */
export function readCspNonce(doc: Pick<Document, 'querySelector'>): string | undefined {
  const meta = doc.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  return meta?.nonce || meta?.getAttribute('content') || undefined;
}

/** Emotion cache whose <style> tags carry the nonce, as `style-src 'nonce-…'` demands. */
export function createStyleCache(nonce: string | undefined): EmotionCache {
  return createCache(nonce ? { key: 'fp', nonce } : { key: 'fp' });
}
