import type { GridValidRowModel } from '@mui/x-data-grid';
import { type ComponentType, lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import type { PhoneGridOptions } from './phone.tsx';
import { usePhoneWidth } from './phone-width.ts';
import type { ServerGridProps } from './ServerGrid.tsx';
import { cellOf, type GridPanel, StaticGrid } from './StaticGrid.tsx';

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

// A phone's layout comes on phones only, asked for with the list's first render (issue 28).
const PhoneGrid = lazy(() =>
  import('./phone.tsx').then((module) => ({ default: module.PhoneGrid })),
) as unknown as typeof import('./phone.tsx').PhoneGrid;

/**
 * A press in progress (a pointer or finger down). The press that wakes the grid must finish on
 * the first paint: swapped between its down and its up, the button or link under it would be
 * gone and the browser would send no click (a tap on a row's link did nothing, once the grid's
 * chunk was cached and arrived within the tap).
 */
let pressed = false;
const afterPress: (() => void)[] = [];

// From the start: the press that wakes the grid is seen on its way down, before the grid hears it.
if (typeof document !== 'undefined') {
  document.addEventListener('pointerdown', () => (pressed = true), true);
  const release = () => {
    pressed = false;
    // After the click this release leads to, which the browser sends in the same task.
    setTimeout(() => {
      for (const swap of afterPress.splice(0)) swap();
    });
  };
  document.addEventListener('pointerup', release, true);
  document.addEventListener('pointercancel', release, true);
}

/**
 * A server list's grid. Until the full grid (MUI X, its own chunk) is needed, the first paint is
 * StaticGrid: the same rows and columns, cheap to render. The first press on it fetches the full
 * grid, which takes its place once the press has had its click (and opens the panel a click on
 * Columns or Filters asked for). If the
 * chunk cannot load, the first paint stays: the list can still be read, sorted and paged.
 */
export function LazyServerGrid<Row extends GridValidRowModel>({
  phone,
  phoneColumn,
  onPhoneColumnChange,
  ...given
}: ServerGridProps<Row> & PhoneGridOptions<Row>) {
  const isPhone = usePhoneWidth();
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
        // Now, or once the press in progress has had its click.
        const swap = () => mounted.current && setGrid(() => grid);
        if (pressed) afterPress.push(swap);
        else swap();
      },
      () => undefined,
    );
  }, []);
  const draw = (props: ServerGridProps<Row>) =>
    Grid ? (
      <Grid {...(props as unknown as ServerGridProps<GridValidRowModel>)} initialPanel={panel} />
    ) : (
      <StaticGrid<Row> {...props} onWake={wake} />
    );
  if (!isPhone) return draw(given);
  // On a phone both paints get the phone's columns; the open row's sheet stays across the swap.
  return (
    <Suspense fallback={null}>
      <PhoneGrid<Row> props={given} options={{ phone, phoneColumn, onPhoneColumnChange }} cell={cellOf}>
        {draw}
      </PhoneGrid>
    </Suspense>
  );
}
