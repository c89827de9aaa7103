import { describe, expect, it } from 'vitest';
import { applyMask, maskSlots } from './mask.ts';

describe('applyMask (spec §5 "Masks and field visibility")', () => {
  it.each([
    ['# takes digits', '###', '123', '123'],
    ['# takes a space', '###', '1 3', '1 3'],
    ['# refuses letters', '###', '1a2b3', '123'],
    ['X takes letters and digits', 'XXXX', 'a1B2', 'a1B2'],
    ['X refuses symbols', 'XXX', 'a-1_b', 'a1b'],
    ['S takes letters only', 'SSS', 'a1b2c', 'abc'],
    ['H takes hex digits, upper-cased', 'HHHH', 'a1f9', 'A1F9'],
    ['H refuses non-hex letters', 'HH', 'g0z1', '01'],
    ['A upper-cases letters', 'AAA', 'abc', 'ABC'],
    ['A refuses digits', 'AA', '1a2b', 'AB'],
    ['a lower-cases letters', 'aaa', 'ABC', 'abc'],
    ['a refuses digits', 'aa', '1A2B', 'ab'],
  ])('token: %s', (_rule, mask, value, expected) => {
    expect(applyMask(value, mask)).toBe(expected);
  });

  it('writes literals in between tokens (MAC address)', () => {
    expect(applyMask('a1b2c3d4e5f6', 'HH:HH:HH:HH:HH:HH')).toBe('A1:B2:C3:D4:E5:F6');
  });

  it('accepts a typed literal in its own place', () => {
    expect(applyMask('a1:b2', 'HH:HH')).toBe('A1:B2');
  });

  it('does not write a literal before an unfilled token, so deleting backwards works', () => {
    expect(applyMask('A1', 'HH:HH')).toBe('A1');
    expect(applyMask('A1:', 'HH:HH')).toBe('A1:');
  });

  it('closes with the trailing literals once every token is filled', () => {
    expect(applyMask('123', '(###)')).toBe('(123)');
    expect(applyMask('12', '(###)')).toBe('(12');
  });

  it('writes leading literals as soon as input arrives', () => {
    expect(applyMask('5', '+## ###')).toBe('+5');
    expect(applyMask('+37', '+## ###')).toBe('+37');
  });

  it('cuts input beyond the mask', () => {
    expect(applyMask('123456', '###')).toBe('123');
  });

  it('escape: !# is a literal #, not a digit token', () => {
    expect(applyMask('12', '!###')).toBe('#12');
    expect(applyMask('#1', '!###')).toBe('#1');
    expect(maskSlots('!#')).toEqual([{ literal: '#' }]);
  });

  it('escape: !! is a literal !, and a trailing ! stands for itself', () => {
    expect(applyMask('1', '#!!')).toBe('1!');
    expect(maskSlots('#!')).toHaveLength(2);
    expect(maskSlots('#!').at(1)).toEqual({ literal: '!' });
  });

  it('escape makes token letters literal', () => {
    expect(applyMask('12', '!H!A##')).toBe('HA12');
  });

  it('leaves empty input empty and an empty mask changes nothing', () => {
    expect(applyMask('', 'HH:HH')).toBe('');
    expect(applyMask('', '(###)')).toBe('');
    expect(applyMask('anything', '')).toBe('anything');
  });

  it('drops characters outside ASCII for letter tokens', () => {
    expect(applyMask('éab', 'SS')).toBe('ab');
    expect(applyMask('😀1', '#')).toBe('1');
  });

  it('is stable: masking a masked value changes nothing', () => {
    const once = applyMask('a1b2c3', 'HH-HH-HH');
    expect(applyMask(once, 'HH-HH-HH')).toBe(once);
  });
});
