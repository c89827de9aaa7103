import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PublicBrand } from '@fleetport/contracts/brand';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BRAND } from '../shared/config/default-brand.ts';
import {
  contrastRatio,
  createBrandTheme,
  readableTextOn,
  relativeLuminance,
  SCHEME_BACKGROUNDS,
  WCAG_AA_CONTRAST,
} from './theme.ts';

const brand = (overrides: Partial<PublicBrand>): PublicBrand => ({ ...DEFAULT_BRAND, ...overrides });

describe('contrastRatio', () => {
  it('is 21 for black on white and 1 for a colour on itself', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 10);
    expect(contrastRatio('#1565c0', '#1565c0')).toBe(1);
  });

  it('does not depend on the order of the colours', () => {
    expect(contrastRatio('#ffffff', '#767676')).toBe(contrastRatio('#767676', '#ffffff'));
  });

  it('matches known WCAG values', () => {
    // #767676 is the lightest grey that passes AA on white (4.54:1).
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(WCAG_AA_CONTRAST);
  });

  it('rejects colours that are not #rrggbb', () => {
    expect(() => relativeLuminance('red')).toThrow(TypeError);
    expect(() => contrastRatio('#fff', '#000000')).toThrow(TypeError);
  });
});

describe('readableTextOn', () => {
  it.each([
    ['#0d2c6c', '#ffffff'], // dark blue
    ['#ffeb3b', '#000000'], // yellow
    ['#1565c0', '#ffffff'], // the default brand blue
    ['#2196f3', '#000000'], // MUI blue 500: white only reaches 3.1:1
    ['#767676', '#ffffff'],
    ['#777777', '#000000'],
  ])('on %s gives %s, at least AA', (background, text) => {
    expect(readableTextOn(background)).toBe(text);
    expect(contrastRatio(background, text)).toBeGreaterThanOrEqual(WCAG_AA_CONTRAST);
  });
});

describe('createBrandTheme', () => {
  it('keeps the brand colour exactly as the brand surface colour in both schemes, with AA text on it', () => {
    const theme = createBrandTheme(brand({ brand_color: '#ffeb3b' }));
    for (const scheme of ['light', 'dark'] as const) {
      const surface = theme.colorSchemes[scheme]?.palette.brand;
      expect(surface?.main).toBe('#ffeb3b');
      expect(surface?.contrastText).toBe('#000000');
    }
  });

  it('uses the brand colour as primary where it reads, and a readable shade of it where it does not', () => {
    const yellow = createBrandTheme(brand({ brand_color: '#ffeb3b' }));
    expect(yellow.colorSchemes.dark?.palette.primary.main).toBe('#ffeb3b');
    expect(yellow.colorSchemes.light?.palette.primary.main).not.toBe('#ffeb3b');
    const navy = createBrandTheme(brand({ brand_color: '#0d2c6c' }));
    expect(navy.colorSchemes.light?.palette.primary.main).toBe('#0d2c6c');
    expect(navy.colorSchemes.dark?.palette.primary.main).not.toBe('#0d2c6c');
  });

  it('uses the brand dark-mode text colour as the dark scheme text', () => {
    const theme = createBrandTheme(brand({ dark_mode_text_color: '#f0e6d2' }));
    expect(theme.colorSchemes.dark?.palette.text.primary).toBe('#f0e6d2');
    expect(theme.colorSchemes.light?.palette.text.primary).not.toBe('#f0e6d2');
  });

  it('sets the AA contrast threshold and switches schemes by class', () => {
    const theme = createBrandTheme(DEFAULT_BRAND);
    expect(theme.colorSchemes.light?.palette.contrastThreshold).toBe(WCAG_AA_CONTRAST);
    expect(theme.colorSchemes.dark?.palette.contrastThreshold).toBe(WCAG_AA_CONTRAST);
    expect(theme.colorSchemeSelector).toBe('class');
    expect(theme.vars).toBeDefined();
  });
});

/** `#fff` → `#ffffff`. */
const longHex = (hex: string) =>
  /^#[0-9a-f]{3}$/i.test(hex) ? `#${[...hex.slice(1)].map((digit) => digit + digit).join('')}` : hex;

describe('every shipped brand is readable in both schemes (contrast per brand)', () => {
  const themesDir = fileURLToPath(new URL('../../../themes/', import.meta.url));
  const shipped = readdirSync(themesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map(
      (entry) =>
        JSON.parse(readFileSync(join(themesDir, entry.name, 'brand.json'), 'utf8')) as Partial<PublicBrand>,
    );

  it('finds the shipped brands', () => {
    expect(shipped.length).toBeGreaterThanOrEqual(3);
  });

  for (const config of shipped) {
    it(`${config.id}: primary, brand surface and text reach AA in light and dark`, () => {
      const theme = createBrandTheme(brand(config));
      for (const scheme of ['light', 'dark'] as const) {
        const palette = theme.colorSchemes[scheme]?.palette;
        if (!palette) throw new Error(`no ${scheme} scheme`);
        // The backgrounds the check assumes are the theme's own.
        expect(longHex(palette.background.default)).toBe(SCHEME_BACKGROUNDS[scheme][0]);
        expect(longHex(palette.background.paper)).toBe(SCHEME_BACKGROUNDS[scheme][0]);
        for (const background of SCHEME_BACKGROUNDS[scheme]) {
          expect(contrastRatio(palette.primary.main, background), `${scheme} primary`).toBeGreaterThanOrEqual(
            WCAG_AA_CONTRAST,
          );
        }
        expect(contrastRatio(palette.primary.contrastText, palette.primary.main)).toBeGreaterThanOrEqual(
          WCAG_AA_CONTRAST,
        );
        expect(contrastRatio(palette.brand.contrastText, palette.brand.main)).toBeGreaterThanOrEqual(
          WCAG_AA_CONTRAST,
        );
      }
      const dark = theme.colorSchemes.dark?.palette;
      expect(contrastRatio(dark?.text.primary ?? '', SCHEME_BACKGROUNDS.dark[0])).toBeGreaterThanOrEqual(
        WCAG_AA_CONTRAST,
      );
    });
  }
});
