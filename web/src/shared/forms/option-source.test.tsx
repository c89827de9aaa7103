// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { SchemaForm } from './SchemaForm.tsx';
import { fakeApi, renderWithForms } from './testing.tsx';

afterEach(cleanup);

describe('option lists (spec §7): one request, each picker its own options', () => {
  it('two pickers of one list, by id and by name, share the request but not their values', async () => {
    const user = userEvent.setup();
    const server = fakeApi({
      'GET /credits/types': () => ({ status: 200, data: { data: [{ id: 8, name: 'Paid Data' }] } }),
      'POST /things': () => ({ status: 200, data: { data: {} } }),
    });
    renderWithForms(
      <SchemaForm
        fields={[
          {
            key: 'by_id',
            label: 'By id',
            component: 'ItemSelect',
            options: { url: '/credits/types', fields: ['id', 'name'] },
          },
          {
            key: 'by_name',
            label: 'By name',
            component: 'ItemSelect',
            options: { url: '/credits/types', fields: ['id', 'name'], valueKey: 'name' },
          },
        ]}
        submit={{ url: '/things', hideMsg: true }}
      />,
    );
    for (const name of ['By id', 'By name']) {
      await user.click(screen.getByRole('combobox', { name }));
      await user.click(await screen.findByRole('option', { name: 'Paid Data' }));
    }
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(server.requests('POST /things')).toHaveLength(1));
    expect(server.requests('POST /things')[0]?.body).toEqual({ by_id: 8, by_name: 'Paid Data' });
    expect(server.requests('GET /credits/types')).toHaveLength(1);
  });
});
