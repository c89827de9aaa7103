import type { BulkDevicesResult } from '@fleetport/contracts/device-schemas';
import type { BulkDeviceAction } from '@fleetport/contracts/devices';
import type { ListParams } from '../../../shared/grid/grid-query.ts';
import { api } from '../../../shared/lib/api.ts';

/** What a bulk action acts on: the selected devices, or every device matching the filter. */
export type BulkTarget = { ids: number[] } | { filter: ListParams; count: number };

/** The part of the request that names the devices. */
export const targetBody = (target: BulkTarget) =>
  'ids' in target ? { ids: target.ids } : { filter: target.filter };

/**
 * POST /devices/bulk (`bulkDevicesSchema` of `@fleetport/contracts/device-schemas`): one action
 * on the selection or on every device matching a filter, with what the action needs.
 */
export async function bulkDevices(
  action: BulkDeviceAction,
  target: BulkTarget,
  extra: Record<string, unknown> = {},
): Promise<BulkDevicesResult> {
  return (
    await api.http.post<{ data: BulkDevicesResult }>('/devices/bulk', {
      action,
      ...targetBody(target),
      ...extra,
    })
  ).data.data;
}
