// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ensureArea, initI18n } from '../lib/i18n.ts';
import { initialGridState, type ServerColumn } from './grid-query.ts';
import { LazyServerGrid } from './LazyServerGrid.tsx';

// The full grid (MUI X) stands in as a plain table: what matters is when it takes the first paint's place.
vi.mock('./ServerGrid.tsx', () => ({
  ServerGrid: () => <div data-testid="full-grid">the full grid</div>,
}));

interface Row {
  id: number;
  name: string;
}

beforeAll(async () => {
  await ensureArea('grid');
  if (!i18next.isInitialized) initI18n(['en']);
});
afterEach(cleanup);

describe('LazyServerGrid: the first paint gives way to the full grid', () => {
  it('a press that wakes it finishes on the first paint: the button under it gets its click, then the full grid comes', async () => {
    const opened = vi.fn();
    const columns: ServerColumn<Row>[] = [
      {
        field: 'name',
        headerName: 'Name',
        renderCell: ({ row }) => (
          <button type="button" onClick={() => opened(row.id)}>
            Log of {row.name}
          </button>
        ),
      },
    ];
    render(
      <LazyServerGrid<Row>
        label="Tasks"
        columns={columns}
        rows={[{ id: 3, name: 'Depot 7' }]}
        total={1}
        loading={false}
        state={initialGridState({ pageSize: 25 })}
        onStateChange={() => undefined}
        columnVisibility={{}}
        onColumnVisibilityChange={() => undefined}
        emptyText="No tasks"
      />,
    );
    const button = screen.getByRole('button', { name: 'Log of Depot 7' });
    // Hovering leaves the first paint in place.
    fireEvent.pointerEnter(screen.getByTestId('grid-first-paint'));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(screen.queryByTestId('full-grid')).toBeNull();
    // A press: the pointer goes down (which asks for the full grid; its code arrives at once).
    fireEvent.pointerDown(button);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    // Still the first paint while the finger is down: the button is the same one.
    expect(screen.queryByTestId('full-grid')).toBeNull();
    expect(button.isConnected).toBe(true);
    fireEvent.pointerUp(button);
    fireEvent.click(button);
    expect(opened).toHaveBeenCalledWith(3);
    // Then the full grid takes its place.
    expect(await screen.findByTestId('full-grid')).toBeTruthy();
    expect(button.isConnected).toBe(false);
  });
});
