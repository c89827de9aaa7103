import { OPTION_LIST_LIMIT } from '@fleetport/contracts/limits';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../lib/api.ts';
import type {
  FieldOption,
  FormValues,
  ItemSelectField,
  OptionParams,
  OptionSource,
  OptionValue,
} from './field-schema.ts';

/** An item of an option list as the API sends it. */
type Item = Record<string, unknown>;

/** The option an API item stands for: `toOption`, else its `valueKey` (id) and `labelKey` (name). */
export function optionOfItem(source: OptionSource, item: Item): FieldOption {
  if (source.toOption) return source.toOption(item);
  const raw = item[source.valueKey ?? 'id'];
  const value: OptionValue = typeof raw === 'number' || typeof raw === 'string' ? raw : String(raw);
  const label = item[source.labelKey ?? 'name'];
  return { value, label: label === undefined || label === null ? String(value) : String(label) };
}

/** The filters without their unset entries, so that they make a stable query key. */
function definedParams(params: OptionParams): OptionParams {
  return Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined));
}

/** Every cached option list of one API list (`/tags`), whatever its fields and filters. */
export const optionListKey = (url: string) => ['form-options', url] as const;

/**
 * Spec §7 "Option lists": GET the list with `limit: 100` and the `fields` it needs, plus the
 * source's filters. Cached and shared through TanStack Query like every other read. The cache
 * holds the API's items: two pickers of one list that make different options of them (by id
 * here, by name there) share the request, never each other's options.
 */
export function optionListQuery(source: OptionSource, params: OptionParams) {
  const filters = definedParams(params);
  return queryOptions({
    queryKey: [...optionListKey(source.url), source.fields.join(','), filters] as const,
    queryFn: async ({ signal }) => {
      const response = await api.http.get<{ data?: Item[] }>(source.url, {
        params: { ...filters, limit: OPTION_LIST_LIMIT, fields: source.fields.join(',') },
        signal,
      });
      return response.data.data ?? [];
    },
  });
}

const NO_SOURCE: OptionSource = { url: '', fields: [] };
const NO_OPTIONS: readonly FieldOption[] = [];

/** The choices of an ItemSelect: its static list, or the list loaded for the current values. */
export function useFieldOptions(
  field: ItemSelectField,
  values: FormValues,
): { options: readonly FieldOption[]; loading: boolean; failed: boolean } {
  const source = 'url' in field.options ? field.options : undefined;
  const params = typeof source?.params === 'function' ? source.params(values) : (source?.params ?? {});
  const ready = (source?.requires ?? []).every((key) => params[key] !== undefined && params[key] !== '');
  const select = useCallback(
    (items: readonly Item[]) => items.map((item) => optionOfItem(source ?? NO_SOURCE, item)),
    [source],
  );
  const query = useQuery({
    ...optionListQuery(source ?? NO_SOURCE, params),
    enabled: source !== undefined && ready,
    select,
  });
  if (!('url' in field.options)) return { options: field.options, loading: false, failed: false };
  if (!ready) return { options: NO_OPTIONS, loading: false, failed: false };
  return { options: query.data ?? NO_OPTIONS, loading: query.isPending, failed: query.isError };
}
