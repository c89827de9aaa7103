import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import type { GridValidRowModel } from '@mui/x-data-grid';
import { lazy, type PointerEvent, type ReactNode, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnVisibility, ServerColumn } from './grid-query.ts';
import type { RowDetailProps } from './RowDetail.tsx';
import type { ServerGridProps } from './ServerGrid.tsx';

/**
 * A grid on a phone (issue 28, below the `sm` breakpoint): the columns it always shows, one more
 * the user chooses, and the rest of a row in its detail. Every field is optional.
 */
export interface GridPhone<Row extends GridValidRowModel = GridValidRowModel> {
  /** Always shown, by field (status and name); by default the first two the user has visible. */
  keep?: readonly string[] | undefined;
  /** The columns the user may choose the one more from, the default first; by default every other visible one. */
  choices?: readonly string[] | undefined;
  /** A row's name (the details button's label, the sheet's heading): by default its `name`, else its id. */
  title?: ((row: Row) => string) | undefined;
}

/** A grid's phone layout with the user's choice (kept in user storage by `useServerList`). */
export interface PhoneGridOptions<Row extends GridValidRowModel> {
  phone?: GridPhone<Row> | undefined;
  phoneColumn?: string | undefined;
  onPhoneColumnChange?: ((field: string) => void) | undefined;
}

interface PhoneColumn {
  field: string;
  width?: number | undefined;
  flex?: number | undefined;
  minWidth?: number | undefined;
}

/** What a grid shows on a phone: its columns, those the user may choose from, and the detail's. */
export interface PhoneLayout<Column extends PhoneColumn> {
  /** The kept columns (page order), then the chosen one, sized to share a phone's width. */
  shown: Column[];
  choices: Column[];
  chosen: string | undefined;
  /** The other visible columns: the row's detail. */
  rest: Column[];
}

/** The details button's column: the button and the cell's padding. */
const DETAILS_FIELD = '__details';
const DETAILS_WIDTH = 48;

/** The widest a fixed column is on a phone: a status or a date, shortened; the name gets the rest. */
const PHONE_FIXED_MAX = 92;

/**
 * A column sized for a phone: the first flexible kept column (the name, a log's sentence) takes
 * everything left, so it is the one that grows; every other one is at most PHONE_FIXED_MAX wide.
 * Widths dragged on a wider screen do not apply.
 */
function fitted<Column extends PhoneColumn>(column: Column, grows: boolean): Column {
  const { width, flex, ...rest } = column;
  if (grows) return { ...rest, flex: 1, minWidth: 96 } as Column;
  return { ...rest, width: Math.min(width ?? (flex ? PHONE_FIXED_MAX : 100), PHONE_FIXED_MAX) } as Column;
}

/** The phone layout of a grid's columns, with the user's chosen column (stored) while it is one. */
export function phoneLayout<Column extends PhoneColumn>(
  columns: readonly Column[],
  visibility: ColumnVisibility,
  phone: Pick<GridPhone, 'keep' | 'choices'> | undefined,
  stored: string | undefined,
): PhoneLayout<Column> {
  const visible = columns.filter((column) => visibility[column.field] !== false);
  const keep = new Set(phone?.keep ?? visible.slice(0, 2).map((column) => column.field));
  const kept = columns.filter((column) => keep.has(column.field));
  const others = visible.filter((column) => !keep.has(column.field));
  const choices = phone?.choices
    ? phone.choices.flatMap((field) => others.filter((column) => column.field === field))
    : others;
  const chosen = choices.find((column) => column.field === stored) ?? choices[0];
  const shown = [...kept, ...(chosen ? [chosen] : [])];
  const growing = shown.find((column) => column.flex) ?? shown[0];
  return {
    shown: shown.map((column) => fitted(column, column === growing)),
    choices,
    chosen: chosen?.field,
    rest: others.filter((column) => column !== chosen),
  };
}

/**
 * The user's own column choice after a change in the Columns panel on a phone: only what the
 * change touched, not the columns the phone layout hid (they stay as chosen on a wider screen).
 */
export function mergeVisibility(
  user: ColumnVisibility,
  passed: ColumnVisibility,
  next: ColumnVisibility,
): ColumnVisibility {
  const merged = { ...user };
  for (const [field, visible] of Object.entries(next)) {
    if (field !== DETAILS_FIELD && (passed[field] ?? true) !== visible) merged[field] = visible;
  }
  return merged;
}

function rowTitle<Row extends GridValidRowModel>(row: Row, phone: GridPhone<Row> | undefined): string {
  if (phone?.title) return phone.title(row);
  return typeof row.name === 'string' && row.name !== '' ? row.name : String(row.id ?? '');
}

