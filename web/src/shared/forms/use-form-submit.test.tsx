// @vitest-environment jsdom
import { useQuery } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StepUpPrompts } from '../api/step-up.ts';
import type { FieldSchema } from './field-schema.ts';
import { SchemaForm } from './SchemaForm.tsx';
import type { FormSubmitOptions } from './submit-options.ts';
import {
  type Answer,
  deferred,
  fakeApi,
  type Handler,
  type RenderOptions,
  renderWithForms,
} from './testing.tsx';

const scrollIntoView = vi.fn();

beforeEach(() => {
  scrollIntoView.mockClear();
  Element.prototype.scrollIntoView = scrollIntoView;
});
afterEach(cleanup);

const nameField: FieldSchema[] = [{ key: 'name', label: 'Name' }];
const ok = (data: unknown = { success: true, data: {} }): Answer => ({ status: 200, data });

/** A user who types `code` or `password` when asked (cancels without one); the prompt submits it. */
function prompts(code?: string, password?: string): StepUpPrompts & { code: ReturnType<typeof vi.fn> } {
  return {
    code: vi.fn(async (_challenge: unknown, submit: (code: string) => Promise<unknown>) =>
      code === undefined ? undefined : submit(code),
    ),
    password: vi.fn(async (submit: (password: string) => Promise<void>) => {
      if (password === undefined) return false;
      await submit(password);
      return true;
    }),
  } as StepUpPrompts & { code: ReturnType<typeof vi.fn> };
}

/** Renders a form with one text field, types `typed` and submits it. */
async function submitForm(
  handlers: Record<string, Handler>,
  options: Partial<FormSubmitOptions> = {},
  setup: {
    fields?: FieldSchema[];
    runtime?: RenderOptions['runtime'];
    typed?: string;
  } = {},
) {
  const user = userEvent.setup();
  const server = fakeApi(handlers);
  const rendered = renderWithForms(
    <SchemaForm fields={setup.fields ?? nameField} submit={{ url: '/tags', ...options }} />,
    setup.runtime ? { runtime: setup.runtime } : {},
  );
  if (setup.typed !== '')
    await user.type(screen.getByRole('textbox', { name: 'Name' }), setup.typed ?? 'Edge');
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  return { user, server, ...rendered };
}

