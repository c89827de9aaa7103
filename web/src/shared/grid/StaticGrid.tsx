import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import type { GridValidRowModel } from '@mui/x-data-grid';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ensureArea } from '../lib/i18n.ts';
import { gridFiltersLabel } from './filters-label.ts';
import { type ColumnWidths, DEFAULT_DENSITY, ROW_HEIGHTS, withStoredWidth } from './grid-preferences.ts';
import { hasColumnFilters } from './grid-query.ts';
import type { ServerGridProps } from './ServerGrid.tsx';

// The grids bring their own strings (the `grid` area of the catalogue).
await ensureArea('grid');

/** A grid panel a click on the first paint asks for: the full grid opens it when it arrives. */
export type GridPanel = 'columns' | 'filters' | 'density';

type Column<Row extends GridValidRowModel> = ServerGridProps<Row>['columns'][number];

/** A cell as the full grid shows it: renderCell, else valueFormatter, else the value or its option label. */
export function cellOf<Row extends GridValidRowModel>(column: Column<Row>, row: Row): ReactNode {
  const raw = row[column.field];
  const value = column.valueGetter
    ? (column.valueGetter as (value: unknown, row: Row) => unknown)(raw, row)
    : raw;
  if (column.renderCell) {
    return (column.renderCell as (params: { row: Row; value: unknown; field: string }) => ReactNode)({
      row,
      value,
      field: column.field,
    });
  }
  if (column.valueFormatter) {
    return String((column.valueFormatter as (value: unknown, row: Row) => unknown)(value, row) ?? '');
  }
  const options = 'valueOptions' in column ? column.valueOptions : undefined;
  if (Array.isArray(options)) {
    const option = options.find(
      (candidate): candidate is { value: unknown; label: string } =>
        typeof candidate === 'object' && candidate.value === value,
    );
    if (option) return option.label;
  }
  return value === null || value === undefined ? '' : String(value);
}

const NO_WIDTHS: ColumnWidths = {};

function trackOf<Row extends GridValidRowModel>(column: Column<Row>): string {
  if (column.flex) return `minmax(${column.minWidth ?? 50}px, ${column.flex}fr)`;
  return `${column.width ?? 100}px`;
}

/**
 * One style for the whole grid (not one per cell: a page of cells styled one by one is what made
 * the first paint slow). Heights and paddings are the full grid's, so the swap does not move.
 */
const SX = {
  border: 1,
  borderColor: 'divider',
  borderRadius: 1,
  minHeight: 320,
  fontSize: '0.875rem',
  '& .bar': {
    display: 'flex',
    justifyContent: 'flex-end',
    alignItems: 'center',
    gap: 0.5,
    px: 1,
    minHeight: 44,
  },
  '& .top': { borderBottom: 1, borderColor: 'divider' },
  '& table': { display: 'block', overflowX: 'auto', borderCollapse: 'collapse' },
  '& thead, & tbody': { display: 'block' },
  '& tr': {
    display: 'grid',
    gridTemplateColumns: 'var(--grid-columns)',
    minWidth: 'min-content',
    height: 'var(--grid-row-height)',
    borderBottom: 1,
    borderColor: 'divider',
  },
  '& tr[data-busy]': { opacity: 0.6 },
  '& .head': { height: 'var(--grid-header-height)' },
  '& th': { fontWeight: 500, textAlign: 'start' },
  '& th, & td': {
    px: '10px',
    display: 'flex',
    alignItems: 'center',
    gap: 0.5,
    overflow: 'hidden',
    minWidth: 0,
    whiteSpace: 'nowrap',
  },
  '& [data-end]': { justifyContent: 'flex-end' },
  '& [data-sortable]': { cursor: 'pointer' },
  '& th > [aria-hidden]': { color: 'text.secondary', flexShrink: 0 },
  // A name or a value too long for its column ends in "…", as in the full grid.
  '& th > span, & td > span, & td > a': { overflow: 'hidden', textOverflow: 'ellipsis' },
  '& input[type=checkbox]': {
    width: 18,
    height: 18,
    m: '0 6px',
    accentColor: 'var(--mui-palette-primary-main, currentColor)',
  },
  '& .empty': { minHeight: 104, display: 'grid', placeItems: 'center', color: 'text.secondary' },
} as const;

/** A cell's text in a span of its own (a flex item), so that it can end in "…" when cut. */
const textual = (content: ReactNode): ReactNode =>
  typeof content === 'string' || typeof content === 'number' ? <span>{content}</span> : content;

/**
 * The grid's first paint: the page of rows the server answered, laid out as the full grid lays
 * it out (same columns, cells, heights and borders), with sorting by header and paging. The full
 * MUI X grid, a large chunk whose first render costs a slow phone about a second, replaces it from
 * the first press on it (`onWake`), so reading a list never waits for it and working with one gets
 * every feature of it. Hovering or tabbing in does not replace it: the link under the pointer and
 * the focused button stay where they are.
 */
