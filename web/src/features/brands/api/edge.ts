/** The edge's brand administration API (theme-server/src/admin/brands-router.ts): its base. */
export const EDGE = { baseURL: '/edge' } as const;

/** What the caller may change of a brand (contracts/src/brand.ts). */
export type { BrandRights } from '@fleetport/contracts/brand';
