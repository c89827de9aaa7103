import { describe, expect, it } from 'vitest';
import { AA_CONTRAST, contrastRatio, luminance, readableTextOn, withContrast } from './colour.ts';

describe('colour contrast (WCAG 2)', () => {
  it('measures black on white as 21:1 and a colour on itself as 1:1', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#1f5fbf', '#1f5fbf')).toBeCloseTo(1, 5);
  });

  it('picks white text on dark brand colours and dark text on light ones, both readable at AA', () => {
    expect(readableTextOn('#1f5fbf')).toBe('#ffffff');
    expect(readableTextOn('#ffd600')).toBe('#000000');
    for (const colour of ['#1f5fbf', '#c2410c', '#0f766e', '#ffd600']) {
      expect(contrastRatio(colour, readableTextOn(colour))).toBeGreaterThanOrEqual(AA_CONTRAST);
    }
  });
});

describe('withContrast', () => {
  it('keeps a colour that already reaches AA on the backgrounds', () => {
    expect(withContrast('#1f5fbf', ['#ffffff'])).toBe('#1f5fbf');
  });

  it('lightens a dark brand colour until it reads on a dark background', () => {
    const readable = withContrast('#1f5fbf', ['#121212']);
    expect(readable).not.toBe('#1f5fbf');
    expect(contrastRatio(readable, '#121212')).toBeGreaterThanOrEqual(AA_CONTRAST);
    expect(luminance(readable)).toBeGreaterThan(luminance('#1f5fbf'));
  });

  it('darkens a light brand colour until it reads on white, against every background given', () => {
    const readable = withContrast('#ffeb3b', ['#ffffff', '#f5f5f5']);
    expect(contrastRatio(readable, '#ffffff')).toBeGreaterThanOrEqual(AA_CONTRAST);
    expect(contrastRatio(readable, '#f5f5f5')).toBeGreaterThanOrEqual(AA_CONTRAST);
    expect(luminance(readable)).toBeLessThan(luminance('#ffeb3b'));
  });
});
