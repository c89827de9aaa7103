import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';

/**
 * A server-side list's state (what the grid shows: page, sort, filters, search) and the query of
 * the RMS public API's list conventions it becomes (`limit`, `offset`, `sort`, `q` and the list's
 * own filter parameters). Pure, so the grid component, the CSV export and the tests share it.
 */

export interface GridSort {
  field: string;
  sort: 'asc' | 'desc' | null | undefined;
}

export interface GridFilter {
  field: string;
  operator: string;
  value?: unknown;
}

export interface GridQueryState {
  page: number;
  pageSize: number;
  sort: readonly GridSort[];
  filters: readonly GridFilter[];
  search: string;
}

/** A filterable column: the list's query parameter for it and the grid operator it supports. */
export interface FilterParam {
  param: string;
  operator: string;
}

export type ListParams = Record<string, string | number>;

/**
 * A grid column over a server-side list. Its `field` is the API's field (so it sorts by it unless
 * `sortable: false`); `filter` names the list's query parameter for it and how it matches: the
 * grid offers only that operator, and a column without one cannot be filtered.
 */
export type ServerColumn<Row extends GridValidRowModel> = GridColDef<Row> & {
  filter?: { param: string; match: 'contains' | 'equals' };
};

/** The grid operator of a column's filter (MUI's names: 'contains', '=' for numbers, 'is' for choices). */
export function filterOperatorOf(column: ServerColumn<GridValidRowModel>): string | undefined {
  if (!column.filter) return undefined;
  if (column.filter.match === 'contains') return 'contains';
  if (column.type === 'number') return '=';
  if (column.type === 'singleSelect') return 'is';
  return 'equals';
}

/** Whether any column can be filtered: else the grid offers no filter panel (it would be empty). */
export function hasColumnFilters<Row extends GridValidRowModel>(
  columns: readonly ServerColumn<Row>[],
): boolean {
  return columns.some((column) => filterOperatorOf(column as ServerColumn<GridValidRowModel>) !== undefined);
}

/** The filterable columns' parameters and operators, by field. */
export function filterParamsOf<Row extends GridValidRowModel>(
  columns: readonly ServerColumn<Row>[],
): Record<string, FilterParam> {
  const params: Record<string, FilterParam> = {};
  for (const column of columns) {
    const operator = filterOperatorOf(column as ServerColumn<GridValidRowModel>);
    if (column.filter && operator) params[column.field] = { param: column.filter.param, operator };
  }
  return params;
}

export const PAGE_SIZES = [25, 50, 100] as const;

export function initialGridState(overrides: Partial<GridQueryState> = {}): GridQueryState {
  return { page: 0, pageSize: PAGE_SIZES[0], sort: [], filters: [], search: '', ...overrides };
}

/** The filter and sort parameters of a state, without paging (the CSV export pages itself). */
export function filterParams(
  state: GridQueryState,
  filterable: Readonly<Record<string, FilterParam>>,
): ListParams {
  const params: ListParams = {};
  const search = state.search.trim();
  if (search) params.q = search;
  const sort = state.sort
    .filter((key) => key.sort)
    .map((key) => (key.sort === 'desc' ? `-${key.field}` : key.field))
    .join(',');
  if (sort) params.sort = sort;
  for (const item of state.filters) {
    const filter = filterable[item.field];
    if (!filter || filter.operator !== item.operator) continue;
    const value = typeof item.value === 'string' ? item.value.trim() : item.value;
    if (value === undefined || value === null || value === '') continue;
    if (typeof value !== 'string' && typeof value !== 'number') continue;
    params[filter.param] = value;
  }
  return params;
}

/** The whole query of a page of the list. */
export function listParams(
  state: GridQueryState,
  filterable: Readonly<Record<string, FilterParam>>,
): ListParams {
  return {
    ...filterParams(state, filterable),
    limit: state.pageSize,
    offset: state.page * state.pageSize,
  };
}

/** Column choice kept in user storage: the hidden columns, by field. */
export type ColumnVisibility = Record<string, boolean>;

export function columnStorageKey(gridId: string): string {
  return `grid.${gridId}.columns`;
}

/** A stored column choice, or an empty one when what is stored is not one. */
export function readColumnVisibility(stored: unknown): ColumnVisibility {
  if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return {};
  return Object.fromEntries(
    Object.entries(stored).filter((entry): entry is [string, boolean] => typeof entry[1] === 'boolean'),
  );
}
