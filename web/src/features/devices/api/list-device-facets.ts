import type { DeviceFacet, DeviceFacetField, DeviceFilter } from '@fleetport/contracts/device-schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api.ts';
import { DEVICES_KEY } from './list-devices.ts';

/**
 * GET /devices/facets: the models or firmware versions of the devices the user sees, with their
 * counts, the most common first, under the list's other filters (`within`), those containing
 * `search`. What the model and firmware filters offer.
 */
export async function fetchDeviceFacets(
  field: DeviceFacetField,
  search: string,
  within: DeviceFilter,
  signal?: AbortSignal,
): Promise<DeviceFacet[]> {
  const params = Object.fromEntries(
    Object.entries({ ...within, [field]: undefined, field, search: search.trim() }).filter(
      ([, value]) => value !== undefined && value !== '',
    ),
  );
  return (await api.http.get<{ data: DeviceFacet[] }>('/devices/facets', { params, signal })).data.data;
}

export const deviceFacetsQuery = (field: DeviceFacetField, search: string, within: DeviceFilter) =>
  queryOptions({
    queryKey: [...DEVICES_KEY, 'facets', field, search.trim(), within],
    queryFn: ({ signal }) => fetchDeviceFacets(field, search, within, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

/** The values to offer while the filter's list is open (`enabled`); the previous answer stays while the next loads. */
export function useDeviceFacets(
  field: DeviceFacetField,
  search: string,
  within: DeviceFilter,
  { enabled = true }: { enabled?: boolean } = {},
) {
  return useQuery({ ...deviceFacetsQuery(field, search, within), enabled });
}
