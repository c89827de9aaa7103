// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_BRAND } from '../../shared/config/default-brand.ts';
import { fakeApi, renderWithForms, testUser } from '../../shared/forms/testing.tsx';
import { BrandContext } from '../../shared/lib/brand.ts';
import CompaniesPage from './CompaniesPage.tsx';

afterEach(cleanup);

const none = () => ({ status: 200, data: { data: [], meta: { total: 0 } } });

// Issue 28: a search or filter that matches nothing says so and offers to clear it.
describe('the companies list: no match', () => {
  it('says "No company matches these filters" and Clear filters brings the whole list back (the state is in the address)', async () => {
    const server = fakeApi({ 'GET /companies': none });
    const router = createMemoryRouter([{ path: '/list', element: <CompaniesPage /> }], {
      initialEntries: ['/list?q=nothing&page=2'],
    });
    renderWithForms(
      <BrandContext value={DEFAULT_BRAND}>
        <RouterProvider router={router} />
      </BrandContext>,
      { user: testUser([]) },
    );
    expect(await screen.findByText('No company matches these filters')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(server.requests('GET /companies').at(-1)?.params).not.toHaveProperty('q'));
    // Nothing narrows the list now: it is empty, not "no match".
    expect(await screen.findByText('No companies match.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });
});
