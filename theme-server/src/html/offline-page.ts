import { AA_CONTRAST, contrastRatio, readableTextOn } from '@fleetport/contracts/colour';
import { escapeHtml } from '@fleetport/contracts/html';
import type { LoadedBrand } from '../brands/load.ts';

/**
 * `/offline.html` (spec §2, message from §8): a small self-contained page for the brand of the
 * request, in English or Japanese. No script; the only styles are one nonce'd <style>, the only
 * resources the brand's logo and favicon.
 */

export type OfflineLanguage = 'en' | 'ja';

const TEXT: Record<OfflineLanguage, { message: string; retry: string }> = {
  en: {
    message:
      'You are offline. Please make sure to check network cables, modem, and router or reconnecting to Wi-Fi and try again',
    retry: 'Try again',
  },
  ja: {
    message:
      'オフラインです。ネットワークケーブル、モデム、ルーターを確認するか、Wi-Fiに再接続してから、もう一度お試しください。',
    retry: 'もう一度試す',
  },
};

export const LIGHT = { background: '#ffffff', text: '#1f1f1f' } as const;
export const DARK = { background: '#121212', fallbackText: '#e6e6e6' } as const;

/** The quality Accept-Language gives a language: its best matching range, else `*`, else 0. */
function qualityOf(language: OfflineLanguage, ranges: ReadonlyArray<{ tag: string; q: number }>): number {
  let named: number | undefined;
  let wildcard = 0;
  for (const { tag, q } of ranges) {
    if (tag === '*') wildcard = Math.max(wildcard, q);
    else if (tag === language || tag.startsWith(`${language}-`)) named = Math.max(named ?? 0, q);
  }
  return named ?? wildcard;
}

const Q_VALUE = /^q=(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

/** Japanese when Accept-Language rates `ja` above `en` (q-values honoured), else English. */
export function preferredLanguage(acceptLanguage: string | undefined): OfflineLanguage {
  const ranges: { tag: string; q: number }[] = [];
  for (const part of (acceptLanguage ?? '').split(',')) {
    const [tag = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (!tag) continue;
    const q = params.find((param) => param.startsWith('q=')) ?? 'q=1';
    // A malformed weight (q=2, q=abc) drops the range rather than guessing.
    if (Q_VALUE.test(q)) ranges.push({ tag, q: Number(q.slice(2)) });
  }
  return qualityOf('ja', ranges) > qualityOf('en', ranges) ? 'ja' : 'en';
}

/** The brand's dark-mode text colour when it is readable on the dark background, else a neutral one. */
export function darkTextColour(brand: LoadedBrand): string {
  const colour = brand.config.dark_mode_text_color;
  return contrastRatio(colour, DARK.background) >= AA_CONTRAST ? colour : DARK.fallbackText;
}

function css(brand: LoadedBrand): string {
  const accent = brand.config.brand_color;
  const onAccent = readableTextOn(accent);
  return [
    `:root{color-scheme:light dark;--fp-bg:${LIGHT.background};--fp-text:${LIGHT.text}}`,
    `@media (prefers-color-scheme:dark){:root{--fp-bg:${DARK.background};--fp-text:${darkTextColour(brand)}}}`,
    'body{margin:0;min-height:100vh;background:var(--fp-bg);color:var(--fp-text);font-family:Roboto,Helvetica,Arial,"Noto Sans JP",sans-serif}',
    `.fp-bar{display:flex;align-items:center;gap:16px;height:64px;padding:0 24px;background:${accent};color:${onAccent}}`,
    '.fp-logo{height:40px;width:auto;display:block}.fp-name{font-size:1.25rem;font-weight:500}',
    'main{max-width:36rem;margin:0 auto;padding:48px 24px;text-align:center}',
    '.fp-message{font-size:1.125rem;line-height:1.6;margin:0 0 32px}',
    `.fp-retry{display:inline-block;padding:10px 24px;border-radius:4px;background:${accent};color:${onAccent};font-weight:500;text-decoration:none}`,
    '.fp-retry:focus-visible{outline:3px solid var(--fp-text);outline-offset:3px}',
  ].join('');
}

/** The whole page for one brand, language and CSP nonce. */
export function renderOfflinePage(brand: LoadedBrand, language: OfflineLanguage, nonce: string): string {
  const { config, logo, favicon } = brand;
  const text = TEXT[language];
  return [
    '<!doctype html>',
    `<html lang="${language}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(config.full_app_name || config.app_name)}</title>`,
    `<meta name="theme-color" content="${escapeHtml(config.brand_color)}">`,
    `<link rel="icon" href="${escapeHtml(favicon.url)}" type="${escapeHtml(favicon.type)}">`,
    `<style nonce="${escapeHtml(nonce)}">${css(brand)}</style>`,
    '</head>',
    '<body>',
    `<header class="fp-bar"><img class="fp-logo" src="${escapeHtml(logo.url)}" alt=""><span class="fp-name">${escapeHtml(config.app_name)}</span></header>`,
    `<main><p class="fp-message">${escapeHtml(text.message)}</p><a class="fp-retry" href="/">${escapeHtml(text.retry)}</a></main>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
