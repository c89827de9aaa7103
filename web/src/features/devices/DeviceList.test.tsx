// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderWithForms, testUser } from '../../shared/forms/testing.tsx';
import { realtime } from '../../shared/realtime/socket.ts';
import { DeviceList } from './DeviceList.tsx';

// The add dialogs are stand-ins, so the test sees which add action the empty state asks for.
const opened = vi.hoisted(() => ({ calls: [] as string[][] }));
vi.mock('./dialogs/AddDeviceDialog.tsx', () => ({
  openAddDevice: async () => {
    opened.calls.push(['form']);
  },
}));
vi.mock('./dialogs/AddDevicesDialog.tsx', () => ({
  openAddDevices: async (mode: string) => {
    opened.calls.push([mode]);
  },
}));

beforeEach(() => {
  vi.spyOn(realtime, 'listen').mockImplementation(() => () => undefined);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  opened.calls = [];
});

const page = (rows: unknown[]) => () => ({ status: 200, data: { data: rows, meta: { total: rows.length } } });
const DEVICE = { id: 5, name: 'Depot router', serial: '1100000001', status: 'online', tags: [] };

function openList(address: string, permissions = ['manage_devices']) {
  const router = createMemoryRouter([{ path: '/management/devices', element: <DeviceList /> }], {
    initialEntries: [address],
  });
  renderWithForms(<RouterProvider router={router} />, { user: testUser(permissions) });
  return { router, user: userEvent.setup() };
}

// Issue 28: an empty or failed list says what to do next, in the grid's place.
describe('the devices list: empty, no match and error states', () => {
  it('no devices at all: says so, and offers Add a device and Import (the toolbar’s own actions)', async () => {
    fakeApi({ 'GET /devices': page([]) });
    const { user } = openList('/management/devices');
    expect(await screen.findByText('There are no devices yet.')).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Add a device' }));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(opened.calls).toEqual([['form'], ['file']]));
  });

  it('no device matches the filters: Clear filters takes the filters and the search out of the address', async () => {
    const server = fakeApi({
      'GET /devices': (request) => page(request.params.status ? [] : [DEVICE])(),
    });
    const { router, user } = openList('/management/devices?status=offline&q=depot&sort=-name');
    expect(await screen.findByText('No device matches these filters')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add a device' })).toBeNull();
    // The active filter is a chip beside the Filters button, which counts it.
    expect((await screen.findByTestId('filter-chip-status')).textContent).toBe('Status: Offline');
    expect(screen.getByTestId('open-filters').textContent).toBe('Filters (1)');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    // The sort is not a filter: it stays.
    await waitFor(() => expect(router.state.location.search).toBe('?sort=-name'));
    expect(await screen.findByRole('link', { name: 'Depot router' })).toBeTruthy();
    expect(server.requests('GET /devices').at(-1)?.params).not.toHaveProperty('status');
  });

  it('a failed load says why and offers Try again, which asks again', async () => {
    const server = fakeApi({
      'GET /devices': (_request, nth) =>
        nth === 1 ? { status: 500, data: { errors: [{ message: 'The server failed.' }] } } : page([DEVICE])(),
    });
    const { user } = openList('/management/devices', []);
    expect(await screen.findByRole('alert')).toBeTruthy();
    // The alert's own code arrives after its words (first-load budget): its button is the one to press.
    await waitFor(() => expect(document.querySelector('.MuiAlert-root')).not.toBeNull());
    expect(screen.queryByText('There are no devices yet.')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(server.requests('GET /devices')).toHaveLength(2);
    expect(await screen.findByRole('link', { name: 'Depot router' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull());
  });
});
