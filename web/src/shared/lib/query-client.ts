import { HTTP_CACHE_ENTRIES, HTTP_CACHE_MS } from '@fleetport/contracts/limits';
import { type Query, type QueryCache, QueryClient } from '@tanstack/react-query';
import axios from 'axios';

/** When a query last got an answer, data or error; 0 when never. */
function updatedAt(query: Query): number {
  return Math.max(query.state.dataUpdatedAt, query.state.errorUpdatedAt);
}

/**
 * Spec §9: the cache holds at most `max` queries. Beyond that, the least recently updated
 * inactive queries (no observer, not fetching) are removed; queries in use are never removed,
 * so the cache may stay above the limit while they are.
 */
export function trimQueryCache(cache: QueryCache, max: number = HTTP_CACHE_ENTRIES): void {
  const queries = cache.getAll();
  let excess = queries.length - max;
  if (excess <= 0) return;
  const idle = queries
    .filter((query) => query.getObserversCount() === 0 && query.state.fetchStatus !== 'fetching')
    .sort((a, b) => updatedAt(a) - updatedAt(b));
  for (const query of idle) {
    if (excess <= 0) break;
    cache.remove(query);
    excess -= 1;
  }
}

/**
 * Keeps the cache within `max` queries from now on. The trim waits for the next task: a query is
 * added while a component renders, and only gets its observer once the component has mounted.
 */
export function limitQueryCache(cache: QueryCache, max: number = HTTP_CACHE_ENTRIES): () => void {
  let scheduled: ReturnType<typeof setTimeout> | undefined;
  const unsubscribe = cache.subscribe((event) => {
    if (scheduled || (event.type !== 'added' && event.type !== 'observerRemoved')) return;
    scheduled = setTimeout(() => {
      scheduled = undefined;
      trimQueryCache(cache, max);
    });
  });
  return () => {
    clearTimeout(scheduled);
    unsubscribe();
  };
}

/**
 * Server state (spec §7): GET answers are cached for 5 minutes, at most 100 queries (spec §9).
 * A request cancelled by the client conventions (same URL, route change) is not retried; other
 * failures once.
 */
export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: HTTP_CACHE_MS,
        gcTime: HTTP_CACHE_MS,
        retry: (failures, error) => !axios.isCancel(error) && failures < 1,
        refetchOnWindowFocus: false,
      },
    },
  });
  limitQueryCache(client.getQueryCache());
  return client;
}
