import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../lib/i18n.ts';
import { buildPayload, channelOf, failureContext, submitRequest, successMessage } from './submit-request.ts';

beforeAll(() => {
  initI18n(['en']);
});

describe('buildPayload (spec §3 "Form submission options": schema.defaults, data)', () => {
  it('sends defaults that are no field (an id) with the values over them', () => {
    expect(buildPayload({ name: 'new' }, [], { schema: { defaults: { id: 7, name: 'old' } } })).toEqual({
      id: 7,
      name: 'new',
    });
  });

  it("leaves out a hidden field's default", () => {
    expect(buildPayload({ name: 'x' }, ['price'], { schema: { defaults: { price: 5 } } })).toEqual({
      name: 'x',
    });
  });

  it('adds data over the values, or lets a data function build the payload', () => {
    expect(buildPayload({ name: 'x' }, [], { data: { company_id: 3 } })).toEqual({
      name: 'x',
      company_id: 3,
    });
    expect(buildPayload({ name: 'x' }, [], { data: (values) => ({ items: [values] }) })).toEqual({
      items: [{ name: 'x' }],
    });
  });
});

describe('submitRequest (spec §7 "Generic submit")', () => {
  it('POSTs by default to the caller path', () => {
    expect(submitRequest({ a: 1 }, {}, { url: '/tags' })).toEqual({
      method: 'post',
      url: '/tags',
      data: { a: 1 },
    });
  });

  it('uses the given method and baseURL', () => {
    expect(submitRequest({}, {}, { url: '/tags/1', method: 'put', baseURL: '/other' })).toMatchObject({
      method: 'put',
      url: '/tags/1',
      baseURL: '/other',
    });
  });

  it('MFA resubmit adds session_code, session_id and session_uuid to the original payload', () => {
    const request = submitRequest({ a: 1 }, { session_code: '123456', session_uuid: 'u' }, { url: '/x' });
    expect(request.data).toEqual({ a: 1, session_code: '123456', session_uuid: 'u' });
  });

  it('an upload goes as multipart form data, MFA fields included', () => {
    const file = new File(['x'], 'a.csv', { type: 'text/csv' });
    const request = submitRequest({ file, tags: [] }, { session_code: '1' }, { url: '/files' });
    expect(request.data).toBeInstanceOf(FormData);
    const form = request.data as FormData;
    expect(form.get('file')).toBeInstanceOf(File);
    expect(form.get('tags[]')).toBe('');
    expect(form.get('session_code')).toBe('1');
  });

  it('upload: true sends form data without a file', () => {
    expect(submitRequest({ a: [1] }, {}, { url: '/x', upload: true }).data).toBeInstanceOf(FormData);
  });

  it('passes the upload progress on as a fraction of the body sent', () => {
    const seen: number[] = [];
    const request = submitRequest(
      {},
      {},
      { url: '/files', onUploadProgress: (fraction) => seen.push(fraction) },
    );
    request.onUploadProgress?.({ loaded: 25, total: 100, bytes: 25, lengthComputable: true });
    request.onUploadProgress?.({ loaded: 100, total: 100, bytes: 75, lengthComputable: true });
    expect(seen).toEqual([0.25, 1]);
    expect(submitRequest({}, {}, { url: '/x' }).onUploadProgress).toBeUndefined();
  });
});

describe('answer fields (spec §7 "Answer fields read", §8 "Generic messages")', () => {
  it('reads the channel from meta.channel', () => {
    expect(channelOf({ meta: { channel: 'private-task.5' } })).toBe('private-task.5');
    expect(channelOf({ meta: {} })).toBeUndefined();
    expect(channelOf(undefined)).toBeUndefined();
  });

  it("success: successMsg, else data.message, else 'X created/updated/removed successfully'", () => {
    expect(successMessage({ message: 'Done by server' }, { successMsg: 'Mine' })).toBe('Mine');
    expect(successMessage({ message: 'Done by server' }, { item: 'Tag' })).toBe('Done by server');
    expect(successMessage({}, { item: 'Tag' })).toBe('Tag created successfully');
    expect(successMessage({}, { item: 'Tag', method: 'put' })).toBe('Tag updated successfully');
    expect(successMessage({}, { item: 'Tag', method: 'patch' })).toBe('Tag updated successfully');
    expect(successMessage({}, { item: 'Tag', method: 'delete' })).toBe('Tag removed successfully');
    expect(successMessage({}, {})).toBe('Operation complete');
  });

  it("failure words for 'Failed to {verb} {item} ({status text})'", () => {
    expect(failureContext({ item: 'Tag', method: 'delete' })).toEqual({ verb: 'remove', item: 'Tag' });
    expect(failureContext({})).toEqual({});
  });
});
