import type { BulkDevicesResult } from '@fleetport/contracts/device-schemas';
import type { BulkDeviceAction } from '@fleetport/contracts/devices';
import i18next from 'i18next';
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

/**
 * What a finished bulk action did, in words for its toast: "Tagged 12 devices.", "Moved 12
 * devices to Acme Berlin." (the count is the server's, the devices it really changed).
 */
export function bulkDone(action: BulkDeviceAction, result: BulkDevicesResult, monitoring?: boolean): string {
  const count = result.affected;
  if (action === 'move' && result.company_name !== undefined) {
    return i18next.t('devices.bulk.result.moveTo', { count, company: result.company_name });
  }
  if (action === 'monitoring') {
    return i18next.t(monitoring ? 'devices.bulk.result.monitoringOn' : 'devices.bulk.result.monitoringOff', {
      count,
    });
  }
  const key = {
    add_tags: 'devices.bulk.result.addTags',
    remove_tags: 'devices.bulk.result.removeTags',
    move: 'devices.bulk.result.move',
    period: 'devices.bulk.result.period',
    delete: 'devices.bulk.deleted',
  } as const;
  return i18next.t(key[action as keyof typeof key] ?? 'devices.bulk.done', { count });
}
