import type { PublicBrand } from '@fleetport/contracts/brand';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BRAND } from '../config/default-brand.ts';
import {
  contrastRatio,
  createBrandTheme,
  readableTextOn,
  relativeLuminance,
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
  it('uses the brand colour as primary in both schemes, with AA contrast text', () => {
    const theme = createBrandTheme(brand({ brand_color: '#ffeb3b' }));
    for (const scheme of ['light', 'dark'] as const) {
      const primary = theme.colorSchemes[scheme]?.palette.primary;
      expect(primary?.main).toBe('#ffeb3b');
      expect(primary?.contrastText).toBe('#000000');
    }
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
