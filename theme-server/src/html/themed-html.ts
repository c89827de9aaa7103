import { readableTextOn } from '@fleetport/contracts/colour';
import {
  ACCESS_COOKIE,
  BRAND_SCRIPT_ID,
  CSP_NONCE_META,
  EDGE_BOOT_MARKER,
  EDGE_HEAD_MARKER,
  type PageHeadings,
} from '@fleetport/contracts/edge-html';
import { escapeHtml } from '@fleetport/contracts/html';
import type { LoadedBrand } from '../brands/load.ts';

/**
 * index.html with a brand applied. Everything but the CSP nonce is computed once per brand and
 * template; a request only splices its nonce between the precomputed chunks.
 */

const NONCE = '\u0000nonce\u0000';

export { escapeHtml };

/**
 * JSON that is safe inside a <script> element: `<`, `>` and `&` become unicode escapes, so no
 * value can close the element or open a comment, and the line separators JSON allows but
 * JavaScript once did not are escaped too.
 */
export function serializeForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** First-paint CSS: the brand colours as variables and a boot bar that needs no JavaScript. */
function bootCss(brand: LoadedBrand): string {
  const { brand_color: colour, dark_mode_text_color: darkText } = brand.config;
  return [
    `:root{--fp-brand:${colour};--fp-brand-contrast:${readableTextOn(colour)};--fp-dark-text:${darkText};color-scheme:light dark}`,
    // Matches the MUI app bar the console renders over it, so hydration does not shift anything.
    'body{margin:0;background:#fff;color:rgba(0,0,0,.87);font-family:Roboto,Helvetica,Arial,"Noto Sans JP",sans-serif}',
    '@media (prefers-color-scheme:dark){body{background:#121212;color:var(--fp-dark-text)}}',
    '.fp-boot-bar{display:flex;align-items:center;gap:16px;height:64px;padding:0 24px;background:var(--fp-brand);color:var(--fp-brand-contrast);box-shadow:0 2px 4px -1px rgba(0,0,0,.2),0 4px 5px 0 rgba(0,0,0,.14)}',
    '.fp-boot-logo{height:40px;width:auto;display:block}.fp-boot-name{font-size:1.25rem;font-weight:500;line-height:1.6}',
    '.fp-boot-sub{font-size:.75rem;line-height:1.66}.fp-boot-text{display:flex;flex-direction:column}',
    // The page heading where the layout puts its own (PageHeading: h5 type, weight 600; the main
    // area's padding, beside the wide side navigation from the md breakpoint).
    '.fp-boot-main{padding:16px}.fp-boot-title{margin:0 0 16px;font-size:1.5rem;font-weight:600;line-height:1.334}',
    '@media (min-width:900px){.fp-boot-main{padding:24px 24px 24px 272px}}',
  ].join('');
}

/** What the edge paints of the page itself: its heading, in the language it is written in. */
export interface BootHeading {
  readonly language: string;
  readonly text: string;
}

