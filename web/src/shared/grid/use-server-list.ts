import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type SetStateAction, useCallback, useMemo, useState } from 'react';
import { messageOf } from '../api/messages.ts';
import { api } from '../lib/api.ts';
import { useUserStorage } from '../lib/user-storage.ts';
import { toast } from '../toasts/toasts.tsx';
import {
  type ColumnWidths,
  densityStorageKey,
  type GridDensity,
  phoneColumnStorageKey,
  readColumnWidths,
  readDensity,
  readPhoneColumn,
  widthsStorageKey,
} from './grid-preferences.ts';
import {
  type ColumnVisibility,
  columnStorageKey,
  type FilterParam,
  filterParams,
  type GridQueryState,
  initialGridState,
  type ListParams,
  listParams,
  readColumnVisibility,
} from './grid-query.ts';
import { useListAddress } from './list-address.ts';

export interface ServerListOptions {
  /**
   * Names the grid: the user's column choice, density, column widths and phone column are stored
   * under `grid.<gridId>.columns`, `.density`, `.widths` and `.phone`.
   */
  gridId: string;
  url: string;
  /** The TanStack key the list's writes invalidate (a form's `tableRef`). */
  queryKey: readonly unknown[];
  filterable?: Readonly<Record<string, FilterParam>>;
  initial?: Partial<GridQueryState>;
  /** Parameters every request carries (a company's tab lists that company's rows only). */
  fixed?: ListParams | undefined;
  /** Columns hidden until the user chooses otherwise. */
  defaultColumns?: ColumnVisibility | undefined;
  /**
   * The list's state (search, sort, page, size, column filters) is kept in the page's address
   * (`useListAddress`): a reload keeps it, a link shares it, Back returns to it. Every list page
   * does this; a list inside a dialog or beside another list keeps its state here.
   */
  inAddress?: boolean;
  /** The list's state held by the page (which also keeps its own filters in the address). */
  state?: readonly [GridQueryState, (update: SetStateAction<GridQueryState>) => void] | undefined;
}

/**
 * A server-side list for a grid: its state, the page the server answered (the previous page stays
 * on screen while the next loads) and the column choice, density and widths kept in the user's
 * storage.
 */
const NO_FILTERS: Readonly<Record<string, FilterParam>> = {};

export function useServerList<Row>({
  gridId,
  url,
  queryKey,
  filterable = NO_FILTERS,
  initial,
  fixed,
  defaultColumns,
  inAddress = false,
  state: held,
}: ServerListOptions) {
  const storage = useUserStorage();
  const [own, setOwn] = useState(() => initialGridState(initial));
  const addressed = useListAddress(initial, filterable);
  const [state, setState] = held ?? (inAddress ? addressed : [own, setOwn]);
  const [columns, setColumnsState] = useState<ColumnVisibility>(() => ({
    ...defaultColumns,
    ...readColumnVisibility(storage?.get(columnStorageKey(gridId))),
  }));
  const [density, setDensityState] = useState<GridDensity>(() =>
    readDensity(storage?.get(densityStorageKey(gridId))),
  );
  const [widths, setWidthsState] = useState<ColumnWidths>(() =>
    readColumnWidths(storage?.get(widthsStorageKey(gridId))),
  );
  const [phoneColumn, setPhoneColumnState] = useState<string | undefined>(() =>
    readPhoneColumn(storage?.get(phoneColumnStorageKey(gridId))),
  );
  const params = useMemo(() => ({ ...listParams(state, filterable), ...fixed }), [state, filterable, fixed]);
  const query = useQuery({
    queryKey: [...queryKey, params],
    queryFn: async ({ signal }) =>
      (
        await api.http.get<{ data: Row[]; meta?: { total?: number; total_capped?: boolean } }>(url, {
          params,
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
    // A list is live data (someone accepted an invitation, another admin added a company): shown
    // from the cache at once, asked again on every visit.
    staleTime: 0,
  });
  // A preference shows at once; a failed save says so and the choice stays for this visit.
  const store = useCallback(
    (key: string, value: unknown) =>
      storage?.set(key, value).catch((error: unknown) => toast(messageOf(error), { type: 'error' })),
    [storage],
  );
  const setColumns = useCallback(
    (next: ColumnVisibility) => {
      setColumnsState(next);
      void store(columnStorageKey(gridId), next);
    },
    [store, gridId],
  );
  const setDensity = useCallback(
    (next: GridDensity) => {
      setDensityState(next);
      void store(densityStorageKey(gridId), next);
    },
    [store, gridId],
  );
  /** A column resized by hand keeps its width (the others keep theirs, or their share of the room). */
  const setWidth = useCallback(
    (field: string, width: number) => {
      const next = { ...widths, [field]: Math.round(width) };
      setWidthsState(next);
      void store(widthsStorageKey(gridId), next);
    },
    [store, gridId, widths],
  );
  /** The one column added to the kept ones on a phone (issue 28). */
  const setPhoneColumn = useCallback(
    (field: string) => {
      setPhoneColumnState(field);
      void store(phoneColumnStorageKey(gridId), field);
    },
    [store, gridId],
  );
  // The same search again (a field filled in from the address) keeps the page.
  const setSearch = useCallback(
    (search: string) => setState((now) => (now.search === search ? now : { ...now, page: 0, search })),
    [setState],
  );
  const clearFilters = useCallback(
    () => setState((now) => ({ ...now, page: 0, search: '', filters: [] })),
    [setState],
  );
  const { refetch } = query;
  const retry = useCallback(() => void refetch(), [refetch]);
  return {
    state,
    setState,
    setSearch,
    /** A search or a column filter narrows the list (an empty answer means "no match"). */
    filtered: Object.keys(filterParams(state, filterable)).some((param) => param !== 'sort'),
    /** Back to the whole list: no search, no column filter, the first page. */
    clearFilters,
    /** Asks the server again (the error state's Try again). */
    retry,
    /** The filters and sort without paging, for the CSV export. */
    exportParams: { ...filterParams(state, filterable), ...fixed },
    rows: query.data?.data ?? [],
    total: query.data?.meta?.total ?? query.data?.data.length ?? 0,
    /** The server stopped counting: `total` is a floor ("more than"). */
    capped: query.data?.meta?.total_capped === true,
    loading: query.isFetching,
    error: query.isError ? messageOf(query.error) : undefined,
    columns,
    setColumns,
    density,
    setDensity,
    widths,
    setWidth,
    phoneColumn,
    setPhoneColumn,
  };
}
