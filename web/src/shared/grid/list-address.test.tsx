// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import type { SetStateAction } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { type GridQueryState, initialGridState } from './grid-query.ts';
import { readListAddress, useAddressFilter, useListAddress, writeListAddress } from './list-address.ts';

afterEach(cleanup);

const START = initialGridState({ sort: [{ field: 'name', sort: 'asc' }] });
const params = (text: string) => new URLSearchParams(text);

describe('a list in the address: reload, link, Back', () => {
  it('reads the search, sort, page and size; what it does not name is the start', () => {
    expect(readListAddress(params(''), START)).toEqual(START);
    expect(readListAddress(params('q=rut&sort=-status,name&page=3&size=50&view=map'), START)).toEqual({
      ...START,
      search: 'rut',
      sort: [
        { field: 'status', sort: 'desc' },
        { field: 'name', sort: 'asc' },
      ],
      page: 2,
      pageSize: 50,
    });
    // No sort at all is not the start's sort.
    expect(readListAddress(params('sort='), START).sort).toEqual([]);
    // Hand-edited nonsense is the start.
    const odd = readListAddress(params('page=0&size=33'), START);
    expect([odd.page, odd.pageSize]).toEqual([0, 25]);
    expect(readListAddress(params('page=x'), START).page).toBe(0);
  });

  it("writes only what differs from the start, and keeps the page's other parameters", () => {
    expect(writeListAddress(params('view=map&status=online'), START, START).toString()).toBe(
      'view=map&status=online',
    );
    const state: GridQueryState = {
      ...START,
      search: 'RUT 956',
      sort: [{ field: 'last_seen_at', sort: 'desc' }],
      page: 1,
    };
    const written = writeListAddress(params('view=map&page=9'), state, START);
    expect(written.toString()).toBe('view=map&page=2&q=RUT+956&sort=-last_seen_at');
    expect(readListAddress(written, START)).toEqual(state);
    expect(writeListAddress(written, { ...START, sort: [] }, START).toString()).toBe('view=map&sort=');
    // Back to the start: a clean address again.
    expect(writeListAddress(written, START, START).toString()).toBe('view=map');
  });

  it('useListAddress: a sort or page adds a history entry, the search replaces it, Back restores the state', async () => {
    let list: { state: GridQueryState; set: (update: SetStateAction<GridQueryState>) => void } | undefined;
    function Probe() {
      const [state, set] = useListAddress({ sort: [{ field: 'name', sort: 'asc' }] });
      list = { state, set };
      return null;
    }
    const router = createMemoryRouter([{ path: '/devices', element: <Probe /> }], {
      initialEntries: ['/devices?view=map'],
    });
    render(<RouterProvider router={router} />);
    const at = () => router.state.location.search;
    act(() => list?.set((now) => ({ ...now, page: 0, sort: [{ field: 'status', sort: 'desc' }] })));
    expect(at()).toBe('?view=map&sort=-status');
    act(() => list?.set((now) => ({ ...now, page: 2 })));
    expect(at()).toBe('?view=map&sort=-status&page=3');
    expect(list?.state.page).toBe(2);
    // The same state again changes nothing (no duplicate entry).
    act(() => list?.set((now) => ({ ...now })));
    act(() => list?.set((now) => ({ ...now, page: 0, search: 'rut' })));
    expect(at()).toBe('?view=map&sort=-status&q=rut');
    // The search replaced the page-3 entry: Back returns to the sort before it.
    await act(() => router.navigate(-1));
    expect(at()).toBe('?view=map&sort=-status');
    expect(list?.state).toMatchObject({ search: '', page: 0, sort: [{ field: 'status', sort: 'desc' }] });
    await act(() => router.navigate(-1));
    expect(at()).toBe('?view=map');
    expect(list?.state.sort).toEqual([{ field: 'name', sort: 'asc' }]);
  });

  it("keeps the grid's column filters under the list's own parameters (spec: the address says what the API is asked)", () => {
    const filterable = {
      email: { param: 'email', operator: 'contains' },
      company_name: { param: 'company_id', operator: 'is' },
    };
    const state: GridQueryState = {
      ...START,
      filters: [
        { field: 'email', operator: 'contains', value: ' jane ' },
        // Another operator than the list sends, and a row still empty: not in the address.
        { field: 'company_name', operator: 'not', value: '3' },
        { field: 'company_name', operator: 'is', value: '' },
      ],
    };
    const written = writeListAddress(params('tab=1'), state, START, filterable);
    expect(written.toString()).toBe('tab=1&email=jane');
    expect(readListAddress(written, START, filterable).filters).toEqual([
      { field: 'email', operator: 'contains', value: 'jane' },
    ]);
    expect(readListAddress(params('company_id=3&email='), START, filterable).filters).toEqual([
      { field: 'company_name', operator: 'is', value: '3' },
    ]);
    // Without the list's filters named, the parameters are the page's own.
    expect(readListAddress(params('email=jane'), START).filters).toEqual([]);
    // Clearing the filter cleans the address.
    expect(writeListAddress(written, START, START, filterable).toString()).toBe('tab=1');
  });

  it('useListAddress: a filter row being written stays on screen, its value replaces the entry, Back clears it', async () => {
    const filterable = { email: { param: 'email', operator: 'contains' } };
    let list: { state: GridQueryState; set: (update: SetStateAction<GridQueryState>) => void } | undefined;
    function Probe() {
      const [state, set] = useListAddress({ sort: [{ field: 'email', sort: 'asc' }] }, filterable);
      list = { state, set };
      return null;
    }
    const router = createMemoryRouter([{ path: '/users', element: <Probe /> }], {
      initialEntries: ['/users'],
    });
    render(<RouterProvider router={router} />);
    const at = () => router.state.location.search;
    act(() => list?.set((now) => ({ ...now, page: 1 })));
    expect(at()).toBe('?page=2');
    // The grid's panel adds an empty row: the address is unchanged, the row is kept.
    act(() => list?.set((now) => ({ ...now, page: 0, filters: [{ field: 'email', operator: 'contains' }] })));
    expect(list?.state.filters).toEqual([{ field: 'email', operator: 'contains' }]);
    act(() =>
      list?.set((now) => ({
        ...now,
        page: 0,
        filters: [{ field: 'email', operator: 'contains', value: 'ja' }],
      })),
    );
    expect(at()).toBe('?email=ja');
    act(() =>
      list?.set((now) => ({ ...now, filters: [{ field: 'email', operator: 'contains', value: 'jane' }] })),
    );
    expect(at()).toBe('?email=jane');
    expect(list?.state.filters).toEqual([{ field: 'email', operator: 'contains', value: 'jane' }]);
    // Typing replaced the entries (as the search does): one Back is the list before it, unfiltered.
    await act(() => router.navigate(-1));
    expect(at()).toBe('');
    expect(list?.state).toMatchObject({ page: 0, filters: [] });
  });

  it("useAddressFilter: a page's own filter shows the choice at once, lands in the address and returns to page 1", async () => {
    let filter: [string, (value: string) => void] | undefined;
    function Probe() {
      filter = useAddressFilter('unclaimed');
      return null;
    }
    const router = createMemoryRouter([{ path: '/auth-devices', element: <Probe /> }], {
      initialEntries: ['/auth-devices?q=77&page=3'],
    });
    render(<RouterProvider router={router} />);
    expect(filter?.[0]).toBe('');
    act(() => filter?.[1]('true'));
    expect(filter?.[0]).toBe('true');
    expect(router.state.location.search).toBe('?q=77&unclaimed=true');
    act(() => filter?.[1](''));
    expect(router.state.location.search).toBe('?q=77');
    expect(filter?.[0]).toBe('');
    await act(() => router.navigate(-1));
    expect(filter?.[0]).toBe('true');
  });
});
