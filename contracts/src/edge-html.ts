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

/**
 * Written by the console's build next to index.html: the heading of each signed-in page that
 * has one fixed title, by language and path (`{ "en": { "/companies": "Companies" } }`). The
 * edge paints it under the boot bar, where the console's own heading will be, so a slow phone
 * shows the page's name before the scripts run. The edge never serves the file.
 */
export const PAGE_HEADINGS_FILE = 'page-headings.json';
export type PageHeadings = Readonly<Record<string, Readonly<Record<string, string>>>>;

/** The file's content when it has that shape, else undefined (an old or broken build). */
export function readPageHeadings(value: unknown): PageHeadings | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  for (const paths of Object.values(value)) {
    if (typeof paths !== 'object' || paths === null || Array.isArray(paths)) return undefined;
    if (!Object.values(paths).every((heading) => typeof heading === 'string')) return undefined;
  }
  return value as PageHeadings;
}

/** The session's access cookie over http and over https (api/modules/auth/cookies.ts). */
export const ACCESS_COOKIE = { plain: 'fp_access', secure: '__Host-fp_access' } as const;
