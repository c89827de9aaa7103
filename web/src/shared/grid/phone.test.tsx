// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ensureArea, initI18n } from '../lib/i18n.ts';
import type { UserStorage } from '../lib/user-storage.ts';
import type { ServerColumn } from './grid-query.ts';
import { ListGrid } from './ListGrid.tsx';
import { mergeVisibility, phoneLayout } from './phone.tsx';
import { listWrapper } from './testing.tsx';
import { useServerList } from './use-server-list.ts';

interface Device {
  id: number;
  status: string;
  name: string;
  serial: string;
  model: string;
}

// A device's name is whatever its owner typed: markup in it must stay text.
const UNTRUSTED = '<img src=x onerror=alert(1)>Depot';

vi.mock('../lib/api.ts', () => ({
  api: {
    http: {
      get: vi.fn(async () => ({
        data: {
          data: [{ id: 7, status: 'online', name: UNTRUSTED, serial: 'SN-7', model: 'RUT241' }],
          meta: { total: 1 },
        },
      })),
    },
  },
}));
// The full grid stands in as a marker: the phone layout is checked on the first paint.
vi.mock('./ServerGrid.tsx', () => ({ ServerGrid: () => <div data-testid="full-grid" /> }));

const columns: ServerColumn<Device>[] = [
  { field: 'status', headerName: 'Status', width: 120 },
  {
    field: 'name',
    headerName: 'Name',
    flex: 1.5,
    minWidth: 180,
    renderCell: ({ row }) => <a href={`/devices/${row.id}`}>{row.name}</a>,
  },
  { field: 'serial', headerName: 'Serial', width: 130 },
  { field: 'model', headerName: 'Model', width: 110 },
];