/**
 * A press on a phone control is not a press on the grid: the first paint stays (the full grid
 * replacing it would close a select's list, and reading a row's detail does not need it).
 */
const keepFirstPaint = (event: PointerEvent) => event.stopPropagation();

// The sheet comes with its first opening: the first paint carries none of it (first-load budget).
const RowDetail = lazy(() => import('./RowDetail.tsx').then((module) => ({ default: module.RowDetail })));

const SELECT_SX = {
  mr: 'auto',
  display: 'flex',
  alignItems: 'center',
  gap: 0.5,
  fontSize: '0.8125rem',
  color: 'text.secondary',
  '& select': {
    font: 'inherit',
    color: 'text.primary',
    bgcolor: 'transparent',
    border: 1,
    borderColor: 'divider',
    borderRadius: 1,
    p: 0.5,
    maxWidth: 160,
  },
} as const;

/**
 * A grid on a phone (issue 28), both paints alike so the swap does not move: the kept columns,
 * the chosen one and a details button per row (the others hidden, still in the filter panel), the
 * column choice at the toolbar's start; and the open row's detail sheet, which outlives the swap.
 * Its own chunk, loaded on phones only (first-load budget).
 */
export function PhoneGrid<Row extends GridValidRowModel>({
  props,
  options: { phone, phoneColumn, onPhoneColumnChange },
  cell,
  children,
}: {
  props: ServerGridProps<Row>;
  options: PhoneGridOptions<Row>;
  /** A cell as the grid draws it (StaticGrid's cellOf: passed, so this chunk does not split the grid's). */
  cell: (column: ServerColumn<Row>, row: Row) => ReactNode;
  /** Draws the grid (the first paint or the full grid) with the phone's props. */
  children: (props: ServerGridProps<Row>) => ReactNode;
}) {
  const { t } = useTranslation();
  const [detail, setDetail] = useState<Row>();
  const { columns, columnVisibility, onColumnVisibilityChange } = props;
  const layout = useMemo(
    () => phoneLayout(columns, columnVisibility, phone, phoneColumn),
    [columns, columnVisibility, phone, phoneColumn],
  );
  const laidOut = useMemo(() => {
    const shown = new Set(layout.shown.map((column) => column.field));
    const details: ServerColumn<Row> = {
      field: DETAILS_FIELD,
      headerName: '',
      width: DETAILS_WIDTH,
      sortable: false,
      filterable: false,
      hideable: false,
      resizable: false,
      disableColumnMenu: true,
      disableExport: true,
      renderCell: ({ row }) => {
        const title = rowTitle(row, phone);
        return (
          <IconButton
            size="small"
            sx={{ p: '4px' }}
            aria-label={t('grid.details', { name: title })}
            aria-haspopup="dialog"
            onPointerDown={keepFirstPaint}
            onClick={() => setDetail(row)}
          >
            <ChevronRightIcon fontSize="small" />
          </IconButton>
        );
      },
    };
    return {
      columns: [...layout.shown, ...columns.filter((column) => !shown.has(column.field)), details],
      visibility: Object.fromEntries(columns.map((column) => [column.field, shown.has(column.field)])),
    };
  }, [layout, columns, phone, t]);
  const grid: ServerGridProps<Row> = {
    ...props,
    columns: laidOut.columns,
    columnVisibility: laidOut.visibility,
    onColumnVisibilityChange: (next) =>
      onColumnVisibilityChange(mergeVisibility(columnVisibility, laidOut.visibility, next)),
    columnWidths: undefined,
    onColumnWidthChange: undefined,
    // No checkboxes on a phone: its width is the name's; the bulk bar is a wide screen's work.
    selection: undefined,
    toolbarStart:
      onPhoneColumnChange && layout.choices.length > 0 ? (
        <Box component="label" sx={SELECT_SX} onPointerDown={keepFirstPaint}>
          {t('grid.phoneColumn')}
          <select value={layout.chosen} onChange={(event) => onPhoneColumnChange(event.target.value)}>
            {layout.choices.map((column) => (
              <option key={column.field} value={column.field}>
                {column.headerName || column.field}
              </option>
            ))}
          </select>
        </Box>
      ) : undefined,
  };
  const fields: RowDetailProps['fields'] = detail
    ? layout.rest.map((column) => ({
        field: column.field,
        header: column.headerName || column.field,
        value: cell(column, detail),
      }))
    : [];
  return (
    <>
      {children(grid)}
      {detail && (
        <Suspense fallback={null}>
          <RowDetail title={rowTitle(detail, phone)} fields={fields} onClose={() => setDetail(undefined)} />
        </Suspense>
      )}
    </>
  );
}
