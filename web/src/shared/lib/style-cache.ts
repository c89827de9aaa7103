import createCache, { type EmotionCache } from '@emotion/cache';

/** Emotion cache whose <style> tags carry the nonce, as `style-src 'nonce-…'` demands. */
export function createStyleCache(nonce: string | undefined): EmotionCache {
  return createCache(nonce ? { key: 'fp', nonce } : { key: 'fp' });
}
