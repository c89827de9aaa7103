import type { DeviceCount } from '@fleetport/contracts/device-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api.ts';

/**
 * What Configure devices reads about its devices (issue 22): how many a filter reaches (GET
 * /devices/count), their serials and names for Set unique (GET /devices by filter, page by page;
 * GET /devices/{id} for a selection: the list has no filter by id), and the companies a filter
 * may name. Making the change is POST /devices/tasks/groups and its preview
 * (`firmware-update.ts`: one endpoint for every action).
 */

/** A device of the change: its serial keys Set unique's rows. */
export interface TargetDevice {
  id: number;
  name: string;
  serial: string;
}

/** The devices a filter reaches (a tag, a company), in the list's terms. */
export type TargetFilter = { tag_id?: number; company_id?: number };

/** How many devices Set unique lists at most (more: import a CSV). */
export const TARGET_DEVICES_MAX = 1000;
const PAGE = 100;
const PARALLEL = 8;

/** GET /devices/count under a filter. */
export function useTargetCount(filter: TargetFilter | undefined) {
  return useQuery({
    queryKey: ['devices', 'count', filter],
    queryFn: async ({ signal }) =>
      (await api.http.get<{ data: DeviceCount }>('/devices/count', { params: filter, signal })).data.data
        .total,
    enabled: filter !== undefined,
  });
}

async function devicesOfFilter(filter: TargetFilter, signal: AbortSignal): Promise<TargetDevice[]> {
  const devices: TargetDevice[] = [];
  for (let offset = 0; offset < TARGET_DEVICES_MAX; offset += PAGE) {
    const answer = await api.http.get<{ data: TargetDevice[] }>('/devices', {
      params: { ...filter, fields: 'id,name,serial', sort: 'name', limit: PAGE, offset },
      signal,
    });
    devices.push(...answer.data.data);
    if (answer.data.data.length < PAGE) break;
  }
  return devices;
}

async function devicesOfIds(ids: readonly number[], signal: AbortSignal): Promise<TargetDevice[]> {
  const chosen = ids.slice(0, TARGET_DEVICES_MAX);
  const devices: TargetDevice[] = [];
  // A few at a time: a selection may be hundreds.
  for (let start = 0; start < chosen.length; start += PARALLEL) {
    const batch = chosen.slice(start, start + PARALLEL);
    const answers = await Promise.all(
      batch.map((id) => api.http.get<{ data: TargetDevice }>(`/devices/${id}`, { signal })),
    );
    devices.push(
      ...answers.map(({ data: { data } }) => ({ id: data.id, name: data.name, serial: data.serial })),
    );
  }
  return devices;
}

/** The chosen devices (ids) or a filter's, by serial and name, at most TARGET_DEVICES_MAX. */
export const targetDevicesQuery = (target: { ids: readonly number[] } | { filter: TargetFilter }) =>
  queryOptions({
    queryKey: ['devices', 'configure-targets', target],
    queryFn: ({ signal }) =>
      'ids' in target ? devicesOfIds(target.ids, signal) : devicesOfFilter(target.filter, signal),
    staleTime: 60_000,
  });

/** The companies a change by company may name (the option list's first 100, by name). */
export function useCompanyChoices() {
  return useQuery({
    queryKey: ['companies', 'configure-options'],
    queryFn: async ({ signal }) =>
      (
        await api.http.get<{ data: { id: number; name: string }[] }>('/companies', {
          params: { limit: 100, sort: 'name', fields: 'id,name' },
          signal,
        })
      ).data.data,
  });
}
