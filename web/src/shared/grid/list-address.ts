import { type SetStateAction, useCallback, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { type GridQueryState, type GridSort, initialGridState, PAGE_SIZES } from './grid-query.ts';

/**
 * A list's state kept in the page's address: the search (`q`), the sort (`sort`, as the API
 * writes it: `name,-created_at`; empty for none), the page (`page`, from 1) and its size
 * (`size`). What equals the list's start is left out, so an untouched list keeps a clean
 * address, and the page's other parameters (its own filters, its view) are left as they are.
 * A reload keeps the list as it was, a link shares it, and Back returns to the previous sort or
 * page. (The grid's column filters are not kept: the lists held here filter above the grid,
 * each filter a parameter of the page's own.)
 */

/** The page number's parameter: a page whose own filters change drops it (back to the first page). */
export const PAGE_PARAM = 'page';
const KEYS = ['q', 'sort', PAGE_PARAM, 'size'] as const;

const sortText = (sort: readonly GridSort[]) =>
  sort
    .filter((key) => key.sort)
    .map((key) => (key.sort === 'desc' ? `-${key.field}` : key.field))
    .join(',');

/** The list's four parameters, as the address writes them (the search only when it has text). */
const texts = (state: GridQueryState) => [
  state.search.trim() ? state.search : '',
  sortText(state.sort),
  String(state.page + 1),
  String(state.pageSize),
];

/** The list's state from an address; what it does not name (or names wrongly) is the list's start. */
export function readListAddress(params: URLSearchParams, start: GridQueryState): GridQueryState {
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
  };
}

/** The address with the list's state written in (a new object; the page's other parameters kept). */
export function writeListAddress(
  params: URLSearchParams,
  state: GridQueryState,
  start: GridQueryState,
): URLSearchParams {
  const next = new URLSearchParams(params);
  const values = texts(state);
  const starts = texts(start);
  KEYS.forEach((key, index) => {
    const value = values[index] ?? '';
    if (value === starts[index]) next.delete(key);
    else next.set(key, value);
  });
  return next;
}

/**
 * A list's state held in the address, for `useServerList({ state })`. Typing in the search
 * replaces the history entry (one per pause would flood Back); a sort, a page or a page size adds
 * one. The setter stays the same function, reading the latest address.
 */
export function useListAddress(
  initial?: Partial<GridQueryState>,
): [GridQueryState, (update: SetStateAction<GridQueryState>) => void] {
  const [start] = useState(() => initialGridState(initial));
  const [params, setParams] = useSearchParams();
  const key = KEYS.map((name) => String(params.get(name))).join('\n');
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again when the list's own parameters change, not the page's others
  const state = useMemo(() => readListAddress(params, start), [key, start]);
  const latest = useRef({ state, params, setParams });
  latest.current = { state, params, setParams };
  const setState = useCallback(
    (update: SetStateAction<GridQueryState>) => {
      const now = latest.current;
      const next = typeof update === 'function' ? update(now.state) : update;
      const written = writeListAddress(now.params, next, start);
      if (written.toString() === now.params.toString()) return;
      const typed =
        next.search !== now.state.search &&
        next.sort === now.state.sort &&
        next.pageSize === now.state.pageSize;
      now.setParams(written, { replace: typed });
      // A second change before the next render builds on this one.
      latest.current = { ...now, params: written, state: readListAddress(written, start) };
    },
    [start],
  );
  return [state, setState];
}
