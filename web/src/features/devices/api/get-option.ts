import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api.ts';
import type { Option } from './list-options.ts';

/**
 * GET /companies/{id} or /tags/{id} as an option: the name of a company or tag filter that came
 * with the page's address (a reload, a shared link), before anything was chosen from the list.
 */
export async function fetchOption(url: string, id: number, signal?: AbortSignal): Promise<Option> {
  const { data } = (await api.http.get<{ data: Option }>(`${url}/${id}`, { signal })).data;
  return { id: data.id, name: data.name };
}

export const optionQuery = (url: string, id: number) =>
  queryOptions({
    queryKey: ['options', url, 'one', id],
    queryFn: ({ signal }) => fetchOption(url, id, signal),
    staleTime: 60_000,
  });

/** The option of this id; nothing is asked while `enabled` is false (no id, or the option is known). */
export function useOption(
  url: string,
  id: number | undefined,
  { enabled = true }: { enabled?: boolean } = {},
) {
  return useQuery({ ...optionQuery(url, id ?? 0), enabled: enabled && id !== undefined });
}
