import type { Device, DeviceDetail, DeviceFilter } from '@fleetport/contracts/device-schemas';
import type { DeviceStatusChanged } from '@fleetport/contracts/realtime';
import { DEVICE_STATUS_EVENT, DEVICES_CHANNEL } from '@fleetport/contracts/realtime-names';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { listenLater } from '../../../shared/realtime/listen-later.ts';

/**
 * GET /devices (spec §2 /management/devices): the list, paged, sorted and filtered by the server
 * through `useServerList`; its rows are `Device` of `@fleetport/contracts/devices`. Statuses
 * change live (the realtime feed below). The keys of the devices cache live here: the list's
 * page needs them, and nothing else of the device endpoints.
 */
export const DEVICES_URL = '/devices';

/** Every cached read about devices: a write that changes devices invalidates it. */
export const DEVICES_KEY = ['devices'] as const;
/** The cached pages of the list (the key a form's `tableRef` names). */
export const DEVICE_LIST_KEY = [...DEVICES_KEY, 'list'] as const;
/** A device's own entry (GET /devices/{id}); its readings, activity and histories are keyed below it. */
export const deviceKey = (id: number) => [...DEVICES_KEY, 'one', id] as const;

/** The filters above the grid, without the search (the toolbar's). */
export type DeviceFilters = Omit<DeviceFilter, 'q'>;

export type DeviceStatusEvent = DeviceStatusChanged;

/** Writes a status change into every cached list page and the device's own entry. */
export function applyStatus(queryClient: QueryClient, event: DeviceStatusEvent): void {
  const patch = <T extends { id: number }>(row: T): T =>
    row.id === event.id ? { ...row, status: event.status, last_seen_at: event.last_seen_at } : row;
  queryClient.setQueriesData<{ data: Device[]; meta?: unknown }>({ queryKey: DEVICE_LIST_KEY }, (page) =>
    page?.data.some((row) => row.id === event.id) ? { ...page, data: page.data.map(patch) } : page,
  );
  queryClient.setQueryData<DeviceDetail>(deviceKey(event.id), (device) => (device ? patch(device) : device));
}

/** Whether a cached list page was asked with a status filter (its parameters are the key's last part). */
function filtersByStatus(query: { queryKey: readonly unknown[] }): boolean {
  const params = query.queryKey.at(-1);
  return typeof params === 'object' && params !== null && 'status' in params;
}

/** A device that goes offline or comes back changes in the open table, without a reload. */
export function useLiveDeviceStatus(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      listenLater<DeviceStatusEvent>(DEVICES_CHANNEL, DEVICE_STATUS_EVENT, (event) => {
        if (typeof event?.id !== 'number') return;
        applyStatus(queryClient, event);
        // A list filtered by status may have to lose or gain the device: it asks again.
        void queryClient.invalidateQueries({ queryKey: DEVICE_LIST_KEY, predicate: filtersByStatus });
      }),
    [queryClient],
  );
}
