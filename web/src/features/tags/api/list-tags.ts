import type { Tag } from '@fleetport/contracts/tags';
import type { FilterParam } from '../../../shared/grid/grid-query.ts';
import { useServerList } from '../../../shared/grid/use-server-list.ts';

/** Every tag query starts with this key: a tag write reloads them all. */
export const TAGS_KEY = ['tags'] as const;
export const TAGS_URL = '/tags';

export const tagListKey = (companyId?: number) => [...TAGS_KEY, 'list', companyId ?? 'all'] as const;

/** GET /tags for a grid: every tag the user sees (spec §2 /tags), or one company's (its Tags tab). */
export function useTagList({
  companyId,
  filterable,
}: {
  companyId?: number | undefined;
  filterable: Readonly<Record<string, FilterParam>>;
}) {
  return useServerList<Tag>({
    gridId: 'tags',
    url: TAGS_URL,
    queryKey: tagListKey(companyId),
    inAddress: true,
    filterable,
    fixed: companyId ? { company_id: companyId } : undefined,
    initial: { sort: [{ field: 'name', sort: 'asc' }] },
  });
}
