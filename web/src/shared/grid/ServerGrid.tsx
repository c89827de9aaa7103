import {
  DataGrid,
  type GridColDef,
  type GridFilterModel,
  type GridFilterOperator,
  GridOverlay,
  type GridPaginationModel,
  GridPreferencePanelsValue,
  type GridRowSelectionModel,
  type GridSortModel,
  type GridValidRowModel,
  getGridNumericOperators,
  getGridSingleSelectOperators,
  getGridStringOperators,
  useGridApiRef,
} from '@mui/x-data-grid';
import { jaJP } from '@mui/x-data-grid/locales';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { readCspNonce } from '../lib/csp-nonce.ts';
import { ensureArea } from '../lib/i18n.ts';
import { GridToolbar } from './GridToolbar.tsx';
import {
  type ColumnWidths,
  DEFAULT_DENSITY,
  type GridDensity,
  gridBaseHeights,
  withStoredWidth,
} from './grid-preferences.ts';
import {
  type ColumnVisibility,
  filterOperatorOf,
  type GridQueryState,
  hasColumnFilters,
  PAGE_SIZES,
  type ServerColumn,
} from './grid-query.ts';
import type { GridPanel } from './StaticGrid.tsx';

// The grids bring their own strings (the `grid` area of the catalogue).
await ensureArea('grid');

export interface ServerGridProps<Row extends GridValidRowModel> {
  /** Names the grid for assistive technology. */
  label: string;
  columns: readonly ServerColumn<Row>[];
  rows: readonly Row[];
  total: number;
  /** The server stopped counting at `total`: there are more rows than that. */
  capped?: boolean | undefined;
  loading: boolean;
  state: GridQueryState;
  onStateChange: (next: GridQueryState) => void;
  columnVisibility: ColumnVisibility;
  onColumnVisibilityChange: (next: ColumnVisibility) => void;
  /** How tall the rows are (the user's choice, kept in user storage). */
  density?: GridDensity | undefined;
  onDensityChange?: ((next: GridDensity) => void) | undefined;
  /** Widths the user gave columns by dragging their edge, by field. */
  columnWidths?: ColumnWidths | undefined;
  onColumnWidthChange?: ((field: string, width: number) => void) | undefined;
  /** Shown in the grid when there is no row (and nothing failed). */
  emptyText: string;
  /** Shown instead of `emptyText` when given: what to do next (add one, clear the filters). */
  empty?: ReactNode;
  /** A panel to open once mounted: the one a click on the first paint asked for. */
  initialPanel?: GridPanel | undefined;
  /** Checkbox selection, kept by the page across pages (bulk actions). */
  selection?: GridSelection | undefined;
  /** A control at the toolbar's start, on both paints (a phone's column choice, phone.tsx). */
  toolbarStart?: ReactNode;
  /** The page has filters of its own beside the grid: the grid's are named Column filters. */
  pageFilters?: boolean | undefined;
}

/** The selected rows' ids and how the page hears of a change. */
export interface GridSelection {
  ids: readonly (string | number)[];
  onChange: (ids: (string | number)[]) => void;
}

const japanese = jaJP.components.MuiDataGrid.defaultProps.localeText;
/** A capped total means more rows than the cap past this page: there is always a next page. */
const CAPPED_META = { hasNextPage: true } as const;
/** The grid writes its CSS variables in a <style> of its own: it needs the page's CSP nonce. */
const nonce = typeof document === 'undefined' ? undefined : readCspNonce(document);

const SLOTS = { toolbar: GridToolbar, noRowsOverlay: GridOverlay, noResultsOverlay: GridOverlay } as const;
const NO_WIDTHS: ColumnWidths = {};
const GRID_SX = { minHeight: 320 } as const;
const PAGE_SIZE_OPTIONS = [...PAGE_SIZES];

function operatorsOf(type: GridColDef['type']): GridFilterOperator[] {
  if (type === 'number') return getGridNumericOperators() as GridFilterOperator[];
  if (type === 'singleSelect') return getGridSingleSelectOperators() as GridFilterOperator[];
  return getGridStringOperators() as GridFilterOperator[];
}

/** The grid's columns: each filterable by the one operator its list parameter supports, or not at all. */
function gridColumns<Row extends GridValidRowModel>(
  columns: readonly ServerColumn<Row>[],
  widths: ColumnWidths,
): GridColDef<Row>[] {
  return columns.map((server) => {
    const operator = filterOperatorOf(server as ServerColumn<GridValidRowModel>);
    const { filter: _filter, ...column } = withStoredWidth(server, widths);
    if (!operator) return { ...column, filterable: false } as GridColDef<Row>;
    const filterOperators = operatorsOf(column.type).filter((candidate) => candidate.value === operator);
    return { ...column, filterable: true, filterOperators } as GridColDef<Row>;
  });
}

/** The Columns panel lists the columns a user may hide (not a phone's details button). */
const togglable = (columns: GridColDef[]) =>
  columns.filter((column) => column.hideable !== false).map((column) => column.field);

/**
 * MUI X DataGrid over a server-side list: the page, sort and filters are the caller's state
 * (spec §7 list conventions, turned into a query by grid-query.ts), so every change asks the
 * server; the column choice is the caller's too (kept in user storage). It is its own chunk: a
 * page shows its frame first and the grid when it arrives (first-load budget).
 */
