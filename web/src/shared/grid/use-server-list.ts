import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type SetStateAction, useCallback, useMemo, useState } from 'react';
import { messageOf } from '../api/messages.ts';
import { api } from '../lib/api.ts';
import { useUserStorage } from '../lib/user-storage.ts';
import { toast } from '../toasts/toasts.tsx';
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
  /** Names the grid: the column choice is stored under `grid.<gridId>.columns`. */
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
 * on screen while the next loads) and the column choice kept in the user's storage.
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
  const setColumns = useCallback(
    (next: ColumnVisibility) => {
      setColumnsState(next);
      storage
        ?.set(columnStorageKey(gridId), next)
        .catch((error: unknown) => toast(messageOf(error), { type: 'error' }));
    },
    [storage, gridId],
  );
  // The same search again (a field filled in from the address) keeps the page.
  const setSearch = useCallback(
    (search: string) => setState((now) => (now.search === search ? now : { ...now, page: 0, search })),
    [setState],
  );
  return {
    state,
    setState,
    setSearch,
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
  };
}
