// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { SchemaForm } from '../SchemaForm.tsx';
import { fakeApi, renderWithForms } from '../testing.tsx';
import { groupsOf } from './CheckboxField.tsx';

afterEach(cleanup);

describe('a checkbox group with grouped options (the role form: permissions by category)', () => {
  it('groupsOf keeps the order of first appearance and each option its index', () => {
    const groups = groupsOf([
      { value: 'a', label: 'a', group: 'Devices' },
      { value: 'b', label: 'b', group: 'Users' },
      { value: 'c', label: 'c', group: 'Devices' },
    ]);
    expect(groups.map((group) => [group.group, group.items.map((item) => item.index)])).toEqual([
      ['Devices', [0, 2]],
      ['Users', [1]],
    ]);
  });

  it('shows a named group per heading and sends the checked values as a list', async () => {
    const user = userEvent.setup();
    const server = fakeApi({ 'POST /roles': () => ({ status: 201, data: { data: {} } }) });
    renderWithForms(
      <SchemaForm
        fields={[
          {
            key: 'permissions',
            label: 'Permissions',
            type: 'checkbox',
            required: true,
            options: [
              { value: 'view_devices', label: 'view_devices', group: 'Devices' },
              { value: 'view_users', label: 'view_users', group: 'Users' },
              { value: 'manage_users', label: 'manage_users', group: 'Users' },
            ],
          },
        ]}
        submit={{ url: '/roles', hideMsg: true }}
      />,
    );
    const users = screen.getByRole('group', { name: 'Users' });
    expect(within(users).getAllByRole('checkbox')).toHaveLength(2);
    await user.click(within(users).getByRole('checkbox', { name: 'manage_users' }));
    await user.click(screen.getByRole('checkbox', { name: 'view_devices' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(server.requests('POST /roles')).toHaveLength(1));
    expect(server.requests('POST /roles')[0]?.body).toEqual({
      permissions: ['manage_users', 'view_devices'],
    });
  });
});
