/**
 * Input masks of spec §5 "Masks and field visibility". A mask is a string of tokens and
 * literals; the user's text is fitted to it as they type (`HH:HH:HH:HH:HH:HH` turns `a1b2` into
 * `A1:B2`).
 *
 * | token | accepts                     | becomes      |
 * | ----- | --------------------------- | ------------ |
 * | `#`   | a digit or a space          | itself       |
 * | `X`   | a letter or a digit         | itself       |
 * | `S`   | a letter                    | itself       |
 * | `H`   | a hexadecimal digit         | upper case   |
 * | `A`   | a letter                    | upper case   |
 * | `a`   | a letter                    | lower case   |
 * | `!`   | escape: the next mask character is a literal (`!#` is a `#`) |
 *
 * Letters are the ASCII ones. Any other mask character is a literal: it is written for the
 * user, and typing it is accepted in its place.
 */

interface MaskToken {
  accepts: RegExp;
  transform?: (character: string) => string;
}

const upper = (character: string) => character.toUpperCase();
const lower = (character: string) => character.toLowerCase();

export const MASK_TOKENS: Readonly<Record<string, MaskToken>> = {
  '#': { accepts: /^[0-9 ]$/ },
  X: { accepts: /^[0-9A-Za-z]$/ },
  S: { accepts: /^[A-Za-z]$/ },
  H: { accepts: /^[0-9A-Fa-f]$/, transform: upper },
  A: { accepts: /^[A-Za-z]$/, transform: upper },
  a: { accepts: /^[A-Za-z]$/, transform: lower },
};

export const MASK_ESCAPE = '!';

type Slot = { token: MaskToken } | { literal: string };

/** The mask as a list of slots, escapes resolved (a trailing `!` stands for itself). */
export function maskSlots(mask: string): Slot[] {
  const characters = Array.from(mask);
  const slots: Slot[] = [];
  for (let index = 0; index < characters.length; index += 1) {
    const character = characters[index] as string;
    const next = characters[index + 1];
    if (character === MASK_ESCAPE && next !== undefined) {
      slots.push({ literal: next });
      index += 1;
      continue;
    }
    const token = MASK_TOKENS[character];
    slots.push(token ? { token } : { literal: character });
  }
  return slots;
}

/**
 * Fits `value` to `mask`: characters a token refuses are dropped, literals are written in
 * (a typed literal is taken as its own), and input beyond the mask is cut. Literals that end
 * the mask are added once every token is filled; literals before an unfilled token are only
 * written when more input follows, so deleting backwards is not undone.
 */
export function applyMask(value: string, mask: string): string {
  if (!mask) return value;
  const slots = maskSlots(mask);
  const input = Array.from(value);
  let output = '';
  let slot = 0;
  let position = 0;
  while (slot < slots.length && position < input.length) {
    const current = slots[slot] as Slot;
    const character = input[position] as string;
    if ('token' in current) {
      if (current.token.accepts.test(character)) {
        output += current.token.transform ? current.token.transform(character) : character;
        slot += 1;
      }
      position += 1;
    } else {
      output += current.literal;
      slot += 1;
      if (character === current.literal) position += 1;
    }
  }
  const rest = slots.slice(slot);
  if (output && rest.every((item) => 'literal' in item)) {
    output += rest.map((item) => ('literal' in item ? item.literal : '')).join('');
  }
  return output;
}
