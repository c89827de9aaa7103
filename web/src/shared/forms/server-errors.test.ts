import { AxiosError, AxiosHeaders } from 'axios';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureAllAreas, initI18n } from '../lib/i18n.ts';
import type { FieldSchema } from './field-schema.ts';
import { fieldOfSource, fileLocationMessage, mapServerErrors } from './server-errors.ts';
import { answerError } from './testing-errors.ts';

beforeAll(() => {
  initI18n(['en']);
});

const fields: FieldSchema[] = [
  { key: 'name' },
  { key: 'email' },
  { key: 'password', type: 'password' },
  { key: 'password_confirmation', type: 'password' },
  { key: 'tags', component: 'ListInput' },
  { key: 'notice', component: 'BaseAlert', label: 'Info' },
];

const errorsOf = (items: unknown[], status = 422) => answerError(status, { success: false, errors: items });

describe('mapServerErrors (spec §5 "Server field errors")', () => {
  it('attaches an error to the field its source names', () => {
    const mapped = mapServerErrors(
      errorsOf([{ code: 'VALIDATION_ERROR', message: 'Taken', source: 'name' }]),
      fields,
    );
    expect(mapped).toEqual({ fields: { name: 'Taken' }, general: [], blank: [] });
  });

  it("an error code the console words itself (UNCHANGED, spec §5 edit company) reads in the user's language", async () => {
    await ensureAllAreas();
    const error = errorsOf([
      { code: 'UNCHANGED', message: 'Please input different value to save changes.', source: 'name' },
    ]);
    expect(mapServerErrors(error, fields).fields).toEqual({
      name: 'Please input different value to save changes.',
    });
    await i18next.changeLanguage('ja');
    try {
      expect(mapServerErrors(error, fields).fields.name).toBe('変更内容を入力してから保存してください。');
      // A code without a wording of its own keeps the server's message.
      const other = errorsOf([{ code: 'TAKEN', message: 'Taken', source: 'name' }]);
      expect(mapServerErrors(other, fields).fields.name).toBe('Taken');
    } finally {
      await i18next.changeLanguage('en');
    }
  });

  it('a path into a field goes to that field (tags.0 → tags)', () => {
    const mapped = mapServerErrors(errorsOf([{ code: 'X', message: 'Bad tag', source: 'tags.0' }]), fields);
    expect(mapped.fields).toEqual({ tags: 'Bad tag' });
  });

  it('for bulk data the third path segment is used (data.3.email → email)', () => {
    const mapped = mapServerErrors(
      errorsOf([{ code: 'X', message: 'Invalid e-mail', source: 'data.3.email' }]),
      fields,
    );
    expect(mapped.fields).toEqual({ email: 'Invalid e-mail' });
  });

  it('bulk errors keep the first message per field, or all with combineBulkSources', () => {
    const error = errorsOf([
      { code: 'X', message: 'Row 1 bad', source: 'data.0.email' },
      { code: 'X', message: 'Row 2 bad', source: 'data.1.email' },
    ]);
    expect(mapServerErrors(error, fields).fields).toEqual({ email: 'Row 1 bad' });
    expect(mapServerErrors(error, fields, { combineBulkSources: true }).fields).toEqual({
      email: 'Row 1 bad\nRow 2 bad',
    });
  });

  it('errors with code UNAUTHORIZED are ignored', () => {
    const mapped = mapServerErrors(
      errorsOf([
        { code: 'UNAUTHORIZED', message: 'Nope', source: 'name' },
        { code: 'X', message: 'Too long', source: 'email' },
      ]),
      fields,
    );
    expect(mapped).toEqual({ fields: { email: 'Too long' }, general: [], blank: [] });
  });

  it('errors for the id field, unknown fields or a BaseAlert go to the general list', () => {
    const mapped = mapServerErrors(
      errorsOf([
        { code: 'NOT_FOUND', message: 'No such tag', source: 'id' },
        { code: 'X', message: 'Unknown thing', source: 'company_id' },
        { code: 'X', message: 'Not a field', source: 'notice' },
        { code: 'X', message: 'No source at all' },
      ]),
      fields,
    );
    expect(mapped.fields).toEqual({});
    expect(mapped.general).toEqual(['No such tag', 'Unknown thing', 'Not a field', 'No source at all']);
  });

  it('a password error also blanks the password confirmation field', () => {
    const mapped = mapServerErrors(
      errorsOf([{ code: 'X', message: 'Too weak', source: 'password' }]),
      fields,
    );
    expect(mapped.fields).toEqual({ password: 'Too weak' });
    expect(mapped.blank).toEqual(['password_confirmation']);
  });

  it('a password error blanks nothing when the form has no confirmation field', () => {
    const mapped = mapServerErrors(errorsOf([{ code: 'X', message: 'Too weak', source: 'password' }]), [
      { key: 'password', type: 'password' },
    ]);
    expect(mapped.blank).toEqual([]);
  });

  it('file-upload errors with a slash-separated source show the message with file name, line and column', () => {
    const upload: FieldSchema[] = [{ key: 'file', type: 'file' }];
    const error = errorsOf([{ code: 'X', message: 'Bad serial', source: 'devices.csv/12/3' }]);
    expect(mapServerErrors(error, upload).fields).toEqual({
      file: 'Bad serial (devices.csv, line 12, column 3)',
    });
    // Without a file field on the form, in the general list.
    expect(mapServerErrors(error, fields).general).toEqual(['Bad serial (devices.csv, line 12, column 3)']);
  });

  it('an MFA step with an unknown method shows the first message, or "Failed to connect to server"', () => {
    expect(
      mapServerErrors(errorsOf([{ code: 'MFA_REQUIRED', message: 'MFA required' }], 403), fields).general,
    ).toEqual(['MFA required']);
    expect(mapServerErrors(errorsOf([{ code: 'MFA_REQUIRED' }], 403), fields).general).toEqual([
      'Failed to connect to server',
    ]);
  });
});

