import type { GridValidRowModel } from '@mui/x-data-grid';
import { type ReactNode, Suspense } from 'react';
import { formatDateTime } from '../lib/dates.ts';
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

/** A date and time column in the user's language and time zone (spec §4: UTC on the wire). */
export function dateColumn<Row extends GridValidRowModel>(
  field: string,
  headerName: string,
  language: string,
  sortable = true,
): ServerColumn<Row> {
  return {
    field,
    headerName,
    width: 170,
    sortable,
    valueFormatter: (value: string | null) => (value ? formatDateTime(value, language) : ''),
  };
}
