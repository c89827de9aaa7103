// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, renderWithForms, testUser } from '../../shared/forms/testing.tsx';
import { TagsList } from './TagsList.tsx';

afterEach(cleanup);

const none = () => ({ status: 200, data: { data: [], meta: { total: 0 } } });

// Issue 28: a search or filter that matches nothing says so and offers to clear it.
describe('the tags list: no match', () => {
  it('says "No tag matches these filters" and Clear filters brings the whole list back (the state is in the address)', async () => {
    const server = fakeApi({ 'GET /tags': none });
    const router = createMemoryRouter([{ path: '/list', element: <TagsList /> }], {
      initialEntries: ['/list?q=nothing&page=2'],
    });
    renderWithForms(<RouterProvider router={router} />, { user: testUser([]) });
    expect(await screen.findByText('No tag matches these filters')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(server.requests('GET /tags').at(-1)?.params).not.toHaveProperty('q'));
    // Nothing narrows the list now: it is empty, not "no match".
    expect(await screen.findByText('No tags match.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });
});
