import { MAX_UPLOAD_BYTES } from '@fleetport/contracts/uploads';
import { describe, expect, it } from 'vitest';
import {
  addListItems,
  csvFileProblem,
  csvLines,
  listItemProblem,
  pasteIntoInput,
  removeLastItem,
} from './list-input-rules.ts';

describe('addListItems (spec §5 "List input")', () => {
  it('trims items and ignores blank input', () => {
    expect(addListItems(['a'], ['  b ', '', '   '], {})).toEqual({ items: ['a', 'b'], rejected: [] });
  });

  it('stops adding at maxItems', () => {
    expect(addListItems(['a'], ['b', 'c', 'd'], { maxItems: 2 }).items).toEqual(['a', 'b']);
    expect(addListItems(['a', 'b'], ['c'], { maxItems: 2 }).items).toEqual(['a', 'b']);
  });

  it('ignores duplicates with uniqueItems or noDupes, keeps them otherwise', () => {
    expect(addListItems(['a'], ['a', 'b', 'b'], { uniqueItems: true }).items).toEqual(['a', 'b']);
    expect(addListItems(['a'], ['a', 'b', 'b'], { noDupes: true }).items).toEqual(['a', 'b']);
    expect(addListItems(['a'], ['a'], {}).items).toEqual(['a', 'a']);
  });

  it('converts items to numbers with type number (and compares duplicates as numbers)', () => {
    expect(addListItems([22], ['80', ' 443 ', '22.0'], { type: 'number', uniqueItems: true }).items).toEqual([
      22, 80, 443,
    ]);
  });

  it('refuses an item failing a native check and reports the first problem', () => {
    const result = addListItems([], ['10.0.0.1', 'nope', 'x'], { pattern: '[0-9.]+' });
    expect(result).toEqual({ items: ['10.0.0.1'], rejected: ['nope', 'x'], problem: { kind: 'pattern' } });
  });
});

describe('listItemProblem: native pattern, min, max and length checks', () => {
  it.each([
    ['ab', { minItemLength: 3 }, { kind: 'minLength', limit: 3 }],
    ['abcd', { maxItemLength: 3 }, { kind: 'maxLength', limit: 3 }],
    ['abc', { pattern: '[0-9]+' }, { kind: 'pattern' }],
    ['12x', { type: 'number' as const }, { kind: 'number' }],
    ['0', { type: 'number' as const, min: 1 }, { kind: 'min', limit: 1 }],
    ['70000', { type: 'number' as const, max: 65535 }, { kind: 'max', limit: 65535 }],
  ])('%s with %j', (text, rules, problem) => {
    expect(listItemProblem(text, rules)).toEqual(problem);
  });

  it('accepts an item within every rule', () => {
    expect(
      listItemProblem('8080', { type: 'number', min: 1, max: 65535, pattern: '[0-9]+', maxItemLength: 5 }),
    ).toBeUndefined();
  });
});

describe('removeLastItem', () => {
  it('spec §5: Backspace on empty input removes the last item', () => {
    expect(removeLastItem(['a', 'b'])).toEqual(['a']);
    expect(removeLastItem([])).toEqual([]);
  });
});

describe('CSV import (spec §5)', () => {
  it("the type must be text/csv, else 'Not a CSV file selected'", () => {
    expect(csvFileProblem({ type: 'text/plain', size: 10 })).toBe('notCsv');
    expect(csvFileProblem({ type: 'application/vnd.ms-excel', size: 10 })).toBe('notCsv');
    expect(csvFileProblem({ type: 'text/csv', size: 10 })).toBeUndefined();
  });

  it("the size must be under 80MB, else 'File size must be lower than 80MB'", () => {
    expect(csvFileProblem({ type: 'text/csv', size: MAX_UPLOAD_BYTES })).toBe('tooLarge');
    expect(csvFileProblem({ type: 'text/csv', size: MAX_UPLOAD_BYTES - 1 })).toBeUndefined();
  });

  it('lines are trimmed and empty ones dropped (any line ending)', () => {
    expect(csvLines('\uFEFFa\r\n  b  \n\n   \rc\n')).toEqual(['a', 'b', 'c']);
  });
});

describe('pasteIntoInput (spec §5: pasted text is trimmed and cut to maxlength)', () => {
  it('trims the pasted text and cuts the result to maxlength', () => {
    expect(pasteIntoInput('', '  hello world  ', { start: 0, end: 0 }, 5)).toBe('hello');
  });

  it('replaces the selection', () => {
    expect(pasteIntoInput('abcdef', ' XY ', { start: 2, end: 4 }, undefined)).toBe('abXYef');
  });
});
