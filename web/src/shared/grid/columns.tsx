import type { GridValidRowModel } from '@mui/x-data-grid';
import { type ReactNode, Suspense } from 'react';
import type { ServerColumn } from './grid-query.ts';

/**
 * A row-actions column: not sortable, not filterable; its buttons are lazy components (they come
 * with the grid, not with the page), shown when they arrive.
 */
export function actionsColumn<Row extends GridValidRowModel>(
  headerName: string,
  width: number,
  render: (row: Row) => ReactNode,
): ServerColumn<Row> {
  return {
    field: 'actions',
    headerName,
    sortable: false,
    width,
    renderCell: ({ row }) => <Suspense fallback={null}>{render(row)}</Suspense>,
  };
}
