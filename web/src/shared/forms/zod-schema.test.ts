import { MAX_UPLOAD_BYTES } from '@fleetport/contracts/uploads';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../lib/i18n.ts';
import type { FieldSchema } from './field-schema.ts';
import { buildFormSchema } from './zod-schema.ts';

beforeAll(() => {
  initI18n(['en']);
});

/** Checks `values` against the schema of `fields`: the output, or the message of each field. */
function check(
  fields: FieldSchema[],
  values: Record<string, unknown>,
): { data: Record<string, unknown> | undefined; errors: Record<string, string> } {
  const result = buildFormSchema(fields).safeParse(values);
  if (result.success) return { data: result.data, errors: {} };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return { data: undefined, errors };
}

/** A File of `size` bytes without allocating them. */
function fileOf(name: string, size: number): File {
  const file = new File(['x'], name, { type: 'application/octet-stream' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

describe('buildFormSchema: text (spec §3 required, lengths, pattern)', () => {
  const name: FieldSchema = { key: 'name', required: true, minlength: 3, maxlength: 5, pattern: '[a-z]+' };

  it('spec §5: a required field refuses an empty or blank value', () => {
    expect(check([name], { name: '' }).errors).toEqual({ name: 'This field is required' });
    expect(check([name], { name: '   ' }).errors).toEqual({ name: 'This field is required' });
    expect(check([name], {}).errors).toEqual({ name: 'This field is required' });
  });

  it('spec §5 (new company name: minimum length 3): minlength and maxlength', () => {
    expect(check([name], { name: 'ab' }).errors).toEqual({ name: 'Enter at least 3 characters' });
    expect(check([name], { name: 'abcdef' }).errors).toEqual({ name: 'Enter at most 5 characters' });
  });

  it('pattern must match the whole value, as the HTML attribute does', () => {
    expect(check([name], { name: 'abC' }).errors).toEqual({
      name: 'The value does not match the required format',
    });
    expect(check([name], { name: 'abc' }).data).toEqual({ name: 'abc' });
  });

  it('an optional empty field passes its other rules', () => {
    const optional: FieldSchema = { key: 'comment', minlength: 3, pattern: '[0-9]+' };
    expect(check([optional], { comment: '' }).data).toEqual({ comment: '' });
  });

  it('an invalid pattern is ignored, as browsers ignore it', () => {
    expect(check([{ key: 'a', pattern: '(' }], { a: 'anything' }).data).toEqual({ a: 'anything' });
  });

  it('messages follow the current language', async () => {
    await i18next.changeLanguage('ja');
    try {
      expect(check([name], { name: '' }).errors.name).toBe('この項目は必須です');
    } finally {
      await i18next.changeLanguage('en');
    }
  });
});

describe('buildFormSchema: number (spec §3 number conversion, min/max/step)', () => {
  const price: FieldSchema = { key: 'price', type: 'number', required: true, min: 0, step: 0.01 };
  const count: FieldSchema = { key: 'count', type: 'number', min: 1, max: 99_999_999_999_999 };

  it('converts the text to a number', () => {
    expect(check([price], { price: '12.34' }).data).toEqual({ price: 12.34 });
    expect(check([price], { price: 7 }).data).toEqual({ price: 7 });
  });

  it('spec §5 (new pool: price required, minimum 0, step 0.01)', () => {
    expect(check([price], { price: '' }).errors).toEqual({ price: 'This field is required' });
    expect(check([price], { price: '-1' }).errors).toEqual({ price: 'The value must be at least 0' });
    expect(check([price], { price: '0.005' }).errors).toEqual({
      price: 'The value must be a multiple of 0.01',
    });
    expect(check([price], { price: '0.3' }).data).toEqual({ price: 0.3 });
  });

  it('spec §5 (add data: minimum 1, maximum 99999999999999)', () => {
    expect(check([count], { count: '0' }).errors).toEqual({ count: 'The value must be at least 1' });
    expect(check([count], { count: '100000000000000' }).errors).toEqual({
      count: 'The value must be at most 99999999999999',
    });
  });

  it('refuses text that is not a number; an optional empty number is undefined', () => {
    expect(check([count], { count: 'abc' }).errors).toEqual({ count: 'Enter a number' });
    expect(check([count], { count: '' }).data).toEqual({ count: undefined });
  });

  it('counts the step from min, as HTML does', () => {
    const odd: FieldSchema = { key: 'n', type: 'number', min: 1, step: 2 };
    expect(check([odd], { n: '3' }).data).toEqual({ n: 3 });
    expect(check([odd], { n: '4' }).errors).toEqual({ n: 'The value must be a multiple of 2' });
  });
});

describe('buildFormSchema: choices', () => {
  it('a required single checkbox must be ticked', () => {
    const agree: FieldSchema = { key: 'agree', type: 'checkbox', required: true };
    expect(check([agree], { agree: false }).errors).toEqual({ agree: 'This field is required' });
    expect(check([agree], { agree: true }).data).toEqual({ agree: true });
  });

  it('a required radio group, checkbox group and ItemSelect need a choice', () => {
    const fields: FieldSchema[] = [
      { key: 'kind', type: 'radio', required: true, options: [{ value: 1, label: 'One' }] },
      { key: 'days', type: 'checkbox', required: true, options: [{ value: 'mon', label: 'Monday' }] },
      { key: 'tag', component: 'ItemSelect', required: true, options: [{ value: 2, label: 'Two' }] },
      { key: 'tags', component: 'ItemSelect', multiple: true, required: true, options: [] },
    ];
    expect(check(fields, { kind: null, days: [], tag: null, tags: [] }).errors).toEqual({
      kind: 'This field is required',
      days: 'This field is required',
      tag: 'This field is required',
      tags: 'This field is required',
    });
    expect(check(fields, { kind: 1, days: ['mon'], tag: 2, tags: [2] }).data).toEqual({
      kind: 1,
      days: ['mon'],
      tag: 2,
      tags: [2],
    });
  });
});

describe('buildFormSchema: file (spec §5 "File input")', () => {
  const upload: FieldSchema = { key: 'file', type: 'file', required: true };

  it('refuses a file over 80MB (83886080 bytes) with the spec message', () => {
    expect(check([upload], { file: fileOf('a.bin', MAX_UPLOAD_BYTES + 1) }).errors).toEqual({
      file: 'Maximum file size is 80MB',
    });
    expect(check([upload], { file: fileOf('a.bin', MAX_UPLOAD_BYTES) }).errors).toEqual({});
  });

  it('uses the given maximum in the message', () => {
    const small: FieldSchema = { ...upload, max: 1024 * 1024 };
    expect(check([small], { file: fileOf('a.bin', 2 * 1024 * 1024) }).errors).toEqual({
      file: 'Maximum file size is 1MB',
    });
  });

  it.each(['`', '\\', '/', ':', '*', '?', '"', '<', '>', '|'])(
    'refuses a file name with %s: "File name contains forbidden symbols"',
    (symbol) => {
      expect(check([upload], { file: fileOf(`a${symbol}b.txt`, 10) }).errors).toEqual({
        file: 'File name contains forbidden symbols',
      });
    },
  );

  it('a required file field needs a file; multiple files are each checked', () => {
    expect(check([upload], { file: null }).errors).toEqual({ file: 'This field is required' });
    const many: FieldSchema = { key: 'files', type: 'file', multiple: true };
    expect(check([many], { files: [fileOf('ok.txt', 1), fileOf('b|d.txt', 1)] }).errors).toEqual({
      files: 'File name contains forbidden symbols',
    });
  });
});

describe('buildFormSchema: ListInput and TableInput', () => {
  it('a ListInput checks required, maxItems and its items', () => {
    const ports: FieldSchema = {
      key: 'ports',
      component: 'ListInput',
      required: true,
      options: { type: 'number', min: 1, max: 65535, maxItems: 2 },
    };
    expect(check([ports], { ports: [] }).errors).toEqual({ ports: 'This field is required' });
    expect(check([ports], { ports: [1, 2, 3] }).errors).toEqual({ ports: 'Enter at most 2 items' });
    expect(check([ports], { ports: [70000] }).errors).toEqual({ ports: 'The value must be at most 65535' });
    expect(check([ports], { ports: [22, 80] }).data).toEqual({ ports: [22, 80] });
  });

  it('a TableInput checks each cell against its column pattern and maxlength, on the cell', () => {
    const routes: FieldSchema = {
      key: 'routes',
      component: 'TableInput',
      options: {
        fields: [
          { key: 'address', title: 'Address', pattern: '[0-9.]+' },
          { key: 'note', title: 'Note', maxlength: 3 },
        ],
      },
    };
    const { errors } = check([routes], {
      routes: [
        { address: '10.0.0.1', note: 'ok' },
        { address: 'x', note: 'long' },
      ],
    });
    expect(errors).toEqual({
      'routes.1.address': 'The value does not match the required format',
      'routes.1.note': 'Enter at most 3 characters',
    });
  });
});

describe('buildFormSchema: shape', () => {
  it('leaves out BaseAlert fields and keys that are no field', () => {
    const fields: FieldSchema[] = [
      { key: 'notice', component: 'BaseAlert', label: 'Read this' },
      { key: 'name' },
    ];
    expect(check(fields, { notice: 'x', name: 'a', other: 1 }).data).toEqual({ name: 'a' });
  });
});