export function ServerGrid<Row extends GridValidRowModel>({
  label,
  columns,
  rows,
  total,
  capped,
  loading,
  state,
  onStateChange,
  columnVisibility,
  onColumnVisibilityChange,
  density = DEFAULT_DENSITY,
  onDensityChange,
  columnWidths = NO_WIDTHS,
  onColumnWidthChange,
  emptyText,
  empty,
  initialPanel,
  selection,
  toolbarStart,
  pageFilters = false,
}: ServerGridProps<Row>) {
  const { t, i18n } = useTranslation();
  const apiRef = useGridApiRef();
  // Only the panel asked for when the grid arrived: later renders leave the panels to the user.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on mount only
  useEffect(() => {
    if (initialPanel && initialPanel !== 'density') {
      apiRef.current?.showPreferences(GridPreferencePanelsValue[initialPanel]);
    }
  }, []);
  const gridCols = useMemo(() => gridColumns(columns, columnWidths), [columns, columnWidths]);
  // The grid compares its controlled models by reference: a new object on every render would
  // make it re-apply them (and re-render) each time the page renders.
  const pagination: GridPaginationModel = useMemo(
    () => ({ page: state.page, pageSize: state.pageSize }),
    [state.page, state.pageSize],
  );
  const sortModel: GridSortModel = useMemo(
    () => state.sort.map((key) => ({ field: key.field, sort: key.sort ?? null })),
    [state.sort],
  );
  const filterModel: GridFilterModel = useMemo(
    () => ({ items: state.filters.map((item, index) => ({ id: index, ...item })) }),
    [state.filters],
  );
  const selectionModel: GridRowSelectionModel | undefined = useMemo(
    () => (selection ? { type: 'include', ids: new Set(selection.ids) } : undefined),
    [selection],
  );
  const fixedColumns = columns.some((column) => column.hideable === false);
  const columnFilters = hasColumnFilters(columns);
  // The empty state is the page's (words and buttons), in the grid's overlay.
  const slotProps = useMemo(() => {
    const overlay = { children: empty ?? emptyText };
    return {
      toolbar: {
        densityOpen: initialPanel === 'density',
        pageFilters,
        columnFilters,
        ...(toolbarStart ? { start: toolbarStart } : {}),
      },
      noRowsOverlay: overlay,
      noResultsOverlay: overlay,
      ...(fixedColumns ? { columnsManagement: { getTogglableColumns: togglable } } : {}),
    };
  }, [empty, emptyText, initialPanel, toolbarStart, fixedColumns, pageFilters, columnFilters]);
  const localeText = useMemo(
    () => ({
      ...(i18n.language === 'ja' ? japanese : {}),
      noRowsLabel: emptyText,
      noResultsOverlayLabel: emptyText,
      // An uncounted total: the grid would say "more than" the page's last row; we know more.
      ...(capped
        ? {
            paginationDisplayedRows: ({ from, to }: { from: number; to: number }) =>
              t('grid.rangeMore', { from, to, count: total }),
          }
        : {}),
    }),
    [i18n.language, emptyText, capped, total, t],
  );
  return (
    <DataGrid
      apiRef={apiRef}
      aria-label={label}
      {...(nonce ? { nonce } : {})}
      columns={gridCols}
      rows={rows as Row[]}
      rowCount={capped ? -1 : total}
      {...(capped ? { paginationMeta: CAPPED_META } : {})}
      loading={loading}
      paginationMode="server"
      sortingMode="server"
      filterMode="server"
      disableColumnFilter={!columnFilters}
      paginationModel={pagination}
      onPaginationModelChange={(next) =>
        onStateChange({ ...state, page: next.page, pageSize: next.pageSize })
      }
      sortModel={sortModel}
      onSortModelChange={(next) =>
        onStateChange({ ...state, page: 0, sort: next.map((key) => ({ field: key.field, sort: key.sort })) })
      }
      filterModel={filterModel}
      onFilterModelChange={(next) =>
        onStateChange({
          ...state,
          page: 0,
          filters: next.items.map((item) => ({
            field: item.field,
            operator: item.operator,
            value: item.value,
          })),
        })
      }
      columnVisibilityModel={columnVisibility}
      onColumnVisibilityModelChange={(next) => onColumnVisibilityChange(next)}
      density={density}
      {...gridBaseHeights(density)}
      {...(onDensityChange ? { onDensityChange } : {})}
      {...(onColumnWidthChange
        ? { onColumnWidthChange: ({ colDef, width }) => onColumnWidthChange(colDef.field, width) }
        : {})}
      pageSizeOptions={PAGE_SIZE_OPTIONS}
      disableRowSelectionOnClick
      {...(selection && selectionModel
        ? {
            checkboxSelection: true,
            keepNonExistentRowsSelected: true,
            rowSelectionModel: selectionModel,
            onRowSelectionModelChange: (next: GridRowSelectionModel) => selection.onChange([...next.ids]),
          }
        : {})}
      disableColumnSelector={false}
      showToolbar
      slots={SLOTS}
      slotProps={slotProps}
      localeText={localeText}
      autoHeight={false}
      sx={GRID_SX}
    />
  );
}
