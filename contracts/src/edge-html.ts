/**
 * The contract between the console's index.html and the edge that fills it (theme-server):
 * the markers the build must keep and the elements the edge injects for the console to read.
 * Plain strings, no dependencies, so the browser bundle can import them for free.
 */

/** Replaced by the brand's title, favicon, colours, CSP nonce and brand JSON. */
export const EDGE_HEAD_MARKER = '<!--fp:head-->';
/** Replaced by the boot bar (logo and app name on the brand colour) shown before scripts run. */
export const EDGE_BOOT_MARKER = '<!--fp:boot-->';
/** `<script id=… type="application/json">` holding the PublicBrand. */
export const BRAND_SCRIPT_ID = 'fp-brand';
/** `<meta property=… nonce=…>`: the per-request CSP nonce, for emotion's style tags. */
export const CSP_NONCE_META = 'csp-nonce';
