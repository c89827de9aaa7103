import { HTTP_CACHE_MS } from '@fleetport/contracts/limits';
import { QueryClient } from '@tanstack/react-query';
import axios from 'axios';

/**
 * Server state (spec §7): GET answers are cached for 5 minutes. A request cancelled by the
 * client conventions (same URL, route change) is not retried; other failures once.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: HTTP_CACHE_MS,
        gcTime: HTTP_CACHE_MS,
        retry: (failures, error) => !axios.isCancel(error) && failures < 1,
        refetchOnWindowFocus: false,
      },
    },
  });
}