/** The screen is as wide as a phone: `theme.breakpoints.down('sm')` matches. */
function phoneScreen(phone: boolean) {
  window.matchMedia = vi.fn((query: string) => ({
    matches: phone && query.includes('max-width'),
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
}

function Devices() {
  const list = useServerList<Device>({ gridId: 'devices', url: '/devices', queryKey: ['devices'] });
  return (
    <ListGrid<Device>
      list={list}
      label="Devices"
      columns={columns}
      emptyText="No devices"
      phone={{ keep: ['status', 'name'] }}
    />
  );
}

function renderDevices(stored: Record<string, unknown>) {
  const set = vi.fn(async (_key: string, _value: unknown) => undefined);
  const storage = { get: (key: string) => stored[key], set } as unknown as UserStorage;
  const wrapper = listWrapper(storage);
  render(<Devices />, { wrapper });
  return { set };
}

const headers = () => screen.getAllByRole('columnheader').map((header) => header.textContent);

beforeAll(async () => {
  await ensureArea('grid');
  if (!i18next.isInitialized) initI18n(['en']);
});
beforeEach(() => phoneScreen(true));
afterEach(cleanup);

// Issue 28: on a phone a list shows its kept columns, one the user chooses, the rest in a sheet.
describe('ListGrid on a phone', () => {
  it('shows the kept columns and the first other one only, with a details button per row', async () => {
    renderDevices({});
    // The page's link stays the grid's.
    expect((await screen.findByRole('link', { name: UNTRUSTED })).getAttribute('href')).toBe('/devices/7');
    expect(headers()).toEqual(['Status', 'Name', 'Serial', '']);
    expect(screen.queryByText('RUT241')).toBeNull();
    expect(screen.getByRole('button', { name: `Details: ${UNTRUSTED}` })).toBeTruthy();
  });

  it("the details button opens the row's other fields as text, and closes", async () => {
    renderDevices({});
    fireEvent.click(await screen.findByRole('button', { name: `Details: ${UNTRUSTED}` }));
    const sheet = await screen.findByRole('dialog', { name: UNTRUSTED });
    const terms = within(sheet)
      .getAllByRole('term')
      .map((term) => term.textContent);
    expect(terms).toEqual(['Model']);
    expect(within(sheet).getByRole('definition').textContent).toBe('RUT241');
    // The name is the heading's text: no element came out of it.
    expect(document.querySelector('img')).toBeNull();
    fireEvent.click(within(sheet).getByRole('button', { name: 'Close details' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The sheet's presses never woke the full grid.
    expect(screen.queryByTestId('full-grid')).toBeNull();
  });

  it('a chosen column replaces the other at once, is saved per grid, and comes back from storage', async () => {
    const { set } = renderDevices({});
    const choice = await screen.findByRole('combobox', { name: 'Column' });
    fireEvent.change(choice, { target: { value: 'model' } });
    expect(headers()).toEqual(['Status', 'Name', 'Model', '']);
    expect(set).toHaveBeenCalledWith('grid.devices.phone', 'model');
    cleanup();
    renderDevices({ 'grid.devices.phone': 'model' });
    await screen.findByText('RUT241');
    expect(headers()).toEqual(['Status', 'Name', 'Model', '']);
    expect((screen.getByRole('combobox', { name: 'Column' }) as HTMLSelectElement).value).toBe('model');
  });

  it('on a wider screen every visible column shows, with no details button or column choice', async () => {
    phoneScreen(false);
    renderDevices({ 'grid.devices.phone': 'model' });
    await screen.findByText('RUT241');
    expect(headers()).toEqual(['Status', 'Name', 'Serial', 'Model']);
    expect(screen.queryByRole('combobox', { name: 'Column' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Details/ })).toBeNull();
  });
});

describe('phoneLayout', () => {
  it('keeps the first two visible columns by default and never chooses a hidden one', () => {
    const layout = phoneLayout(columns, { status: false }, undefined, 'status');
    expect(layout.shown.map((column) => column.field)).toEqual(['name', 'serial', 'model']);
    expect(layout.chosen).toBe('model');
    expect(layout.rest).toEqual([]);
  });

  it("offers the page's choices only, and gives the name the room a fixed column gives up", () => {
    const layout = phoneLayout(columns, {}, { keep: ['status', 'name'], choices: ['model'] }, 'serial');
    expect(layout.choices.map((column) => column.field)).toEqual(['model']);
    expect(layout.rest.map((column) => column.field)).toEqual(['serial']);
    const [status, name] = layout.shown;
    // A fixed column is at most 92 px on a phone; the name takes what is left.
    expect(status).toMatchObject({ width: 92 });
    expect(status).not.toHaveProperty('flex');
    expect(name).toMatchObject({ flex: 1, minWidth: 96 });
  });

  it('lets the first flexible kept column grow; a flexible chosen column is as narrow as a fixed one', () => {
    const logColumns: ServerColumn<Device>[] = [
      { field: 'at', headerName: 'When', width: 180 },
      { field: 'event', headerName: 'Action', flex: 2, minWidth: 320 },
      { field: 'subject', headerName: 'Item', flex: 1 },
    ];
    const layout = phoneLayout(logColumns, {}, { keep: ['event'], choices: ['subject', 'at'] }, undefined);
    expect(layout.shown.map((column) => column.field)).toEqual(['event', 'subject']);
    const [event, subject] = layout.shown;
    expect(event).toMatchObject({ flex: 1, minWidth: 96 });
    expect(subject).toMatchObject({ width: 92 });
    expect(subject).not.toHaveProperty('flex');
  });

  it("takes the page's first choice as the default, in the page's order, when nothing usable is stored", () => {
    const layout = phoneLayout(
      columns,
      {},
      { keep: ['status', 'name'], choices: ['model', 'serial'] },
      'gone',
    );
    expect(layout.choices.map((column) => column.field)).toEqual(['model', 'serial']);
    expect(layout.chosen).toBe('model');
    expect(layout.rest.map((column) => column.field)).toEqual(['serial']);
  });
});

describe('mergeVisibility', () => {
  it("saves what the user toggled on a phone, not the columns the phone's layout hid", () => {
    const user = { model: false };
    const passed = { status: true, name: true, serial: true, model: false, mac: false };
    const next = { ...passed, serial: false };
    expect(mergeVisibility(user, passed, next)).toEqual({ model: false, serial: false });
  });
});