function headHtml(brand: LoadedBrand, heading: BootHeading | undefined): string {
  const { config, logo, favicon } = brand;
  // The document title the console sets (PageHeading): the page, then the brand.
  const title = heading ? `${heading.text} | ${config.app_name}` : config.app_name;
  return [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="theme-color" content="${config.brand_color}">`,
    `<meta name="application-name" content="${escapeHtml(config.full_app_name)}">`,
    `<meta property="${CSP_NONCE_META}" nonce="${NONCE}">`,
    `<link rel="icon" href="${favicon.url}" type="${favicon.type}">`,
    `<link rel="preload" href="${logo.url}" as="image" type="${logo.type}">`,
    `<style nonce="${NONCE}">${bootCss(brand)}</style>`,
    `<script id="${BRAND_SCRIPT_ID}" type="application/json" nonce="${NONCE}">${serializeForScript(brand.public)}</script>`,
  ].join('\n    ');
}

function bootHtml(brand: LoadedBrand, heading: BootHeading | undefined): string {
  const { config, logo } = brand;
  const subtext = config.logo_subtext
    ? `<span class="fp-boot-sub">${escapeHtml(config.logo_subtext)}</span>`
    : '';
  const main = heading
    ? `<main class="fp-boot-main"><h1 class="fp-boot-title" data-testid="boot-title">${escapeHtml(heading.text)}</h1></main>`
    : '';
  return (
    `<header class="fp-boot-bar" data-testid="boot-bar"><img class="fp-boot-logo" src="${logo.url}" alt="">` +
    `<span class="fp-boot-text"><span class="fp-boot-name">${escapeHtml(config.app_name)}</span>${subtext}</span></header>` +
    main
  );
}

const ACCESS_COOKIE_PATTERN = new RegExp(
  `(?:^|;)\\s*(?:${ACCESS_COOKIE.plain}|${ACCESS_COOKIE.secure})=[^;\\s]`,
);

/**
 * The console's language for these headers, as it picks it from the browser's list
 * (web lib/i18n.ts pickLanguage): Japanese when any accepted language is Japanese.
 */
export function consoleLanguage(acceptLanguage: string | undefined): string {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const [tag = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const refused = params.some((param) => /^q=0(?:\.0*)?$/.test(param));
    if (tag.split('-')[0] === 'ja' && !refused) return 'ja';
  }
  return 'en';
}

/**
 * The heading to paint for a page request: only with a session cookie (a signed-out visit ends
 * on the login page, which has no such heading) and only for a page with a fixed title. Whether
 * the session is still good is the API's business; a stale cookie shows the title a moment early.
 */
export function bootHeading(
  headings: PageHeadings,
  pathname: string,
  acceptLanguage: string | undefined,
  cookie: string | undefined,
): BootHeading | undefined {
  if (!cookie || !ACCESS_COOKIE_PATTERN.test(cookie)) return undefined;
  const path = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  const language = consoleLanguage(acceptLanguage);
  const text = headings[language]?.[path];
  return text === undefined ? undefined : { language, text };
}

/** Adds the nonce placeholder to every script, style and module-preload tag of the build. */
function nonceTags(template: string): string {
  return template.replace(
    /<(script|style|link rel="modulepreload")(?![^>]*\snonce=)/g,
    `<$1 nonce="${NONCE}"`,
  );
}

export class MissingMarkerError extends Error {}

/** A brand's page split at the nonce: `chunks[0] nonce chunks[1] nonce … chunks[n]`. */
export interface ThemedPage {
  readonly chunks: readonly Buffer[];
  readonly staticLength: number;
}

export function renderThemedPage(
  template: string,
  brand: LoadedBrand,
  heading: BootHeading | undefined = undefined,
): ThemedPage {
  if (!template.includes(EDGE_HEAD_MARKER) || !template.includes(EDGE_BOOT_MARKER)) {
    throw new MissingMarkerError(`index.html lacks ${EDGE_HEAD_MARKER} or ${EDGE_BOOT_MARKER}`);
  }
  const html = nonceTags(template)
    .replace(EDGE_HEAD_MARKER, () => headHtml(brand, heading))
    .replace(EDGE_BOOT_MARKER, () => bootHtml(brand, heading))
    .replace(
      '<html lang="en">',
      `<html lang="${escapeHtml(heading?.language ?? 'en')}" data-brand="${escapeHtml(brand.config.id)}">`,
    );
  const chunks = html.split(NONCE).map((part) => Buffer.from(part, 'utf8'));
  return { chunks, staticLength: chunks.reduce((sum, chunk) => sum + chunk.length, 0) };
}

/** The page for one request: the precomputed chunks joined by this request's nonce. */
export function pageWithNonce(page: ThemedPage, nonce: string): Buffer {
  const nonceBytes = Buffer.from(nonce, 'latin1');
  const length = page.staticLength + nonceBytes.length * (page.chunks.length - 1);
  const out = Buffer.allocUnsafe(length);
  let offset = 0;
  page.chunks.forEach((chunk, index) => {
    if (index > 0) offset += nonceBytes.copy(out, offset);
    offset += chunk.copy(out, offset);
  });
  return out;
}

/**
 * Caches each brand's pages for one template, one per heading (a few pages × languages); a new
 * template or brand object recomputes.
 */
export class ThemedHtmlCache {
  private readonly pages = new WeakMap<LoadedBrand, Map<string, ThemedPage>>();
  readonly template: string;
  readonly headings: PageHeadings;

  constructor(template: string, headings: PageHeadings = {}) {
    this.template = template;
    this.headings = headings;
  }

  page(brand: LoadedBrand, heading?: BootHeading): ThemedPage {
    let pages = this.pages.get(brand);
    if (!pages) {
      pages = new Map();
      this.pages.set(brand, pages);
    }
    const key = heading ? `${heading.language}\u0000${heading.text}` : '';
    let page = pages.get(key);
    if (!page) {
      page = renderThemedPage(this.template, brand, heading);
      pages.set(key, page);
    }
    return page;
  }
}