export function StaticGrid<Row extends GridValidRowModel>({
  label,
  columns,
  rows,
  total,
  capped,
  loading,
  state,
  onStateChange,
  columnVisibility,
  density = DEFAULT_DENSITY,
  columnWidths = NO_WIDTHS,
  emptyText,
  empty,
  selection,
  toolbarStart,
  pageFilters = false,
  onWake,
}: ServerGridProps<Row> & { onWake: (panel?: GridPanel) => void }) {
  const { t } = useTranslation();
  const shown = columns.filter((column) => columnVisibility[column.field] !== false);
  const template = [
    ...(selection ? ['50px'] : []),
    ...shown.map((column) => trackOf(withStoredWidth(column, columnWidths))),
  ].join(' ');
  const heights = ROW_HEIGHTS[density];
  const selected = new Set(selection?.ids);
  const pageIds = rows.map((row) => row.id as string | number);
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  const toggle = (ids: readonly (string | number)[], on: boolean) => {
    if (!selection) return;
    const next = new Set(selected);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    selection.onChange([...next]);
  };
  const sortKey = state.sort[0];
  const from = total === 0 ? 0 : state.page * state.pageSize + 1;
  const to = Math.min(total, (state.page + 1) * state.pageSize);
  const rowCount = capped ? -1 : total + 1; // -1: ARIA's "not known" (the server stopped counting)
  const sortBy = (field: string) => {
    const next = sortKey?.field !== field ? 'asc' : sortKey.sort === 'asc' ? 'desc' : null;
    onStateChange({ ...state, page: 0, sort: next ? [{ field, sort: next }] : [] });
  };

  return (
    <Box
      data-testid="grid-first-paint"
      onPointerDown={() => onWake()}
      sx={SX}
      style={
        {
          '--grid-columns': template,
          '--grid-row-height': `${heights.row}px`,
          '--grid-header-height': `${heights.header}px`,
        } as CSSProperties
      }
    >
      <div className="bar top">
        {toolbarStart}
        {/* On a phone the column choice (`toolbarStart`) stands for the Columns panel. */}
        {!toolbarStart && (
          <Button size="small" onClick={() => onWake('columns')}>
            {t('grid.columns')}
          </Button>
        )}
        {hasColumnFilters(columns) && (
          <Button size="small" onClick={() => onWake('filters')}>
            {gridFiltersLabel(t, state.filters.length, pageFilters)}
          </Button>
        )}
        <Button size="small" onClick={() => onWake('density')} data-testid="grid-density">
          {t('grid.density')}
        </Button>
      </div>
      {/* biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: it stands in for the full grid, so assistive technology meets the same grid before and after the swap */}
      <table role="grid" tabIndex={0} aria-label={label} aria-rowcount={rowCount} aria-busy={loading}>
        <thead>
          <tr className="head">
            {selection && (
              <th scope="col">
                <input
                  type="checkbox"
                  aria-label={t(allOnPage ? 'grid.unselectPage' : 'grid.selectPage')}
                  checked={allOnPage}
                  onChange={(event) => toggle(pageIds, event.target.checked)}
                />
              </th>
            )}
            {shown.map((column) => {
              const sortable = column.sortable !== false;
              const direction = sortKey?.field === column.field ? sortKey.sort : null;
              return (
                <th
                  key={column.field}
                  scope="col"
                  aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none'}
                  data-end={column.type === 'number' || undefined}
                  data-sortable={sortable || undefined}
                  onClick={sortable ? () => sortBy(column.field) : undefined}
                >
                  <span>{column.headerName}</span>
                  {direction && <span aria-hidden="true">{direction === 'asc' ? '↑' : '↓'}</span>}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((item, index) => (
            <tr key={String(item.id ?? index)} data-busy={loading || undefined}>
              {selection && (
                <td>
                  <input
                    type="checkbox"
                    aria-label={t(
                      selected.has(item.id as string | number) ? 'grid.unselectRow' : 'grid.selectRow',
                    )}
                    checked={selected.has(item.id as string | number)}
                    onChange={(event) => toggle([item.id as string | number], event.target.checked)}
                  />
                </td>
              )}
              {shown.map((column) => (
                <td key={column.field} data-end={column.type === 'number' || undefined}>
                  {textual(cellOf(column, item))}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {/* Not a row of the grid (the full grid's is an overlay): right after it, as it is read. */}
      {rows.length === 0 && <div className="empty">{loading ? '' : (empty ?? emptyText)}</div>}
      <div className="bar">
        <span>{t(capped ? 'grid.rangeMore' : 'grid.range', { from, to, count: total })}</span>
        <IconButton
          aria-label={t('grid.previousPage')}
          disabled={state.page === 0}
          onClick={() => onStateChange({ ...state, page: state.page - 1 })}
        >
          <ChevronLeftIcon />
        </IconButton>
        <IconButton
          aria-label={t('grid.nextPage')}
          disabled={to >= total}
          onClick={() => onStateChange({ ...state, page: state.page + 1 })}
        >
          <ChevronRightIcon />
        </IconButton>
      </div>
    </Box>
  );
}
