/** A row of GET /tags (api/src/modules/tags/routes.ts `tagSchema`). */
export interface Tag {
  id: number;
  company_id: number;
  company_name: string;
  name: string;
  description: string | null;
  color: string | null;
  created_at: string;
}

export const TAGS_KEY = ['tags'] as const;
export const tagKey = (id: number) => [...TAGS_KEY, 'one', id] as const;
