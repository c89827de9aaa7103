import type { GridValidRowModel } from '@mui/x-data-grid';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';
import type { ServerColumn } from './grid-query.ts';
import { LazyServerGrid } from './LazyServerGrid.tsx';
import type { GridSelection } from './ServerGrid.tsx';
import type { useServerList } from './use-server-list.ts';

/** A server list's grid with its load error above it: what every list page shows under its toolbar. */
export function ListGrid<Row extends GridValidRowModel>({
  list,
  label,
  columns,
  emptyText,
  selection,
}: {
  list: ReturnType<typeof useServerList<Row>>;
  label: string;
  columns: readonly ServerColumn<Row>[];
  emptyText: string;
  selection?: GridSelection | undefined;
}) {
  return (
    <>
      {list.error && <ErrorAlert sx={{ mb: 2 }}>{list.error}</ErrorAlert>}
      <LazyServerGrid<Row>
        label={label}
        columns={columns}
        rows={list.rows}
        total={list.total}
        capped={list.capped}
        loading={list.loading}
        state={list.state}
        onStateChange={list.setState}
        columnVisibility={list.columns}
        onColumnVisibilityChange={list.setColumns}
        emptyText={emptyText}
        selection={selection}
      />
    </>
  );
}
