import { parseBrandConfig } from '@fleetport/contracts/brand';
import { describe, expect, it } from 'vitest';
import { brandFile, type LoadedBrand, toPublicBrand } from '../brands/load.ts';
import {
  escapeHtml,
  MissingMarkerError,
  pageWithNonce,
  renderThemedPage,
  serializeForScript,
} from './themed-html.ts';

const TEMPLATE =
  '<!doctype html><html lang="en"><head><!--fp:head--><link rel="modulepreload" href="/assets/a.js"></head>' +
  '<body><div id="root"><!--fp:boot--></div><script type="module" src="/assets/i.js"></script></body></html>';

const ATTACK = '</script><script>alert(1)</script>';

function brandNamed(appName: string): LoadedBrand {
  const result = parseBrandConfig(
    {
      id: 'evil',
      default: true,
      company_name: ATTACK,
      app_name: appName,
      full_app_name: `${appName} "full" & <more>`,
      brand_color: '#c2410c',
      dark_mode_text_color: '#fdebd3',
      logo: 'logo.svg',
      logo_subtext: '<img src=x onerror=alert(2)>',
      favicon: 'favicon.svg',
      public_base_url: 'https://evil.example',
    },
    'evil/brand.json',
  );
  if (!result.success) throw new Error('fixture invalid');
  const logo = brandFile('logo.svg', Buffer.from('<svg/>'));
  const favicon = brandFile('favicon.svg', Buffer.from('<svg></svg>'));
  return {
    config: result.brand,
    file: 'evil/brand.json',
    logo,
    favicon,
    public: toPublicBrand(result.brand, logo, favicon),
  };
}

describe('themed index.html', () => {
  const page = renderThemedPage(TEMPLATE, brandNamed(ATTACK));
  const html = pageWithNonce(page, 'NONCE123').toString('utf8');

  it('keeps a brand name containing </script><script>alert(1)</script> inert', () => {
    // Only the template's own script and our JSON script exist; the attack opened none.
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('<title>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>');
    expect(html).not.toContain('<img src=x');
  });

  it('embeds the brand as JSON that parses back to the same values', () => {
    const json = /<script id="fp-brand" type="application\/json" nonce="NONCE123">([^<]*)<\/script>/.exec(
      html,
    )?.[1];
    expect(json).toBeDefined();
    const brand = JSON.parse(json as string);
    expect(brand.app_name).toBe(ATTACK);
    expect(brand.company_name).toBe(ATTACK);
    expect(brand).not.toHaveProperty('hostnames');
  });

  it('puts the per-request nonce on every script, style and module preload', () => {
    expect(html.match(/nonce="NONCE123"/g)).toHaveLength(5);
    expect(html).toContain('<meta property="csp-nonce" nonce="NONCE123">');
    expect(pageWithNonce(page, 'OTHER').toString()).not.toContain('NONCE123');
  });

  it('applies the brand colour as CSS variables for the first paint', () => {
    expect(html).toContain('--fp-brand:#c2410c');
    expect(html).toContain('<meta name="theme-color" content="#c2410c">');
    expect(html).toContain('class="fp-boot-bar"');
  });

  it('refuses a template without the injection markers', () => {
    expect(() => renderThemedPage('<html></html>', brandNamed('x'))).toThrow(MissingMarkerError);
  });

  it('escapes HTML text and script JSON', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    expect(serializeForScript({ a: '</script><!--\u2028' })).toBe(
      '{"a":"\\u003c/script\\u003e\\u003c!--\\u2028"}',
    );
  });
});