describe('mapServerErrors: answers without an errors list (spec §8)', () => {
  it('a single source error goes to that field', () => {
    const mapped = mapServerErrors(answerError(422, { source: 'name', message: 'Taken' }), fields);
    expect(mapped.fields).toEqual({ name: 'Taken' });
  });

  it('an errors object is shown, on its fields where they exist', () => {
    const mapped = mapServerErrors(
      answerError(422, { errors: { name: ['Taken'], other: 'Broken' } }),
      fields,
    );
    expect(mapped).toEqual({ fields: { name: 'Taken' }, general: ['Broken'], blank: [] });
  });

  it("otherwise the status text: 'Failed to {verb} {item} ({status text})'", () => {
    const error = answerError(500, {}, 'Internal Server Error');
    expect(mapServerErrors(error, fields, { context: { verb: 'create', item: 'Tag' } }).general).toEqual([
      'Failed to create Tag (Internal Server Error)',
    ]);
  });

  it("a network failure: 'Failed to send request. Try again later'", () => {
    const error = new AxiosError('Network Error', AxiosError.ERR_NETWORK, {
      headers: new AxiosHeaders(),
      url: '/tags',
    });
    expect(mapServerErrors(error, fields).general).toEqual(['Failed to send request. Try again later']);
  });
});

describe('fieldOfSource and fileLocationMessage', () => {
  const keys = new Set(['name', 'rows']);

  it('prefers the whole path, then its first segment, then the bulk segment', () => {
    expect(fieldOfSource('name', keys)).toBe('name');
    expect(fieldOfSource('rows.1.name', keys)).toBe('rows');
    expect(fieldOfSource('data.1.name', keys)).toBe('name');
    expect(fieldOfSource('data.1.id', keys)).toBeUndefined();
    expect(fieldOfSource('id', new Set(['id']))).toBeUndefined();
  });

  it('keeps slashes of a file path in the file name', () => {
    expect(fileLocationMessage('Oops', 'dir/list.csv/4/1')).toBe('Oops (dir/list.csv, line 4, column 1)');
  });
});
