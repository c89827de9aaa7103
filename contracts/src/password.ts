/**
 * The password rule, shared by the console's forms and the API (password reset, change):
 * at least 10 characters, at most 1024, and not the account's own e-mail address.
 */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 1024;
/**
 * The longest password a request may carry, in UTF-16 units (what a schema's `.max` and an
 * input's `maxlength` count): the rule counts characters, and one may take two units.
 */
export const PASSWORD_MAX_UNITS = 2 * PASSWORD_MAX_LENGTH;

export type PasswordProblem = 'too_short' | 'too_long' | 'same_as_email';

/** What is wrong with `password` for the account of `email`, or undefined when it is fine. */
export function passwordProblem(password: string, email: string): PasswordProblem | undefined {
  // Characters as a person counts them (code points), not UTF-16 units.
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return 'too_short';
  if (length > PASSWORD_MAX_LENGTH) return 'too_long';
  if (password.trim().toLowerCase() === email.trim().toLowerCase()) return 'same_as_email';
  return undefined;
}

/** Spec §9: a generated password has 16 characters. */
export const GENERATED_PASSWORD_LENGTH = 16;

/** The character classes of a generated password; each appears at least once. */
export const GENERATED_PASSWORD_CLASSES = [
  'abcdefghijklmnopqrstuvwxyz',
  'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  '0123456789',
  // Symbols that need no quoting in a shell, a URL form field, HTML or JSON.
  '!#$%&*+-=?@^_~',
] as const;

/** Fills `array` with random values, as `crypto.getRandomValues` does. */
export type RandomFill = (array: Uint32Array) => Uint32Array;

// Bound: `getRandomValues` called without `crypto` as `this` throws in browsers and in Node.
const webCryptoFill: RandomFill = (array) => crypto.getRandomValues(array);

/**
 * Spec §9: a random password of `length` characters (16 by default) from lower-case letters,
 * upper-case letters, digits and symbols ({@link GENERATED_PASSWORD_CLASSES}), with at least one
 * of each class, drawn from Web Crypto (browser and Node) without modulo bias. `random` is for
 * tests. Throws a RangeError when `length` is not an integer between the number of classes and
 * `PASSWORD_MAX_LENGTH`; callers wanting a password `passwordProblem` accepts use at least
 * `PASSWORD_MIN_LENGTH`.
 */
export function generatePassword(
  length = GENERATED_PASSWORD_LENGTH,
  random: RandomFill = webCryptoFill,
): string {
  if (
    !Number.isInteger(length) ||
    length < GENERATED_PASSWORD_CLASSES.length ||
    length > PASSWORD_MAX_LENGTH
  ) {
    throw new RangeError(
      `Password length must be an integer from ${GENERATED_PASSWORD_CLASSES.length} to ${PASSWORD_MAX_LENGTH}`,
    );
  }
  const buffer = new Uint32Array(64);
  let next = buffer.length;
  /** A uniform integer in [0, bound), by rejection sampling. */
  const pick = (bound: number): number => {
    const limit = 2 ** 32 - (2 ** 32 % bound);
    for (let tries = 0; tries < 1000; tries += 1) {
      if (next === buffer.length) {
        random(buffer);
        next = 0;
      }
      const value = buffer[next] ?? 0;
      next += 1;
      if (value < limit) return value % bound;
    }
    throw new Error('The random source keeps returning out-of-range values');
  };
  const everything = GENERATED_PASSWORD_CLASSES.join('');
  const characters = GENERATED_PASSWORD_CLASSES.map((set) => set.charAt(pick(set.length)));
  while (characters.length < length) characters.push(everything.charAt(pick(everything.length)));
  // Fisher–Yates, so the guaranteed characters are not always at the front.
  for (let index = characters.length - 1; index > 0; index -= 1) {
    const other = pick(index + 1);
    [characters[index], characters[other]] = [characters[other] ?? '', characters[index] ?? ''];
  }
  return characters.join('');
}
