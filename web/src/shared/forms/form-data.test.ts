import { describe, expect, it } from 'vitest';
import { containsFile, toFormData } from './form-data.ts';

/** The text parts of a FormData, in order. */
const textEntries = (form: FormData) =>
  [...form.entries()].map(([name, value]) => [
    name,
    typeof value === 'string' ? value : `<file ${value.name}>`,
  ]);

describe('toFormData (spec §7 "Generic submit": multipart serialisation)', () => {
  it('sends scalars as text', () => {
    const form = toFormData({ name: 'Tag', count: 3, price: 0.5, active: true, hidden: false });
    expect(textEntries(form)).toEqual([
      ['name', 'Tag'],
      ['count', '3'],
      ['price', '0.5'],
      ['active', 'true'],
      ['hidden', 'false'],
    ]);
  });

  it('indexes arrays: key[0], key[1]', () => {
    expect(textEntries(toFormData({ tags: ['a', 'b'] }))).toEqual([
      ['tags[0]', 'a'],
      ['tags[1]', 'b'],
    ]);
  });

  it('allows an empty array as key[] with an empty value', () => {
    expect(textEntries(toFormData({ tags: [], name: 'x' }))).toEqual([
      ['tags[]', ''],
      ['name', 'x'],
    ]);
  });

  it('nests objects and arrays of objects: data[0][name]', () => {
    const form = toFormData({
      data: [
        { name: 'r1', ports: [22, 80] },
        { name: 'r2', ports: [] },
      ],
      meta: { level: 2 },
    });
    expect(textEntries(form)).toEqual([
      ['data[0][name]', 'r1'],
      ['data[0][ports][0]', '22'],
      ['data[0][ports][1]', '80'],
      ['data[1][name]', 'r2'],
      ['data[1][ports][]', ''],
      ['meta[level]', '2'],
    ]);
  });

  it('sends files as file parts, also inside arrays', () => {
    const file = new File(['a,b'], 'devices.csv', { type: 'text/csv' });
    const other = new File(['x'], 'notes.txt', { type: 'text/plain' });
    const form = toFormData({ file, files: [file, other] });
    const part = form.get('file');
    expect(part).toBeInstanceOf(File);
    expect((part as File).name).toBe('devices.csv');
    expect(textEntries(form)).toEqual([
      ['file', '<file devices.csv>'],
      ['files[0]', '<file devices.csv>'],
      ['files[1]', '<file notes.txt>'],
    ]);
  });

  it('sends null as an empty value, dates as ISO text, and leaves undefined out', () => {
    const form = toFormData({ a: null, b: undefined, at: new Date(Date.UTC(2025, 0, 2, 3, 4, 5)) });
    expect(textEntries(form)).toEqual([
      ['a', ''],
      ['at', '2025-01-02T03:04:05.000Z'],
    ]);
  });

  it('appends to a given FormData', () => {
    const form = new FormData();
    form.append('session_code', '123456');
    toFormData({ name: 'x' }, form);
    expect(textEntries(form)).toEqual([
      ['session_code', '123456'],
      ['name', 'x'],
    ]);
  });
});

describe('containsFile', () => {
  it('finds a file at any depth', () => {
    const file = new File(['x'], 'a.bin');
    expect(containsFile({ a: { b: [1, file] } })).toBe(true);
    expect(containsFile(file)).toBe(true);
  });

  it('is false for plain data', () => {
    expect(containsFile({ a: [1, 'x', { b: null }], at: new Date() })).toBe(false);
  });
});
