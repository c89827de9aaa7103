import Box from '@mui/material/Box';
import type { GridValidRowModel } from '@mui/x-data-grid';
import { type ComponentType, lazy, Suspense } from 'react';
import type { ServerGridProps } from './ServerGrid.tsx';

const ServerGrid = lazy(() =>
  import('./ServerGrid.tsx').then((module) => ({ default: module.ServerGrid })),
) as unknown as ComponentType<ServerGridProps<GridValidRowModel>>;

/** The grid, fetched on first use behind a placeholder of its size (first-load budget). */
export function LazyServerGrid<Row extends GridValidRowModel>(props: ServerGridProps<Row>) {
  return (
    <Suspense
      fallback={
        <Box
          role="progressbar"
          aria-label={props.label}
          data-testid="grid-loading"
          sx={{ height: 420, borderRadius: 1, bgcolor: 'action.hover' }}
        />
      }
    >
      <ServerGrid {...(props as unknown as ServerGridProps<GridValidRowModel>)} />
    </Suspense>
  );
}