describe('useFormSubmit: success (spec §4 "Form submit")', () => {
  it('spec §4: shows the success message and closes the form', async () => {
    const onClose = vi.fn();
    const onSuccess = vi.fn();
    const onCompleted = vi.fn();
    const { server } = await submitForm(
      { 'POST /tags': () => ok() },
      { item: 'Tag', onClose, onSuccess, onCompleted },
    );
    expect(await screen.findByText('Tag created successfully')).toBeDefined();
    expect(server.requests('POST /tags')[0]?.body).toEqual({ name: 'Edge' });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onSuccess).toHaveBeenCalledWith({ success: true, data: {} }, { name: 'Edge' });
    expect(onCompleted).toHaveBeenCalledTimes(1);
  });

  it("spec §5 'Add data': confirm is asked with the payload first; no sends nothing, yes sends it", async () => {
    const asked: unknown[] = [];
    let answer = false;
    const confirm = vi.fn(async (payload: unknown) => {
      asked.push(payload);
      return answer;
    });
    const { server, user } = await submitForm(
      { 'POST /tags': () => ok() },
      { confirm, hideMsg: true, data: { company_id: 3 } },
    );
    await waitFor(() => expect(confirm).toHaveBeenCalledTimes(1));
    expect(asked[0]).toEqual({ company_id: 3, name: 'Edge' });
    expect(server.requests('POST /tags')).toHaveLength(0);
    answer = true;
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(server.requests('POST /tags')).toHaveLength(1));
  });

  it('spec §4: the table (schema.tableRef) and the queries named in reload load again after success', async () => {
    const user = userEvent.setup();
    fakeApi({ 'POST /tags': () => ok() });
    const table = vi.fn(() => Promise.resolve('rows'));
    const totals = vi.fn(() => Promise.resolve('totals'));
    const other = vi.fn(() => Promise.resolve('other'));
    function Page() {
      useQuery({ queryKey: ['tags', 'list'], queryFn: table });
      useQuery({ queryKey: ['tags', 'totals'], queryFn: totals });
      useQuery({ queryKey: ['devices'], queryFn: other });
      return null;
    }
    renderWithForms(
      <>
        <Page />
        <SchemaForm
          fields={nameField}
          submit={{ url: '/tags', schema: { tableRef: ['tags', 'list'] }, reload: [['tags', 'totals']] }}
        />
      </>,
    );
    await waitFor(() => expect(other).toHaveBeenCalledTimes(1));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(table).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(totals).toHaveBeenCalledTimes(2));
    expect(other).toHaveBeenCalledTimes(1);
  });

  it('spec §3: reload false skips the reload; hideMsg shows no message; leaveOpen does not close', async () => {
    const onClose = vi.fn();
    const fetched = vi.fn(() => Promise.resolve(1));
    const user = userEvent.setup();
    fakeApi({ 'POST /tags': () => ok() });
    function Table() {
      useQuery({ queryKey: ['tags'], queryFn: fetched });
      return null;
    }
    renderWithForms(
      <>
        <Table />
        <SchemaForm
          fields={nameField}
          submit={{
            url: '/tags',
            item: 'Tag',
            reload: false,
            hideMsg: true,
            leaveOpen: true,
            onClose,
            schema: { tableRef: ['tags'] },
          }}
        />
      </>,
    );
    await waitFor(() => expect(fetched).toHaveBeenCalledTimes(1));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Submit' })).toHaveProperty('disabled', false),
    );
    expect(fetched).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Tag created successfully')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("spec §8: the answer's data.message is the success message", async () => {
    await submitForm({ 'POST /tags': () => ok({ success: true, message: 'Tag saved on the server' }) });
    expect(await screen.findByText('Tag saved on the server')).toBeDefined();
  });

  it('spec §4: a channel in data.meta.channel goes to onChannel, closes the form, and auto-closes without a selection', async () => {
    const onChannel = vi.fn();
    const onClose = vi.fn();
    await submitForm(
      { 'POST /tags': () => ok({ success: true, meta: { channel: 'private-action.9' } }) },
      { item: 'Tag', onClose },
      { runtime: { onChannel } },
    );
    await waitFor(() => expect(onChannel).toHaveBeenCalledTimes(1));
    expect(onChannel).toHaveBeenCalledWith('private-action.9', {
      selection: undefined,
      autoClose: true,
      response: { success: true, meta: { channel: 'private-action.9' } },
    });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Tag created successfully')).toBeNull();
  });

  it('spec §4: with a selection the Action status does not auto-close; leaveOpen keeps the form open', async () => {
    const onChannel = vi.fn();
    const onClose = vi.fn();
    await submitForm(
      { 'POST /tags': () => ok({ meta: { channel: 'c' } }) },
      { onClose, leaveOpen: true, selection: [1, 2], onChannel },
    );
    await waitFor(() => expect(onChannel).toHaveBeenCalledTimes(1));
    expect(onChannel.mock.calls[0]?.[1]).toMatchObject({ selection: [1, 2], autoClose: false });
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('useFormSubmit: in flight, retries and step-up (spec §4, §7 "MFA resubmit")', () => {
  it('spec §4: a submit while one is in flight is ignored', async () => {
    const answer = deferred<Answer>();
    const server = fakeApi({ 'POST /tags': () => answer.promise });
    renderWithForms(
      <SchemaForm fields={nameField} submit={{ url: '/tags', submitLabel: 'x' } as FormSubmitOptions} />,
    );
    const form = screen.getByRole('button', { name: 'Submit' }).closest('form') as HTMLFormElement;
    fireEvent.submit(form);
    await waitFor(() => expect(server.requests('POST /tags')).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Sending…' })).toHaveProperty('disabled', true);
    fireEvent.submit(form);
    fireEvent.submit(form);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.requests('POST /tags')).toHaveLength(1);
    answer.resolve(ok());
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Submit' })).toHaveProperty('disabled', false),
    );
  });

  it('spec §4: on 401 the submit is retried after the session refresh', async () => {
    const onRetry = vi.fn();
    const { server } = await submitForm(
      {
        'POST /tags': (_request, nth) => (nth === 1 ? { status: 401, data: { errors: [] } } : ok()),
        'POST /account/token/refresh': () => ok(),
      },
      { item: 'Tag', onRetry },
    );
    expect(await screen.findByText('Tag created successfully')).toBeDefined();
    expect(server.seen.map((request) => `${request.method} ${request.url}`)).toEqual([
      'POST /tags',
      'POST /account/token/refresh',
      'POST /tags',
    ]);
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('spec §4: MFA_REQUIRED asks for the code and repeats the call with session_code and session_uuid', async () => {
    const stepUp = prompts('123456');
    const { server } = await submitForm(
      {
        'POST /tags': (_request, nth) =>
          nth === 1
            ? {
                status: 403,
                data: {
                  errors: [{ code: 'MFA_REQUIRED', message: 'MFA required' }],
                  meta: { mfa_method: 'totp', session_uuid: 'u-1' },
                },
              }
            : ok(),
      },
      { item: 'Tag' },
      { runtime: { prompts: stepUp } },
    );
    expect(await screen.findByText('Tag created successfully')).toBeDefined();
    expect(stepUp.code).toHaveBeenCalledWith({ method: 'totp', sessionUuid: 'u-1' }, expect.any(Function));
    expect(server.requests('POST /tags').map((request) => request.body)).toEqual([
      { name: 'Edge' },
      { name: 'Edge', session_code: '123456', session_uuid: 'u-1' },
    ]);
  });

  it('spec §4: a 423 asks for the password, posts /password-confirmation and repeats the submit', async () => {
    const stepUp = prompts(undefined, 'hunter2hunter2');
    const { server } = await submitForm(
      {
        'POST /tags': (_request, nth) => (nth === 1 ? { status: 423, data: { errors: [] } } : ok()),
        'POST /password-confirmation': () => ok(),
      },
      { item: 'Tag' },
      { runtime: { prompts: stepUp } },
    );
    expect(await screen.findByText('Tag created successfully')).toBeDefined();
    expect(server.requests('POST /password-confirmation')[0]?.body).toEqual({ password: 'hunter2hunter2' });
    expect(server.requests('POST /tags')).toHaveLength(2);
  });

  it('a cancelled step-up prompt ends the submit quietly', async () => {
    const onError = vi.fn();
    await submitForm(
      { 'POST /tags': () => ({ status: 423, data: { errors: [] } }) },
      { onError },
      { runtime: { prompts: prompts(undefined, undefined) } },
    );
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Submit' })).toHaveProperty('disabled', false),
    );
    expect(screen.queryByTestId('form-general-errors')).toBeNull();
    expect(onError).not.toHaveBeenCalled();
  });

  it('without prompts in the form runtime, a 423 fails like any other answer: its message above the form', async () => {
    const { server } = await submitForm({
      'POST /tags': () => ({
        status: 423,
        data: { errors: [{ code: 'PASSWORD_CONFIRMATION_REQUIRED', message: 'Confirm your password' }] },
      }),
    });
    expect((await screen.findByTestId('form-general-errors')).textContent).toBe('Confirm your password');
    expect(server.seen).toHaveLength(1);
  });
});

describe('useFormSubmit: Idempotency-Key (a retried write is applied once)', () => {
  it('every call of one submit carries one key: the first, the retry after 401, the MFA resubmit', async () => {
    const { server } = await submitForm(
      {
        'POST /tags': (_request, nth) =>
          nth === 1
            ? { status: 401, data: { errors: [] } }
            : nth === 2
              ? {
                  status: 403,
                  data: {
                    errors: [{ code: 'MFA_REQUIRED', message: 'MFA required' }],
                    meta: { mfa_method: 'totp', session_uuid: 'u-1' },
                  },
                }
              : ok(),
        'POST /account/token/refresh': () => ok(),
      },
      { item: 'Tag' },
      { runtime: { prompts: prompts('123456') } },
    );
    expect(await screen.findByText('Tag created successfully')).toBeDefined();
    const keys = server.requests('POST /tags').map((request) => request.idempotencyKey);
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(keys).size).toBe(1);
  });

  it('the same values sent again after a lost answer reuse the key; other values or a success take a new one', async () => {
    const user = userEvent.setup();
    const server = fakeApi({
      'POST /tags': (_request, nth) => (nth === 1 ? { status: 504, data: { errors: [] } } : ok()),
    });
    renderWithForms(<SchemaForm fields={nameField} submit={{ url: '/tags', leaveOpen: true }} />);
    const name = screen.getByRole('textbox', { name: 'Name' });
    const submit = screen.getByRole('button', { name: 'Submit' });
    await user.type(name, 'Edge');
    await user.click(submit);
    await waitFor(() => expect(server.requests('POST /tags')).toHaveLength(1));
    await waitFor(() => expect(submit).toHaveProperty('disabled', false));
    await user.click(submit); // the same values: the retry of a write whose answer was lost
    await waitFor(() => expect(server.requests('POST /tags')).toHaveLength(2));
    await waitFor(() => expect(submit).toHaveProperty('disabled', false));
    await user.click(submit); // after a success: a new write
    await waitFor(() => expect(server.requests('POST /tags')).toHaveLength(3));
    await waitFor(() => expect(submit).toHaveProperty('disabled', false));
    await user.type(name, ' 2');
    await user.click(submit); // other values: a new write
    await waitFor(() => expect(server.requests('POST /tags')).toHaveLength(4));
    const keys = server.requests('POST /tags').map((request) => request.idempotencyKey);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
    expect(keys[3]).not.toBe(keys[2]);
    expect(keys.every((key) => typeof key === 'string')).toBe(true);
  });
});

describe('useFormSubmit: failures (spec §5 "Server field errors", §8)', () => {
  it('spec §5: server errors land on their fields, id and unknown ones above the form, then it scrolls to the top', async () => {
    const onError = vi.fn();
    await submitForm(
      {
        'POST /tags': () => ({
          status: 422,
          data: {
            success: false,
            errors: [
              { code: 'VALIDATION_ERROR', message: 'Name is taken', source: 'name' },
              { code: 'NOT_FOUND', message: 'The tag is gone', source: 'id' },
              { code: 'VALIDATION_ERROR', message: 'Bad company', source: 'company_id' },
              { code: 'UNAUTHORIZED', message: 'Ignore me', source: 'name' },
            ],
          },
        }),
      },
      { onError },
    );
    expect(await screen.findByText('Name is taken')).toBeDefined();
    const general = screen.getByTestId('form-general-errors');
    expect(general.textContent).toContain('The tag is gone');
    expect(general.textContent).toContain('Bad company');
    expect(screen.queryByText('Ignore me')).toBeNull();
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('spec §4: a field error from the server clears when the field changes', async () => {
    const { user } = await submitForm({
      'POST /tags': () => ({
        status: 422,
        data: { errors: [{ code: 'X', message: 'Name is taken', source: 'name' }] },
      }),
    });
    expect(await screen.findByText('Name is taken')).toBeDefined();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), '2');
    expect(screen.queryByText('Name is taken')).toBeNull();
  });

  it('spec §5: a password error also blanks the password confirmation field', async () => {
    const user = userEvent.setup();
    fakeApi({
      'POST /users': () => ({
        status: 422,
        data: { errors: [{ code: 'X', message: 'Too weak', source: 'password' }] },
      }),
    });
    renderWithForms(
      <SchemaForm
        fields={[
          { key: 'password', label: 'Password', type: 'password' },
          { key: 'password_confirmation', label: 'Repeat', type: 'password' },
        ]}
        submit={{ url: '/users' }}
      />,
    );
    await user.type(screen.getByLabelText('Password'), 'abcdefghijkl');
    await user.type(screen.getByLabelText('Repeat'), 'abcdefghijkl');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Too weak')).toBeDefined();
    expect(screen.getByLabelText('Repeat')).toHaveProperty('value', '');
    expect(screen.getByLabelText('Password')).toHaveProperty('value', 'abcdefghijkl');
  });

  it("spec §8: without error items, 'Failed to {verb} {item} ({status text})' above the form, and as a toast with useToast", async () => {
    await submitForm({ 'POST /tags': () => ({ status: 500, data: {} }) }, { item: 'Tag', useToast: true });
    await waitFor(() => expect(screen.getAllByText('Failed to create Tag (500)')).toHaveLength(2));
    expect(screen.getByTestId('form-general-errors').textContent).toBe('Failed to create Tag (500)');
  });
});

describe('useFormSubmit: the request (spec §7 "Generic submit")', () => {
  it('uses the method, baseURL, defaults and data of the options', async () => {
    const { server } = await submitForm(
      { 'PUT /tags/7': () => ok() },
      {
        url: '/tags/7',
        method: 'put',
        data: { company_id: 3 },
        schema: { defaults: { id: 7, name: 'Old' } },
      },
      { typed: '' },
    );
    await waitFor(() => expect(server.requests('PUT /tags/7')).toHaveLength(1));
    expect(server.requests('PUT /tags/7')[0]?.body).toEqual({ id: 7, name: 'Old', company_id: 3 });
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveProperty('value', 'Old');
  });

  it('spec §7: a file upload goes as multipart form data with indexed arrays and empty arrays', async () => {
    const user = userEvent.setup();
    const server = fakeApi({ 'POST /files': () => ok() });
    renderWithForms(
      <SchemaForm
        fields={[
          { key: 'file', label: 'File', type: 'file', required: true },
          { key: 'tags', label: 'Tags', component: 'ListInput' },
          { key: 'ids', label: 'Ids', component: 'ListInput' },
        ]}
        submit={{ url: '/files' }}
      />,
    );
    await user.upload(screen.getByLabelText('File'), new File(['a'], 'notes.txt', { type: 'text/plain' }));
    await user.type(screen.getByRole('textbox', { name: 'Tags' }), 'a,b,');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(server.requests('POST /files')).toHaveLength(1));
    const body = server.requests('POST /files')[0]?.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect((body.get('file') as File).name).toBe('notes.txt');
    expect([...body.keys()]).toEqual(['file', 'tags[0]', 'tags[1]', 'ids[]']);
  });
});
