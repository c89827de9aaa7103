import type { BrandDetail } from '@fleetport/contracts/brand';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api.ts';
import { EDGE } from './edge.ts';

export type { BrandDetail };

import { BRANDS_KEY } from './list-brands.ts';

export const brandKey = (id: string) => [...BRANDS_KEY, 'one', id] as const;

export async function getBrand(id: string, signal: AbortSignal): Promise<BrandDetail> {
  return (await api.http.get<{ data: BrandDetail }>(`/brands/${encodeURIComponent(id)}`, { ...EDGE, signal }))
    .data.data;
}

export const brandQuery = (id: string) =>
  queryOptions({
    queryKey: brandKey(id),
    // Live data: shown from the cache, asked again on every visit.
    staleTime: 0,
    queryFn: ({ signal }) => getBrand(id, signal),
  });

export function useBrandDetail(id: string) {
  return useQuery(brandQuery(id));
}
