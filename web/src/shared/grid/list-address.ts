import { type SetStateAction, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  type FilterParam,
  type GridFilter,
  type GridQueryState,
  type GridSort,
  initialGridState,
  PAGE_SIZES,
} from './grid-query.ts';

/**
 * A list's state kept in the page's address: the search (`q`), the sort (`sort`, as the API
 * writes it: `name,-created_at`; empty for none), the page (`page`, from 1) and its size
 * (`size`). What equals the list's start is left out, so an untouched list keeps a clean
 * address, and the page's other parameters (its own filters, its view) are left as they are.
 * A reload keeps the list as it was, a link shares it, and Back returns to the previous sort or
 * page. The grid's column filters are there too, each under the list's own query parameter for
 * it (`?email=jane` on the users list: the address says what the API is asked).
 */

/** The page number's parameter: a page whose own filters change drops it (back to the first page). */
export const PAGE_PARAM = 'page';
const KEYS = ['q', 'sort', PAGE_PARAM, 'size'] as const;

const sortText = (sort: readonly GridSort[]) =>
  sort
    .filter((key) => key.sort)
    .map((key) => (key.sort === 'desc' ? `-${key.field}` : key.field))
    .join(',');

type Filterable = Readonly<Record<string, FilterParam>>;
const NO_FILTERS: Filterable = {};

/** A filter's text as the address writes it ('' for none, or one the list cannot send). */
function filterText(filters: readonly GridFilter[], field: string, filter: FilterParam): string {
  const item = filters.find((one) => one.field === field && one.operator === filter.operator);
  const value = item?.value;
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' ? value.trim() : '';
}

/** The list's parameters (search, sort, page, size, then one per filterable column), as the address writes them. */
const entries = (state: GridQueryState, filterable: Filterable): [string, string][] => [
  ['q', state.search.trim() ? state.search : ''],
  ['sort', sortText(state.sort)],
  [PAGE_PARAM, String(state.page + 1)],
  ['size', String(state.pageSize)],
  ...Object.entries(filterable).map(([field, filter]): [string, string] => [
    filter.param,
    filterText(state.filters, field, filter),
  ]),
];

/** The names of a list's parameters in the address. */
const keysOf = (filterable: Filterable) => [
  ...KEYS,
  ...Object.values(filterable).map((filter) => filter.param),
];

/** The list's state from an address; what it does not name (or names wrongly) is the list's start. */
export function readListAddress(
  params: URLSearchParams,
  start: GridQueryState,
  filterable: Filterable = NO_FILTERS,
): GridQueryState {
  const filters = Object.entries(filterable).flatMap(([field, filter]): GridFilter[] => {
    const value = params.get(filter.param)?.trim();
    return value ? [{ field, operator: filter.operator, value }] : [];
  });
  const sort = params.get('sort');
  const page = Number(params.get(PAGE_PARAM)) - 1;
  const size = Number(params.get('size'));
  return {
    ...start,
    search: params.get('q') ?? start.search,
    sort:
      sort === null
        ? start.sort
        : sort
            .split(',')
            .filter(Boolean)
            .map((key) => ({ field: key.replace(/^-/, ''), sort: key.startsWith('-') ? 'desc' : 'asc' })),
    page: Number.isInteger(page) && page > 0 ? page : start.page,
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : start.pageSize,
    filters: filters.length > 0 ? filters : start.filters,
  };
}

/** The address with the list's state written in (a new object; the page's other parameters kept). */
export function writeListAddress(
  params: URLSearchParams,
  state: GridQueryState,
  start: GridQueryState,
  filterable: Filterable = NO_FILTERS,
): URLSearchParams {
  const next = new URLSearchParams(params);
  const starts = new Map(entries(start, filterable));
  for (const [key, value] of entries(state, filterable)) {
    if (value === starts.get(key)) next.delete(key);
    else next.set(key, value);
  }
  return next;
}

/**
 * A list's state held in the address, for `useServerList({ state })`. Typing in the search or a
 * column filter replaces the history entry (one per pause would flood Back); a sort, a page or a
 * page size adds one. The setter stays the same function, reading the latest address.
 */
export function useListAddress(
  initial?: Partial<GridQueryState>,
  filterable: Filterable = NO_FILTERS,
): [GridQueryState, (update: SetStateAction<GridQueryState>) => void] {
  const [start] = useState(() => initialGridState(initial));
  const [params, setParams] = useSearchParams();
  // Filters being written in the grid's panel (a new row, a value still empty) are not in the
  // address yet: held here while they say what the address says.
  const [draft, setDraft] = useState<readonly GridFilter[]>();
  const key = keysOf(filterable)
    .map((name) => String(params.get(name)))
    .join('\n');
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again when the list's own parameters change, not the page's others
  const state = useMemo(() => {
    const read = readListAddress(params, start, filterable);
    return draft && sameFilters(draft, read.filters, filterable) ? { ...read, filters: draft } : read;
  }, [key, start, filterable, draft]);
  const latest = useRef({ state, params, setParams });
  latest.current = { state, params, setParams };
  const setState = useCallback(
    (update: SetStateAction<GridQueryState>) => {
      const now = latest.current;
      const next = typeof update === 'function' ? update(now.state) : update;
      if (next.filters !== now.state.filters) setDraft(next.filters);
      const written = writeListAddress(now.params, next, start, filterable);
      if (written.toString() === now.params.toString()) return;
      const typed =
        (next.search !== now.state.search || next.filters !== now.state.filters) &&
        next.sort === now.state.sort &&
        next.pageSize === now.state.pageSize;
      now.setParams(written, { replace: typed });
      // A second change before the next render builds on this one.
      latest.current = {
        ...now,
        params: written,
        state: { ...readListAddress(written, start, filterable), filters: next.filters },
      };
    },
    [start, filterable],
  );
  return [state, setState];
}

/** Two filter lists ask the server the same (rows still empty, or of another operator, ask nothing). */
function sameFilters(
  one: readonly GridFilter[],
  other: readonly GridFilter[],
  filterable: Filterable,
): boolean {
  return Object.entries(filterable).every(
    ([field, filter]) => filterText(one, field, filter) === filterText(other, field, filter),
  );
}

/**
 * One of a list page's own filters kept in the address (`?event=`, `?reason=`), beside the list's
 * state: choosing a value adds a history entry and returns the list to its first page; '' removes
 * the parameter.
 */
export function useAddressFilter(name: string): [string, (value: string) => void] {
  const [params, setParams] = useSearchParams();
  const current = params.get(name) ?? '';
  // The router writes the address a moment later: the control shows the choice at once (a
  // controlled checkbox would otherwise spring back), until the address says it.
  const [chosen, setChosen] = useState<string>();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the address changed (the choice arrived, or Back)
  useEffect(() => setChosen(undefined), [current]);
  const choose = useCallback(
    (value: string) => {
      setChosen(value);
      setParams((now) => {
        const next = new URLSearchParams(now);
        if (value) next.set(name, value);
        else next.delete(name);
        next.delete(PAGE_PARAM);
        return next;
      });
    },
    [name, setParams],
  );
  return [chosen ?? current, choose];
}
