// @vitest-environment jsdom
import { GENERATED_PASSWORD_LENGTH } from '@fleetport/contracts/password';
import { MAX_UPLOAD_BYTES } from '@fleetport/contracts/uploads';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { FieldSchema } from './field-schema.ts';
import { SchemaForm } from './SchemaForm.tsx';
import { fakeApi, renderWithForms, testUser } from './testing.tsx';

afterEach(cleanup);

/** A form posting to /things, answering 200; returns the requests it saw. */
function renderForm(fields: FieldSchema[], options: Parameters<typeof renderWithForms>[1] = {}) {
  const server = fakeApi({
    'POST /things': () => ({ status: 200, data: { success: true, data: {} } }),
    'GET /tags': () => ({
      status: 200,
      data: {
        data: [
          { id: 1, name: 'Alpha' },
          { id: 2, name: 'Beta' },
        ],
      },
    }),
  });
  renderWithForms(<SchemaForm fields={fields} submit={{ url: '/things', hideMsg: true }} />, options);
  return server;
}

const submitButton = () => screen.getByRole('button', { name: 'Submit' });

/** The body of the last POST /things. */
async function postedBody(server: ReturnType<typeof fakeApi>) {
  await waitFor(() => expect(server.requests('POST /things')).toHaveLength(1));
  return server.requests('POST /things')[0]?.body as Record<string, unknown>;
}

function fileOf(name: string, size: number, type = 'application/octet-stream'): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

describe('SchemaForm: field types (spec §3 "Form field schema")', () => {
  it('spec §3: renders every field type with MUI', () => {
    renderForm([
      { key: 'name', label: 'Name' },
      { key: 'secret', label: 'Secret', type: 'password' },
      { key: 'about', label: 'About', type: 'textarea' },
      { key: 'count', label: 'Count', type: 'number' },
      { key: 'agree', label: 'Agree', type: 'checkbox' },
      {
        key: 'kind',
        label: 'Kind',
        type: 'radio',
        options: [
          { value: 'a', label: 'Kind A' },
          { value: 'b', label: 'Kind B', description: 'The second kind' },
        ],
        optionDescriptionBlock: true,
      },
      { key: 'file', label: 'Firmware', type: 'file' },
      { key: 'tag', label: 'Tag', component: 'ItemSelect', options: [{ value: 1, label: 'One' }] },
      { key: 'info', label: 'Read this first', component: 'BaseAlert' },
      { key: 'hosts', label: 'Hosts', component: 'ListInput' },
      {
        key: 'routes',
        label: 'Routes',
        component: 'TableInput',
        options: { fields: [{ key: 'a', title: 'A' }] },
      },
    ]);
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeDefined();
    expect(screen.getByLabelText('Secret')).toHaveProperty('type', 'password');
    expect(screen.getByRole('textbox', { name: 'About' }).tagName).toBe('TEXTAREA');
    expect(screen.getByRole('spinbutton', { name: 'Count' })).toBeDefined();
    expect(screen.getByRole('checkbox', { name: 'Agree' })).toBeDefined();
    expect(screen.getByRole('radiogroup', { name: 'Kind' })).toBeDefined();
    expect(screen.getByText('The second kind')).toBeDefined();
    expect(screen.getByLabelText('Firmware')).toHaveProperty('type', 'file');
    expect(screen.getByRole('combobox', { name: 'Tag' })).toBeDefined();
    expect(screen.getByTestId('alert-info').textContent).toContain('Read this first');
    expect(screen.getByRole('textbox', { name: 'Hosts' })).toBeDefined();
    expect(screen.getByRole('table', { name: 'Routes' })).toBeDefined();
  });

  it('spec §3: a number field is sent as a number; a radio keeps its option value', async () => {
    const user = userEvent.setup();
    const server = renderForm([
      { key: 'count', label: 'Count', type: 'number' },
      {
        key: 'level',
        label: 'Level',
        type: 'radio',
        options: [
          { value: 1, label: 'First' },
          { value: 2, label: 'Second' },
        ],
      },
    ]);
    await user.type(screen.getByRole('spinbutton', { name: 'Count' }), '42');
    await user.click(screen.getByRole('radio', { name: 'Second' }));
    await user.click(submitButton());
    expect(await postedBody(server)).toEqual({ count: 42, level: 2 });
  });

  it('spec §5: a mask fits the typed text (hex digits upper-cased, literals written in)', async () => {
    const user = userEvent.setup();
    const server = renderForm([{ key: 'mac', label: 'MAC', mask: 'HH:HH:HH' }]);
    const input = screen.getByRole('textbox', { name: 'MAC' });
    await user.type(input, 'a1b2zc3');
    expect(input).toHaveProperty('value', 'A1:B2:C3');
    await user.click(submitButton());
    expect(await postedBody(server)).toEqual({ mac: 'A1:B2:C3' });
  });

  it('spec §9: generate fills a password field with 16 generated characters', async () => {
    const user = userEvent.setup();
    renderForm([{ key: 'password', label: 'Password', type: 'password', generate: true }]);
    await user.click(screen.getByRole('button', { name: 'Generate a password' }));
    const value = (screen.getByLabelText('Password') as HTMLInputElement).value;
    expect(value).toHaveLength(GENERATED_PASSWORD_LENGTH);
    expect(GENERATED_PASSWORD_LENGTH).toBe(16);
  });

  it('a BaseAlert shows its link, and refuses a javascript: link', () => {
    renderForm([
      {
        key: 'ok',
        component: 'BaseAlert',
        label: 'See the guide',
        href: 'https://example.com/guide',
        linkText: 'Guide',
      },
      { key: 'bad', component: 'BaseAlert', label: 'Bad', href: 'javascript:alert(1)', linkText: 'Evil' },
    ]);
    expect(screen.getByRole('link', { name: 'Guide' }).getAttribute('href')).toBe(
      'https://example.com/guide',
    );
    expect(screen.queryByRole('link', { name: 'Evil' })).toBeNull();
  });
});

