// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ensureArea, initI18n } from '../lib/i18n.ts';
import { initialGridState, type ServerColumn } from './grid-query.ts';
import { StaticGrid } from './StaticGrid.tsx';

interface Row {
  id: number;
  name: string;
  level: number;
  created_at: string;
}

const columns: ServerColumn<Row>[] = [
  { field: 'id', headerName: 'ID', type: 'number', width: 90 },
  {
    field: 'name',
    headerName: 'Name',
    flex: 1,
    filter: { param: 'name', match: 'contains' },
    renderCell: ({ row }) => <a href={`/c/${row.id}`}>{row.name}</a>,
  },
  {
    field: 'level',
    headerName: 'Level',
    type: 'singleSelect',
    valueOptions: [
      { value: 1, label: '1st level company' },
      { value: 2, label: '2nd level company' },
    ],
  },
  { field: 'created_at', headerName: 'Created', valueFormatter: (value: string) => value.slice(0, 4) },
  { field: 'actions', headerName: 'Actions', sortable: false },
];

const rows: Row[] = [
  { id: 7, name: 'Acme', level: 1, created_at: '2026-01-02' },
  { id: 9, name: 'Acme West', level: 2, created_at: '2025-05-06' },
];

function renderGrid(overrides: Partial<Parameters<typeof StaticGrid<Row>>[0]> = {}) {
  const onStateChange = vi.fn();
  const onWake = vi.fn();
  const state = initialGridState({ pageSize: 25 });
  render(
    <StaticGrid<Row>
      label="Companies"
      columns={columns}
      rows={rows}
      total={60}
      loading={false}
      state={state}
      onStateChange={onStateChange}
      columnVisibility={{ created_at: false }}
      onColumnVisibilityChange={() => undefined}
      emptyText="No companies"
      onWake={onWake}
      {...overrides}
    />,
  );
  return { onStateChange, onWake, state };
}

beforeAll(async () => {
  await ensureArea('grid');
  if (!i18next.isInitialized) initI18n(['en']);
});

afterEach(cleanup);

describe('StaticGrid: the first paint of a server list', () => {
  it('shows the rows as the full grid does: rendered cells, option labels, formatted values, chosen columns only', () => {
    renderGrid({ columnVisibility: {} });
    const grid = screen.getByRole('grid', { name: 'Companies' });
    const [, first, second] = within(grid).getAllByRole('row');
    expect(
      within(first as HTMLElement)
        .getByRole('link', { name: 'Acme' })
        .getAttribute('href'),
    ).toBe('/c/7');
    expect(first?.textContent).toContain('1st level company');
    expect(second?.textContent).toContain('2nd level company');
    expect(first?.textContent).toContain('2026');
    expect(first?.textContent).not.toContain('2026-01-02');
  });

  it('hides the columns the user chose to hide', () => {
    renderGrid();
    expect(screen.queryByRole('columnheader', { name: 'Created' })).toBeNull();
    expect(screen.getByRole('columnheader', { name: 'Name' })).toBeTruthy();
  });

  it('sorts by a header click (ascending, descending, off) and never by an unsortable column', () => {
    const { onStateChange, state } = renderGrid();
    fireEvent.click(screen.getByRole('columnheader', { name: 'Name' }));
    expect(onStateChange).toHaveBeenLastCalledWith({
      ...state,
      page: 0,
      sort: [{ field: 'name', sort: 'asc' }],
    });
    fireEvent.click(screen.getByRole('columnheader', { name: 'Actions' }));
    expect(onStateChange).toHaveBeenCalledTimes(1);
  });

  it('pages: "1–25 of 60", the previous page disabled on the first one', () => {
    const { onStateChange, state } = renderGrid();
    expect(screen.getByText('1–25 of 60')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Go to previous page' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(onStateChange).toHaveBeenLastCalledWith({ ...state, page: 1 });
  });

  it('asks for the full grid on a press, and for its panel from Columns and Filters', () => {
    const { onWake } = renderGrid();
    const frame = screen.getByTestId('grid-first-paint');
    // Hovering or tabbing in does not: what is under the pointer or focused stays.
    fireEvent.pointerEnter(frame);
    fireEvent.focus(within(frame).getAllByRole('link')[0] as HTMLElement);
    expect(onWake).not.toHaveBeenCalled();
    fireEvent.pointerDown(frame);
    expect(onWake).toHaveBeenLastCalledWith();
    fireEvent.click(screen.getByRole('button', { name: 'Columns' }));
    expect(onWake).toHaveBeenLastCalledWith('columns');
    fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
    expect(onWake).toHaveBeenLastCalledWith('filters');
  });

  it("counts the grid's filters as the full grid's toolbar does; beside a page's own filters they are Column filters", () => {
    const filtered = {
      ...initialGridState({ pageSize: 25 }),
      filters: [{ field: 'name', operator: 'contains', value: 'Acme' }],
    };
    renderGrid({ state: filtered });
    expect(screen.getByRole('button', { name: 'Filters (1)' })).toBeTruthy();
    cleanup();
    renderGrid({ pageFilters: true });
    expect(screen.getByRole('button', { name: 'Column filters' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Filters' })).toBeNull();
  });

  it('offers no Filters button where no column can be filtered (its panel would be empty)', () => {
    renderGrid({ columns: columns.map(({ filter: _filter, ...column }) => column) });
    expect(screen.getByRole('button', { name: 'Columns' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /filters/i })).toBeNull();
  });

  it("names its checkboxes as the full grid does: a checked row's box says Unselect row", () => {
    const onChange = vi.fn();
    const { rerender } = render(<></>);
    const draw = (ids: number[]) => (
      <StaticGrid<Row>
        label="Companies"
        columns={columns}
        rows={rows}
        total={2}
        loading={false}
        state={initialGridState({ pageSize: 25 })}
        onStateChange={() => undefined}
        columnVisibility={{}}
        onColumnVisibilityChange={() => undefined}
        emptyText="No companies"
        onWake={() => undefined}
        selection={{ ids, onChange }}
      />
    );
    rerender(draw([]));
    expect(screen.getAllByRole('checkbox', { name: 'Select row' })).toHaveLength(2);
    fireEvent.click(screen.getAllByRole('checkbox', { name: 'Select row' })[0] as HTMLElement);
    expect(onChange).toHaveBeenLastCalledWith([7]);
    rerender(draw([7]));
    expect(screen.getAllByRole('checkbox', { name: 'Unselect row' })).toHaveLength(1);
    expect(screen.getByRole('checkbox', { name: 'Select all rows' })).toBeTruthy();
    rerender(draw([7, 9]));
    expect(screen.getByRole('checkbox', { name: 'Unselect all rows' })).toBeTruthy();
  });

  it('says the list is empty once it has loaded, and nothing while it loads', () => {
    renderGrid({ rows: [], total: 0, loading: true });
    expect(screen.queryByText('No companies')).toBeNull();
  });
});
