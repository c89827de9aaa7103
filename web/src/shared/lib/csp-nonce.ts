import { CSP_NONCE_META } from '@fleetport/contracts/edge-html';

/**
 * The edge puts `<meta property="csp-nonce" …>` into the head. The nonce is read from the
 * `nonce` attribute (hidden from the DOM by browsers, so CSS selectors cannot leak it) or,
 * failing that, from `content`.
 */
export function readCspNonce(doc: Pick<Document, 'querySelector'>): string | undefined {
  const meta = doc.querySelector<HTMLMetaElement>(`meta[property="${CSP_NONCE_META}"]`);
  return meta?.nonce || meta?.getAttribute('content') || undefined;
}