describe('SchemaForm: validation (spec §5 "Forms")', () => {
  it('spec §5: required and length rules show translated messages and nothing is sent', async () => {
    const user = userEvent.setup();
    const server = renderForm([
      { key: 'name', label: 'Name', required: true, minlength: 3 },
      { key: 'email', label: 'Email', required: true },
    ]);
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'ab');
    await user.click(submitButton());
    expect(await screen.findByText('Enter at least 3 characters')).toBeDefined();
    expect(screen.getByText('This field is required')).toBeDefined();
    expect(server.requests('POST /things')).toHaveLength(0);
  });

  it('spec §4: changing a field clears its error', async () => {
    const user = userEvent.setup();
    renderForm([
      { key: 'name', label: 'Name', required: true },
      { key: 'email', label: 'Email', required: true },
    ]);
    await user.click(submitButton());
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'x');
    expect(screen.getAllByText('This field is required')).toHaveLength(1);
  });

  it('spec §4: a field with depends is hidden when unmet and its value cleared', async () => {
    const user = userEvent.setup();
    const server = renderForm([
      {
        key: 'credit_type_id',
        label: 'Type',
        type: 'radio',
        options: [
          { value: 1, label: 'Free' },
          { value: 2, label: 'Paid' },
        ],
      },
      {
        key: 'credit_price',
        label: 'Price',
        type: 'number',
        required: true,
        depends: [{ key: 'credit_type_id', values: [2, 4, 6, 8, 10] }],
      },
    ]);
    expect(screen.queryByRole('spinbutton', { name: 'Price' })).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Paid' }));
    await user.type(await screen.findByRole('spinbutton', { name: 'Price' }), '9');
    await user.click(screen.getByRole('radio', { name: 'Free' }));
    await waitFor(() => expect(screen.queryByRole('spinbutton', { name: 'Price' })).toBeNull());
    await user.click(screen.getByRole('radio', { name: 'Paid' }));
    expect(await screen.findByRole('spinbutton', { name: 'Price' })).toHaveProperty('value', '');
    await user.click(screen.getByRole('radio', { name: 'Free' }));
    // Hidden: neither checked (it is required) nor sent.
    await user.click(submitButton());
    expect(await postedBody(server)).toEqual({ credit_type_id: 1 });
  });

  it('spec §5: a field that needs a permission is hidden without it', () => {
    const fields: FieldSchema[] = [
      { key: 'name', label: 'Name' },
      { key: 'company_id', label: 'From company', permission: 'super_admin' },
    ];
    renderForm(fields, { user: testUser([]) });
    expect(screen.queryByRole('textbox', { name: 'From company' })).toBeNull();
    cleanup();
    renderForm(fields, { user: testUser(['super_admin']) });
    expect(screen.getByRole('textbox', { name: 'From company' })).toBeDefined();
  });

  it("spec §5: a file over the maximum shows 'Maximum file size is {size}' at once", async () => {
    const user = userEvent.setup();
    renderForm([{ key: 'file', label: 'Backup', type: 'file', max: 1024 * 1024 }]);
    await user.upload(screen.getByLabelText('Backup'), fileOf('backup.tar', 2 * 1024 * 1024));
    expect(await screen.findByText('Maximum file size is 1MB')).toBeDefined();
    expect(screen.getByTestId('file-names-file').textContent).toBe('backup.tar');
  });

  it("spec §5: a file name with a forbidden symbol shows 'File name contains forbidden symbols'", async () => {
    const user = userEvent.setup();
    renderForm([{ key: 'file', label: 'Backup', type: 'file' }]);
    await user.upload(screen.getByLabelText('Backup'), fileOf('back|up.tar', 10));
    expect(await screen.findByText('File name contains forbidden symbols')).toBeDefined();
  });

  it("spec §5: with warnings on, 'Maximum file size is 80MB' shows before any file is chosen", () => {
    renderForm([{ key: 'file', label: 'Backup', type: 'file', warnings: true }]);
    expect(screen.getByText('Maximum file size is 80MB')).toBeDefined();
    expect(MAX_UPLOAD_BYTES).toBe(83_886_080);
  });
});

