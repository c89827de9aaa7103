import { describe, expect, it } from 'vitest';
import type { FieldSchema } from './field-schema.ts';
import { valueMatches, visibleFieldKeys } from './visibility.ts';

const everyone = () => true;

describe('visibleFieldKeys (spec §4 "Form fields", §5 "Masks and field visibility")', () => {
  const fields: FieldSchema[] = [
    { key: 'type', type: 'radio', options: [] },
    { key: 'price', type: 'number', depends: [{ key: 'type', values: [2, 4, 6, 8, 10] }] },
    { key: 'pro_form_nr', depends: [{ key: 'price', values: ['1'] }] },
    { key: 'company_id', permission: 'super_admin' },
  ];

  it('a field with depends is hidden unless the other field holds one of its values', () => {
    expect(visibleFieldKeys(fields, { type: 1 }, everyone).has('price')).toBe(false);
    expect(visibleFieldKeys(fields, { type: 2 }, everyone).has('price')).toBe(true);
  });

  it('matches numbers and their text alike (DOM values are text)', () => {
    expect(visibleFieldKeys(fields, { type: '4' }, everyone).has('price')).toBe(true);
  });

  it('a field depending on a hidden field is hidden too', () => {
    expect(visibleFieldKeys(fields, { type: 1, price: '1' }, everyone).has('pro_form_nr')).toBe(false);
    expect(visibleFieldKeys(fields, { type: 2, price: '1' }, everyone).has('pro_form_nr')).toBe(true);
  });

  it('a field that needs a permission is hidden without it', () => {
    const holds = (permission: string | undefined) => permission === undefined;
    expect(visibleFieldKeys(fields, { type: 2 }, holds).has('company_id')).toBe(false);
    expect(visibleFieldKeys(fields, { type: 2 }, everyone).has('company_id')).toBe(true);
  });

  it('every dependency must hold', () => {
    const both: FieldSchema[] = [
      {
        key: 'c',
        depends: [
          { key: 'a', values: [true] },
          { key: 'b', values: ['x'] },
        ],
      },
    ];
    expect(visibleFieldKeys(both, { a: true, b: 'y' }, everyone).has('c')).toBe(false);
    expect(visibleFieldKeys(both, { a: true, b: 'x' }, everyone).has('c')).toBe(true);
  });

  it('a dependency cycle hides the fields on it instead of looping', () => {
    const cycle: FieldSchema[] = [
      { key: 'a', depends: [{ key: 'b', values: [''] }] },
      { key: 'b', depends: [{ key: 'a', values: [''] }] },
      { key: 'c' },
    ];
    expect([...visibleFieldKeys(cycle, { a: '', b: '' }, everyone)]).toEqual(['c']);
  });
});

describe('valueMatches', () => {
  it('a list value matches when any item is allowed', () => {
    expect(valueMatches(['a', 'b'], ['b'])).toBe(true);
    expect(valueMatches([], ['b'])).toBe(false);
  });

  it('does not match null to "null" or objects by text', () => {
    expect(valueMatches(null, ['null'])).toBe(false);
    expect(valueMatches({}, ['[object Object]'])).toBe(false);
  });
});
