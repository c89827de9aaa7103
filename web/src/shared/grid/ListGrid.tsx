import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { GridValidRowModel } from '@mui/x-data-grid';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';
import type { ServerColumn } from './grid-query.ts';
import { LazyServerGrid } from './LazyServerGrid.tsx';
import type { GridPhone } from './phone.tsx';
import type { GridSelection } from './ServerGrid.tsx';
import type { useServerList } from './use-server-list.ts';

/** What to do about an empty list (issue 28: add one, import, clear the filters), under the grid. */
export function ListEmpty({ children }: { children: ReactNode }) {
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ flexWrap: 'wrap', justifyContent: 'center', py: 2 }}
      data-testid="list-empty"
    >
      {children}
    </Stack>
  );
}

export interface ListGridProps<Row extends GridValidRowModel> {
  list: ReturnType<typeof useServerList<Row>>;
  label: string;
  columns: readonly ServerColumn<Row>[];
  /** The list holds nothing at all ('No devices yet'). */
  emptyText: string;
  /** What to do about an empty list (Add a device, Import), under `emptyText`. */
  emptyActions?: ReactNode;
  /** Nothing matches the search and filters ('No device matches these filters'), with Clear filters. */
  noMatchText?: string | undefined;
  /** The page's own filters narrow the list too (they live beside the list's state). */
  filtered?: boolean | undefined;
  /** Clears the page's own filters as well as the list's search and column filters. */
  onClearFilters?: (() => void) | undefined;
  /** The page shows filters of its own beside the grid (the grid's are then Column filters). */
  pageFilters?: boolean | undefined;
  selection?: GridSelection | undefined;
  /**
   * The grid on a phone (issue 28): the columns always shown (`keep`), those the user may add one
   * of (`choices`, the default first) and a row's name (`title`); by default the first two visible columns.
   */
  phone?: GridPhone<Row> | undefined;
}

/**
 * A server list's grid with its load error (and Try again) above it, and an empty state that
 * says what to do next: what every list page shows under its toolbar.
 */
export function ListGrid<Row extends GridValidRowModel>({
  list,
  label,
  columns,
  emptyText,
  emptyActions,
  noMatchText,
  filtered = list.filtered,
  onClearFilters = list.clearFilters,
  pageFilters,
  selection,
  phone,
}: ListGridProps<Row>) {
  const { t } = useTranslation();
  // The grid's own overlay holds words only: a grid (role="grid") may hold rows and nothing else
  // a screen reader acts on, so what to do next (Clear filters, Add a device) comes under it.
  const noMatch = filtered && noMatchText !== undefined;
  const overlay = list.error ? '' : noMatch ? noMatchText : emptyText;
  const settled = !list.error && !list.loading && list.rows.length === 0;
  let next: ReactNode;
  if (settled && noMatch) {
    next = (
      <Button variant="outlined" onClick={onClearFilters} data-testid="list-clear-filters">
        {t('grid.clearFilters')}
      </Button>
    );
  } else if (settled && emptyActions && !filtered) next = emptyActions;
  return (
    <>
      {list.error && (
        <ErrorAlert
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={list.retry} data-testid="list-retry">
              {t('grid.tryAgain')}
            </Button>
          }
        >
          {list.error}
        </ErrorAlert>
      )}
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
        density={list.density}
        onDensityChange={list.setDensity}
        columnWidths={list.widths}
        onColumnWidthChange={list.setWidth}
        emptyText={emptyText}
        empty={overlay}
        selection={selection}
        pageFilters={pageFilters}
        phone={phone}
        phoneColumn={list.phoneColumn}
        onPhoneColumnChange={list.setPhoneColumn}
      />
      {next && <ListEmpty>{next}</ListEmpty>}
    </>
  );
}