describe('SchemaForm: ItemSelect (spec §7 "Option lists")', () => {
  it('spec §7: loads its options with limit 100 and a fields list, and sends the chosen id', async () => {
    const user = userEvent.setup();
    const server = renderForm([
      {
        key: 'tag_id',
        label: 'Tag',
        component: 'ItemSelect',
        required: true,
        options: { url: '/tags', fields: ['id', 'name'], params: { company_id: 3 } },
      },
    ]);
    await user.click(screen.getByRole('combobox', { name: 'Tag' }));
    await user.click(await screen.findByRole('option', { name: 'Beta' }));
    expect(server.requests('GET /tags')[0]?.params).toEqual({ company_id: 3, limit: 100, fields: 'id,name' });
    await user.click(submitButton());
    expect(await postedBody(server)).toEqual({ tag_id: 2 });
  });

  it('spec §3: multiple chooses several static options', async () => {
    const user = userEvent.setup();
    const server = renderForm([
      {
        key: 'days',
        label: 'Days',
        component: 'ItemSelect',
        multiple: true,
        options: [
          { value: 'mon', label: 'Monday' },
          { value: 'tue', label: 'Tuesday' },
        ],
      },
    ]);
    await user.click(screen.getByRole('combobox', { name: 'Days' }));
    await user.click(await screen.findByRole('option', { name: 'Monday' }));
    await user.click(screen.getByRole('combobox', { name: 'Days' }));
    await user.click(await screen.findByRole('option', { name: 'Tuesday' }));
    await user.click(submitButton());
    expect(await postedBody(server)).toEqual({ days: ['mon', 'tue'] });
  });

  it('spec §3 onChange: a field can reset another (invite user: changing the company resets the role)', async () => {
    const user = userEvent.setup();
    const server = renderForm([
      {
        key: 'company_id',
        label: 'Company',
        component: 'ItemSelect',
        options: [
          { value: 1, label: 'Acme' },
          { value: 2, label: 'Globex' },
        ],
        onChange: (_value, form) => form.setValue('role', null),
      },
      {
        key: 'role',
        label: 'Role',
        component: 'ItemSelect',
        options: [{ value: 'admin', label: 'Administrator' }],
      },
    ]);
    await user.click(screen.getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Administrator' }));
    await user.click(screen.getByRole('combobox', { name: 'Company' }));
    await user.click(await screen.findByRole('option', { name: 'Globex' }));
    await user.click(submitButton());
    expect(await postedBody(server)).toEqual({ company_id: 2, role: null });
  });
});

describe('SchemaForm: TableInput (spec §3 "Table-input options")', () => {
  it('adds and removes rows and checks each cell against its pattern', async () => {
    const user = userEvent.setup();
    const server = renderForm([
      {
        key: 'routes',
        label: 'Routes',
        component: 'TableInput',
        options: {
          fields: [
            { key: 'address', title: 'Address', pattern: '[0-9.]+' },
            { key: 'note', title: 'Note', maxlength: 4 },
          ],
        },
      },
    ]);
    await user.click(screen.getByRole('button', { name: 'Add a row' }));
    await user.click(screen.getByRole('button', { name: 'Add a row' }));
    await user.type(screen.getByRole('textbox', { name: 'Address, row 1' }), '10.0.0.1');
    await user.type(screen.getByRole('textbox', { name: 'Note, row 1' }), 'gateway');
    await user.type(screen.getByRole('textbox', { name: 'Address, row 2' }), 'bad');
    // maxlength applies while typing.
    expect(screen.getByRole('textbox', { name: 'Note, row 1' })).toHaveProperty('value', 'gate');
    await user.click(submitButton());
    const table = screen.getByRole('table', { name: 'Routes' });
    expect(await within(table).findByText('The value does not match the required format')).toBeDefined();
    expect(server.requests('POST /things')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Remove row 2' }));
    await user.click(submitButton());
    expect(await postedBody(server)).toEqual({ routes: [{ address: '10.0.0.1', note: 'gate' }] });
  });
});
