import { parseBrandConfig } from '@fleetport/contracts/brand';
import { AA_CONTRAST, contrastRatio } from '@fleetport/contracts/colour';
import { describe, expect, it } from 'vitest';
import { brandFile, type LoadedBrand, toPublicBrand } from '../brands/load.ts';
import { DARK, darkTextColour, LIGHT, preferredLanguage, renderOfflinePage } from './offline-page.ts';

const ATTACK = '</title><script>alert(1)</script>';

function brandWith(overrides: Record<string, unknown> = {}): LoadedBrand {
  const result = parseBrandConfig(
    {
      id: 'acme',
      company_name: 'Acme',
      app_name: 'Acme Cloud',
      full_app_name: 'Acme Networks Cloud Manager',
      brand_color: '#c2410c',
      dark_mode_text_color: '#fdebd3',
      logo: 'logo.svg',
      favicon: 'favicon.svg',
      public_base_url: 'https://acme.example',
      ...overrides,
    },
    'acme/brand.json',
  );
  if (!result.success) throw new Error('fixture invalid');
  const logo = brandFile('logo.svg', Buffer.from('<svg/>'));
  const favicon = brandFile('favicon.svg', Buffer.from('<svg></svg>'));
  return {
    config: result.brand,
    file: 'acme/brand.json',
    logo,
    favicon,
    public: toPublicBrand(result.brand, logo, favicon),
  };
}

describe('offline page', () => {
  const brand = brandWith();
  const html = renderOfflinePage(brand, 'en', 'NONCE123');

  it('shows the brand: full name as title, logo, favicon, colour and a plain link home', () => {
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<title>Acme Networks Cloud Manager</title>');
    expect(html).toContain(`<img class="fp-logo" src="${brand.logo.url}" alt="">`);
    expect(html).toContain(`<link rel="icon" href="${brand.favicon.url}" type="image/svg+xml">`);
    expect(html).toContain('background:#c2410c;color:#ffffff');
    expect(html).toContain('You are offline. Please make sure to check network cables, modem, and router');
    expect(html).toContain('<a class="fp-retry" href="/">Try again</a>');
  });

  it('is in Japanese when asked', () => {
    const ja = renderOfflinePage(brand, 'ja', 'N');
    expect(ja).toContain('<html lang="ja">');
    expect(ja).toContain('オフラインです。ネットワークケーブル、モデム、ルーターを確認するか');
    expect(ja).toContain('>もう一度試す</a>');
  });

  it('has one nonce’d style, no script, no inline style or handler, no outside resource', () => {
    expect(html.match(/<style/g)).toHaveLength(1);
    expect(html).toContain('<style nonce="NONCE123">');
    expect(html).not.toMatch(/<script|\sstyle=|\son\w+=|https?:/i);
  });

  it('escapes brand text', () => {
    const evil = renderOfflinePage(
      brandWith({ app_name: ATTACK, full_app_name: `${ATTACK} & "x"` }),
      'en',
      'N',
    );
    expect(evil).not.toContain('<script');
    expect(evil).toContain(
      '<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;x&quot;</title>',
    );
  });

  it('keeps text readable in light and dark mode', () => {
    expect(contrastRatio(LIGHT.text, LIGHT.background)).toBeGreaterThanOrEqual(AA_CONTRAST);
    expect(darkTextColour(brand)).toBe('#fdebd3');
    expect(html).toContain('@media (prefers-color-scheme:dark){:root{--fp-bg:#121212;--fp-text:#fdebd3}}');
    // A brand whose dark-mode text would be unreadable gets a neutral one instead.
    const murky = brandWith({ dark_mode_text_color: '#333333' });
    expect(darkTextColour(murky)).toBe(DARK.fallbackText);
    expect(contrastRatio(DARK.fallbackText, DARK.background)).toBeGreaterThanOrEqual(AA_CONTRAST);
    // Text on a light brand colour turns black.
    expect(renderOfflinePage(brandWith({ brand_color: '#fde047' }), 'en', 'N')).toContain(
      'background:#fde047;color:#000000',
    );
  });
});

describe('Accept-Language', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['ja', 'ja'],
    ['ja-JP,ja;q=0.9,en-US;q=0.8,en;q=0.7', 'ja'],
    ['en-US,en;q=0.9,ja;q=0.8', 'en'],
    ['en;q=0.5, ja;q=0.8', 'ja'],
    ['fr, ja;q=0.5', 'ja'],
    ['fr, de;q=0.5', 'en'],
    ['*', 'en'],
    ['ja;q=0, *', 'en'],
    ['JA ; Q=1, en;q=0.9', 'ja'],
    ['ja;q=2, en;q=0.1', 'en'],
    ['jam, en;q=0.1', 'en'],
  ])('%s → %s', (header, expected) => {
    expect(preferredLanguage(header)).toBe(expected);
  });
});
