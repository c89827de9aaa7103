import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  BIGINT_MAX,
  bigIdSchema,
  hasControlCharacter,
  hasLoneSurrogate,
  INT4_MAX,
  idSchema,
  integerSchema,
  isStorableJson,
  textSchema,
} from './fields.ts';

/** The issues of parsing `value` with `schema`, as `{path, message}`; [] when it passes. */
const issues = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success
    ? []
    : result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
};

describe('idSchema (ids within the database range)', () => {
  const query = z.object({ company_id: idSchema.optional() });

  it('takes 1 to 2147483647, as a number or as the text of one', () => {
    expect(idSchema.parse(1)).toBe(1);
    expect(idSchema.parse(INT4_MAX)).toBe(INT4_MAX);
    expect(idSchema.parse('42')).toBe(42);
    expect(query.parse({})).toEqual({});
  });

  it.each([
    INT4_MAX + 1,
    '2147483648',
    2 ** 53,
    '9007199254740993',
    '1e309',
    Number.POSITIVE_INFINITY,
    0,
    '-0',
    -1,
    1.5,
    'abc',
    '',
  ])('refuses %s with one issue naming the field', (value) => {
    expect(issues(query, { company_id: value })).toEqual([
      { path: 'company_id', message: 'company_id must be a whole number from 1 to 2147483647.' },
    ]);
  });

  it('names nested fields by their path', () => {
    const body = z.object({ devices: z.array(z.object({ id: idSchema })) });
    expect(issues(body, { devices: [{ id: 1 }, { id: INT4_MAX + 1 }] })).toEqual([
      { path: 'devices.1.id', message: 'devices.1.id must be a whole number from 1 to 2147483647.' },
    ]);
  });

  it('bigIdSchema goes up to the largest exact integer; integerSchema takes any range', () => {
    expect(bigIdSchema.parse(BIGINT_MAX)).toBe(BIGINT_MAX);
    expect(issues(bigIdSchema, 2 ** 53)).toHaveLength(1);
    const offset = integerSchema({ min: 0, max: 1000 });
    expect(offset.parse('0')).toBe(0);
    expect(issues(z.object({ offset }), { offset: 1001 })).toEqual([
      { path: 'offset', message: 'offset must be a whole number from 0 to 1000.' },
    ]);
  });

  it('documents its bounds in JSON Schema (the OpenAPI document)', () => {
    expect(z.toJSONSchema(idSchema, { io: 'input' })).toMatchObject({
      type: 'integer',
      minimum: 1,
      maximum: INT4_MAX,
    });
  });
});

describe('textSchema (no control characters)', () => {
  const form = z.object({
    name: textSchema().min(1, 'is required').max(20, 'must be at most 20 characters'),
    description: textSchema({ multiline: true }).optional(),
  });

  it('trims and keeps ordinary text, Unicode included', () => {
    expect(form.parse({ name: '  Depot 😀 Ünï ﷽ ' })).toEqual({ name: 'Depot 😀 Ünï ﷽' });
    expect(form.parse({ name: 'a', description: 'line one\r\n\tline two' })).toEqual({
      name: 'a',
      description: 'line one\r\n\tline two',
    });
  });

  it.each(['\u0000', 'a\u0000b', '\u0001', '\u0008', 'a\tb', 'a\nb', '\u001b[31m', '\u007f'])(
    'refuses %j on a one-line field, naming it',
    (value) => {
      expect(issues(form, { name: value })).toEqual([
        { path: 'name', message: 'name must not contain control characters.' },
      ]);
    },
  );

  it('multi-line text keeps tab and new lines but refuses NUL and the other controls', () => {
    for (const value of ['a\u0000', 'a\u000bb', 'a\u000cb', '\u001f', '\u007f'])
      expect(issues(form, { name: 'a', description: value })).toEqual([
        { path: 'description', message: 'description must not contain control characters.' },
      ]);
  });

  it('refuses lone surrogates (no UTF-8 form) but keeps pairs', () => {
    expect(issues(form, { name: 'a\ud800b' })).toEqual([
      { path: 'name', message: 'name must be valid Unicode text.' },
    ]);
    expect(issues(form, { name: '\udfff' })).toHaveLength(1);
    expect(issues(form, { name: '𝔘' })).toEqual([]);
  });

  it('keeps the field rules after its own, and untrimmed text when asked', () => {
    expect(issues(form, { name: '   ' })).toEqual([{ path: 'name', message: 'is required' }]);
    expect(issues(form, { name: 'x'.repeat(21) })).toEqual([
      { path: 'name', message: 'must be at most 20 characters' },
    ]);
    expect(textSchema({ trim: false }).parse(' token ')).toBe(' token ');
  });

  it('names the value when it is not in an object', () => {
    expect(issues(textSchema(), '\u0000')).toEqual([
      { path: '', message: 'This value must not contain control characters.' },
    ]);
  });
});

describe('character checks', () => {
  it('hasControlCharacter and hasLoneSurrogate', () => {
    expect(hasControlCharacter('plain text')).toBe(false);
    expect(hasControlCharacter('a\tb')).toBe(true);
    expect(hasControlCharacter('a\tb\r\n', true)).toBe(false);
    expect(hasControlCharacter('\u0000', true)).toBe(true);
    expect(hasLoneSurrogate('😀')).toBe(false);
    expect(hasLoneSurrogate('\ud83d')).toBe(true);
    expect(hasLoneSurrogate('\ude00x')).toBe(true);
  });

  it('isStorableJson refuses NUL and lone surrogates anywhere in a JSON value, keys too', () => {
    expect(isStorableJson({ a: ['b', 1, null, { c: 'line\n' }] })).toBe(true);
    expect(isStorableJson({ a: ['\u0000'] })).toBe(false);
    expect(isStorableJson({ 'k\u0000': 1 })).toBe(false);
    expect(isStorableJson(['\ud800'])).toBe(false);
  });
});
