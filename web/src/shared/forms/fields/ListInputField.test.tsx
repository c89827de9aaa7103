// @vitest-environment jsdom
import { MAX_UPLOAD_BYTES } from '@fleetport/contracts/uploads';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { ListInputOptions } from '../field-schema.ts';
import { SchemaForm } from '../SchemaForm.tsx';
import { fakeApi, renderWithForms } from '../testing.tsx';

afterEach(cleanup);

/** A form with one ListInput `Hosts`; returns the input, the user and the fake API. */
function renderList(
  options: ListInputOptions = {},
  extra: { maxlength?: number; placeholder?: string } = {},
) {
  const user = userEvent.setup();
  const server = fakeApi({ 'POST /hosts': () => ({ status: 200, data: {} }) });
  renderWithForms(
    <SchemaForm
      fields={[{ key: 'hosts', label: 'Hosts', component: 'ListInput', options, ...extra }]}
      submit={{ url: '/hosts', hideMsg: true }}
    />,
  );
  const input = screen.getByRole('textbox', { name: 'Hosts' }) as HTMLInputElement;
  return { user, server, input };
}

/** The texts of the chips. */
const chips = () =>
  Array.from(document.querySelectorAll('.MuiChip-label')).map((element) => element.textContent);

async function sent(server: ReturnType<typeof fakeApi>, user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  await waitFor(() => expect(server.requests('POST /hosts')).toHaveLength(1));
  return server.requests('POST /hosts')[0]?.body;
}

function fileOf(name: string, content: string, type: string, size?: number): File {
  const file = new File([content], name, { type });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}

describe('ListInput (spec §5 "List input")', () => {
  it('spec §5: items are added on Enter, comma or blur; blank input is ignored', async () => {
    const { user, server, input } = renderList();
    await user.type(input, 'a.example{Enter}');
    await user.type(input, 'b.example,');
    await user.type(input, '   {Enter}');
    await user.type(input, 'c.example');
    await user.tab();
    expect(chips()).toEqual(['a.example', 'b.example', 'c.example']);
    expect(input.value).toBe('');
    expect(await sent(server, user)).toEqual({ hosts: ['a.example', 'b.example', 'c.example'] });
  });

  it('spec §5: the placeholder says to type and press comma or enter', () => {
    const { input } = renderList();
    expect(input.placeholder).toBe('Type a value and press comma or Enter');
  });

  it('spec §5: adding stops at maxItems', async () => {
    const { user, input } = renderList({ maxItems: 2 });
    await user.type(input, 'a,b,c,');
    expect(chips()).toEqual(['a', 'b']);
  });

  it('spec §5: duplicates are ignored with uniqueItems or noDupes', async () => {
    const { user, input } = renderList({ noDupes: true });
    await user.type(input, 'a,b,a,');
    expect(chips()).toEqual(['a', 'b']);
    cleanup();
    const again = renderList({ uniqueItems: true });
    await again.user.type(again.input, 'x{Enter}x{Enter}');
    expect(chips()).toEqual(['x']);
  });

  it('spec §5: the number type converts items to numbers', async () => {
    const { user, server, input } = renderList({ type: 'number' });
    await user.type(input, '22,8080,');
    expect(await sent(server, user)).toEqual({ hosts: [22, 8080] });
  });

  it('spec §5: native pattern, min and max checks refuse an item, which stays in the input', async () => {
    const { user, input } = renderList({ type: 'number', min: 1, max: 65535 });
    await user.type(input, '70000{Enter}');
    expect(chips()).toEqual([]);
    expect(input.value).toBe('70000');
    expect(screen.getByText('The value must be at most 65535')).toBeDefined();
    await user.clear(input);
    expect(screen.queryByText('The value must be at most 65535')).toBeNull();
    cleanup();
    const patterned = renderList({ pattern: '[a-z]+' });
    await patterned.user.type(patterned.input, 'ABC{Enter}');
    expect(screen.getByText('The value does not match the required format')).toBeDefined();
  });

  it('spec §5: Backspace on empty input removes the last item', async () => {
    const { user, input } = renderList();
    await user.type(input, 'a,b,');
    await user.type(input, '{Backspace}');
    expect(chips()).toEqual(['a']);
    // Backspace in a non-empty input edits the text only.
    await user.type(input, 'cd{Backspace}');
    expect(chips()).toEqual(['a']);
    expect(input.value).toBe('c');
  });

  it('a chip can be removed with its delete icon', async () => {
    const { user, input } = renderList();
    await user.type(input, 'a,b,');
    await user.click(screen.getByTitle('Remove a'));
    expect(chips()).toEqual(['b']);
  });

  it("spec §5: CSV import refuses a file that is not text/csv: 'Not a CSV file selected'", async () => {
    renderList({ showCsvUpload: true });
    // The picker offers CSV files only; a browser still lets the user pick "All files".
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(screen.getByLabelText('Import from CSV'), fileOf('hosts.txt', 'a', 'text/plain'));
    expect(await screen.findByText('Not a CSV file selected')).toBeDefined();
    expect(chips()).toEqual([]);
  });

  it("spec §5: CSV import refuses 80MB or more: 'File size must be lower than 80MB'", async () => {
    const { user } = renderList({ showCsvUpload: true });
    await user.upload(
      screen.getByLabelText('Import from CSV'),
      fileOf('hosts.csv', 'a', 'text/csv', MAX_UPLOAD_BYTES),
    );
    expect(await screen.findByText('File size must be lower than 80MB')).toBeDefined();
  });

  it('spec §5: CSV lines are trimmed and empty ones dropped', async () => {
    const { user } = renderList({ showCsvUpload: true });
    await user.upload(
      screen.getByLabelText('Import from CSV'),
      fileOf('hosts.csv', ' a.example \r\n\r\n  \nb.example\n', 'text/csv'),
    );
    await waitFor(() => expect(chips()).toEqual(['a.example', 'b.example']));
  });

  it('spec §5: pasted text is trimmed and cut to the maxlength', async () => {
    const { user, input } = renderList({}, { maxlength: 8 });
    await user.click(input);
    await user.paste('   192.168.100.200   ');
    expect(input.value).toBe('192.168.');
  });
});
