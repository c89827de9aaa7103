import { describe, expect, it } from 'vitest';
import { AA_CONTRAST, contrastRatio, readableTextOn } from './colour.ts';

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
