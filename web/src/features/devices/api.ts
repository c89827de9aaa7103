import type { DeviceFilter } from '@fleetport/contracts/device-requests';
import type { DeviceStatus } from '@fleetport/contracts/devices';
import type { QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { realtime } from '../../shared/realtime/socket.ts';

/** A row of GET /devices (api/src/modules/devices/list.ts `deviceSchema`). Every text is the device's: untrusted. */
export interface DeviceListItem {
  id: number;
  name: string;
  description: string | null;
  serial: string;
  mac: string;
  model: string | null;
  firmware: string | null;
  company_id: number;
  company_name: string;
  status: DeviceStatus;
  monitoring: boolean;
  connection_type: string | null;
  operator: string | null;
  signal: number | null;
  tags: { id: number; name: string; color: string | null }[];
  last_seen_at: string | null;
  credit_until: string | null;
  created_at: string;
}

/** GET /devices/{id}: the row with capabilities, latest readings and intervals. */
export interface DeviceDetail extends DeviceListItem {
  capabilities: Record<string, unknown> | null;
  state: Partial<Record<string, { at: string; data: Record<string, unknown> }>>;
  dynamic_interval_s: number;
  static_interval_s: number;
  /** The device custom box (spec §2): texts people wrote, shown as text. */
  custom: { title: string; fields: { label: string; value: string }[] } | null;
}

export const DEVICES_KEY = ['devices'] as const;
export const DEVICE_LIST_KEY = [...DEVICES_KEY, 'list'] as const;
export const deviceKey = (id: number) => [...DEVICES_KEY, 'one', id] as const;

/** The realtime feed of every device the user sees (api realtime.ts `private-devices`). */
export const DEVICES_CHANNEL = 'private-devices';
export const DEVICE_STATUS_EVENT = 'DeviceStatusChanged';

export interface DeviceStatusEvent {
  id: number;
  status: DeviceStatus;
  last_seen_at: string | null;
}

/** The filters above the grid, without the search (the toolbar's). */
export type DeviceFilters = Omit<DeviceFilter, 'q'>;

/** Writes a status change into every cached list page and the device's own entry. */
export function applyStatus(queryClient: QueryClient, event: DeviceStatusEvent): void {
  const patch = <T extends { id: number }>(row: T): T =>
    row.id === event.id ? { ...row, status: event.status, last_seen_at: event.last_seen_at } : row;
  queryClient.setQueriesData<{ data: DeviceListItem[]; meta?: unknown }>(
    { queryKey: DEVICE_LIST_KEY },
    (page) =>
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
      realtime.listen<DeviceStatusEvent>(DEVICES_CHANNEL, DEVICE_STATUS_EVENT, (event) => {
        if (typeof event?.id !== 'number') return;
        applyStatus(queryClient, event);
        // A list filtered by status may have to lose or gain the device: it asks again.
        void queryClient.invalidateQueries({ queryKey: DEVICE_LIST_KEY, predicate: filtersByStatus });
      }),
    [queryClient],
  );
}
