import { readCspNonce } from './csp-nonce.ts';

/**
 * notistack styles through goober, which stamps `window.__nonce__` on its one <style> element,
 * created while notistack's module is evaluated. Imported first by main.tsx, so the nonce is
 * there before that (strict CSP: style-src 'nonce-…').
 */
(window as { __nonce__?: string }).__nonce__ = readCspNonce(document);
