import type { DevicePosition } from '@fleetport/contracts/device-schemas';
import { MAP_BATCH_SIZE } from '@fleetport/contracts/limits';
import { DEVICE_STATUS_EVENT, DEVICES_CHANNEL } from '@fleetport/contracts/realtime-names';
import { useEffect, useState } from 'react';
import { api } from '../../../shared/lib/api.ts';
import { realtime } from '../../../shared/realtime/socket.ts';
import type { DeviceStatusEvent } from './list-devices.ts';

type Filter = Record<string, string | number>;

/** GET /devices/positions: a batch of the matching devices with a position, after the id `after`. */
export async function fetchDevicePositions(
  filter: Filter,
  after: number,
  signal?: AbortSignal,
): Promise<{ points: DevicePosition[]; next: number | null }> {
  const answer = await api.http.get<{ data: DevicePosition[]; meta: { next: number | null } }>(
    '/devices/positions',
    { params: { ...filter, after, limit: MAP_BATCH_SIZE }, signal },
  );
  return { points: answer.data.data, next: answer.data.meta.next };
}

export interface LoadedPositions {
  points: DevicePosition[];
  done: boolean;
  error?: unknown;
}

/** Every matching device with a position, read 2000 at a time (spec §9 batches) until the last. */
export function useDevicePositions(params: Filter): LoadedPositions {
  const [loaded, setLoaded] = useState<LoadedPositions>({ points: [], done: false });
  // The map has no order: the sort is left out, so sorting the table does not reload the map.
  const { sort: _sort, ...filter } = params;
  const key = JSON.stringify(filter);
  useEffect(() => {
    const controller = new AbortController();
    const filter = JSON.parse(key) as Filter;
    setLoaded({ points: [], done: false });
    void (async () => {
      const points: DevicePosition[] = [];
      let after = 0;
      for (;;) {
        const batch = await fetchDevicePositions(filter, after, controller.signal);
        points.push(...batch.points);
        setLoaded({ points: [...points], done: batch.next === null });
        if (batch.next === null) return;
        after = batch.next;
      }
    })().catch((error: unknown) => {
      if (!controller.signal.aborted) setLoaded((now) => ({ ...now, done: true, error }));
    });
    return () => controller.abort();
  }, [key]);

  // Statuses change on the map as in the table, without a reload.
  useEffect(
    () =>
      realtime.listen<DeviceStatusEvent>(DEVICES_CHANNEL, DEVICE_STATUS_EVENT, (event) => {
        if (typeof event?.id !== 'number') return;
        setLoaded((now) =>
          now.points.some((point) => point.id === event.id)
            ? {
                ...now,
                points: now.points.map((point) =>
                  point.id === event.id ? { ...point, status: event.status } : point,
                ),
              }
            : now,
        );
      }),
    [],
  );
  return loaded;
}
