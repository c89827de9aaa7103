import type { GridValidRowModel } from '@mui/x-data-grid';
import { type ComponentType, useCallback, useEffect, useRef, useState } from 'react';
import type { ServerGridProps } from './ServerGrid.tsx';
import { type GridPanel, StaticGrid } from './StaticGrid.tsx';

type FullGrid = ComponentType<ServerGridProps<GridValidRowModel> & { initialPanel?: GridPanel | undefined }>;

/** The full grid once this tab has loaded it: later pages show it at once. */
let loaded: FullGrid | undefined;
let loading: Promise<FullGrid> | undefined;

function loadFullGrid(): Promise<FullGrid> {
  loading ??= import('./ServerGrid.tsx').then(
    (module) => {
      loaded = module.ServerGrid as unknown as FullGrid;
      return loaded;
    },
    (error: unknown) => {
      loading = undefined; // offline or a new build: the next reach for the grid tries again
      throw error;
    },
  );
  return loading;
}

/**
 * A server list's grid. Until the full grid (MUI X, its own chunk) is needed, the first paint is
 * StaticGrid: the same rows and columns, cheap to render; the first pointer, touch or focus on it
 * loads the full grid, which then takes its place (and opens the panel a click asked for). If the
 * chunk cannot load, the first paint stays: the list can still be read, sorted and paged.
 */
export function LazyServerGrid<Row extends GridValidRowModel>(props: ServerGridProps<Row>) {
  const [Grid, setGrid] = useState<FullGrid | undefined>(() => loaded);
  const [panel, setPanel] = useState<GridPanel>();
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );
  const wake = useCallback((asked?: GridPanel) => {
    if (asked) setPanel(asked);
    loadFullGrid().then(
      (grid) => {
        if (mounted.current) setGrid(() => grid);
      },
      () => undefined,
    );
  }, []);
  if (Grid) {
    return <Grid {...(props as unknown as ServerGridProps<GridValidRowModel>)} initialPanel={panel} />;
  }
  return <StaticGrid<Row> {...props} onWake={wake} />;
}
