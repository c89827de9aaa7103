// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OptionCreator } from '../field-schema.ts';
import { SchemaForm } from '../SchemaForm.tsx';
import { fakeApi, renderWithForms } from '../testing.tsx';

afterEach(cleanup);

const label = (typed: string) => `Create group “${typed}”`;

function renderPicker(create: OptionCreator) {
  return renderWithForms(
    <SchemaForm
      fields={[
        {
          key: 'group_id',
          label: 'Group',
          component: 'ItemSelect',
          options: { url: '/groups', fields: ['id', 'name'] },
          create,
        },
      ]}
      submit={{ url: '/things', hideMsg: true }}
    />,
  );
}

describe('ItemSelect `create`: a choice the list lacks, made from what was typed', () => {
  it('is offered while the text names no choice; the item made is chosen and its list asked again', async () => {
    const user = userEvent.setup();
    const server = fakeApi({
      'GET /groups': () => ({ status: 200, data: { data: [{ id: 1, name: 'North' }] } }),
      'POST /things': () => ({ status: 200, data: { data: {} } }),
    });
    const create = vi.fn(async (typed: string) => ({ value: 5, label: typed }));
    renderPicker({ label, create });
    const input = screen.getByRole('combobox', { name: 'Group' });

    // A name the list has (in any case) is chosen, not made again.
    await user.type(input, 'north');
    expect(await screen.findByRole('option', { name: 'North' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: label('north') })).toBeNull();

    await user.clear(input);
    await user.type(input, 'South');
    await user.click(await screen.findByRole('option', { name: label('South') }));
    expect(create).toHaveBeenCalledWith('South');
    await waitFor(() => expect(input).toHaveProperty('value', 'South'));
    await waitFor(() => expect(server.requests('GET /groups')).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(server.requests('POST /things')).toHaveLength(1));
    expect(server.requests('POST /things')[0]?.body).toEqual({ group_id: 5 });
  });

  it('a creator that gives up leaves the field as it was', async () => {
    const user = userEvent.setup();
    fakeApi({ 'GET /groups': () => ({ status: 200, data: { data: [] } }) });
    renderPicker({ label, create: async () => undefined });
    const input = screen.getByRole('combobox', { name: 'Group' });
    await user.type(input, 'East');
    await user.click(await screen.findByRole('option', { name: label('East') }));
    await user.click(document.body);
    await waitFor(() => expect(input).toHaveProperty('value', ''));
  });
});
