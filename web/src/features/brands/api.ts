import type { BrandConfig, PublicBrand } from '@fleetport/contracts/brand';
import { api } from '../../shared/lib/api.ts';

/** The edge's brand administration API (theme-server/src/admin/brands-router.ts). */
export const EDGE = { baseURL: '/edge' } as const;

/** What the caller may change: everything (super admins), the look (owner admins). */
export type BrandRights = 'all' | 'look';

/** A row of GET /edge/brands. */
export interface BrandSummary {
  id: string;
  default: boolean;
  hostnames: string[];
  app_name: string;
  company_name: string;
  brand_color: string;
  logo_url: string;
  owner_company_id: number | null;
  access: BrandRights;
}

/** GET /edge/brands/{id}. */
export interface BrandDetail {
  config: BrandConfig;
  public: PublicBrand;
  access: BrandRights;
}

export const BRANDS_KEY = ['edge-brands'] as const;
export const brandKey = (id: string) => [...BRANDS_KEY, 'one', id] as const;

export async function fetchBrands(signal?: AbortSignal): Promise<BrandSummary[]> {
  return (await api.http.get<{ data: BrandSummary[] }>('/brands', { ...EDGE, ...(signal ? { signal } : {}) }))
    .data.data;
}

export async function fetchBrand(id: string, signal?: AbortSignal): Promise<BrandDetail> {
  return (
    await api.http.get<{ data: BrandDetail }>(`/brands/${encodeURIComponent(id)}`, {
      ...EDGE,
      ...(signal ? { signal } : {}),
    })
  ).data.data;
}

/** PUT /edge/brands/{id}/{logo|favicon}: the file's bytes with its own type. */
export async function uploadBrandImage(id: string, kind: 'logo' | 'favicon', file: File): Promise<void> {
  await api.http.put(`/brands/${encodeURIComponent(id)}/${kind}`, file, {
    ...EDGE,
    headers: { 'Content-Type': file.type || 'application/octet-stream' },
  });
}

export async function deleteBrand(id: string): Promise<void> {
  await api.http.delete(`/brands/${encodeURIComponent(id)}`, EDGE);
}
