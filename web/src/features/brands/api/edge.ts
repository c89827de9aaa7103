/** The edge's brand administration API (theme-server/src/admin/brands-router.ts): its base. */
export const EDGE = { baseURL: '/edge' } as const;

/** What the caller may change of a brand: everything (super admins), the look (owner admins). */
export type BrandRights = 'all' | 'look';
