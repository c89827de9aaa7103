import type { BrandSummary } from '@fleetport/contracts/brand';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api.ts';
import { EDGE } from './edge.ts';

export type { BrandSummary };

/** Every brand query starts with this key: a brand write reloads them all. */
export const BRANDS_KEY = ['edge-brands'] as const;

/** GET /edge/brands: the brands the caller may edit. */
export async function getBrands(signal: AbortSignal): Promise<BrandSummary[]> {
  return (await api.http.get<{ data: BrandSummary[] }>('/brands', { ...EDGE, signal })).data.data;
}

export const brandsQuery = () =>
  queryOptions({ queryKey: BRANDS_KEY, queryFn: ({ signal }) => getBrands(signal) });

/** System services → Brands: live data, asked again on every visit. */
export function useBrands() {
  return useQuery({ ...brandsQuery(), staleTime: 0 });
}

/** The brands for a company page's link: not asked unless `enabled`; a refusal is final (no retry). */
export function useEditableBrands(enabled: boolean) {
  return useQuery({ ...brandsQuery(), enabled, retry: false });
}
