import { describe, expect, it } from 'vitest';
import {
  GENERATED_PASSWORD_CLASSES,
  GENERATED_PASSWORD_LENGTH,
  generatePassword,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordProblem,
  type RandomFill,
} from './password.ts';

const ALLOWED = new Set(GENERATED_PASSWORD_CLASSES.join(''));

const hasEveryClass = (password: string) =>
  GENERATED_PASSWORD_CLASSES.every((set) => [...password].some((character) => set.includes(character)));

/** A random source that hands out `values` in turn, then zeros. */
function sequence(values: readonly number[]): RandomFill {
  const queue = [...values];
  return (array) => {
    for (let index = 0; index < array.length; index += 1) array[index] = queue.shift() ?? 0;
    return array;
  };
}

describe('generated password (spec §9)', () => {
  it('has 16 characters from the allowed classes, one of each at least, by default', () => {
    expect(GENERATED_PASSWORD_LENGTH).toBe(16);
    for (let run = 0; run < 200; run += 1) {
      const password = generatePassword();
      expect(password).toHaveLength(16);
      expect([...password].every((character) => ALLOWED.has(character))).toBe(true);
      expect(hasEveryClass(password)).toBe(true);
      expect(passwordProblem(password, 'someone@example.com')).toBeUndefined();
    }
  });

  it('differs between calls', () => {
    const passwords = new Set(Array.from({ length: 50 }, () => generatePassword()));
    expect(passwords.size).toBe(50);
  });

  it('honours the length, from the number of classes up to the maximum', () => {
    expect(generatePassword(4)).toHaveLength(4);
    expect(hasEveryClass(generatePassword(4))).toBe(true);
    expect(generatePassword(PASSWORD_MIN_LENGTH)).toHaveLength(PASSWORD_MIN_LENGTH);
    expect(generatePassword(PASSWORD_MAX_LENGTH)).toHaveLength(PASSWORD_MAX_LENGTH);
    for (const length of [3, 0, -1, 1.5, Number.NaN, PASSWORD_MAX_LENGTH + 1]) {
      expect(() => generatePassword(length)).toThrow(RangeError);
    }
  });

  it('keeps every class even when the random source is degenerate', () => {
    const password = generatePassword(16, sequence([]));
    expect(password).toHaveLength(16);
    expect(hasEveryClass(password)).toBe(true);
  });

  it('rejects values that would bias the draw, and gives up on a source that never stops', () => {
    // 2^32 - 1 is above the unbiased limit for 26 letters, so it is skipped and 1 ('b') is used.
    const password = generatePassword(4, sequence([0xffff_ffff, 1, 0, 0, 0, 0, 0, 0]));
    expect(password).toContain('b');
    expect(() => generatePassword(16, (array) => array.fill(0xffff_ffff))).toThrow(/random source/);
  });

  it('uses Web Crypto by default', () => {
    const calls: number[] = [];
    const spy: RandomFill = (array) => {
      calls.push(array.length);
      return crypto.getRandomValues(array);
    };
    expect(generatePassword(16, spy)).toHaveLength(16);
    expect(calls.length).toBeGreaterThan(0);
  });
});
