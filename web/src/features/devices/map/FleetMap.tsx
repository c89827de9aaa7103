import { MAP_BATCH_SIZE } from '@fleetport/contracts/limits';
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { messageOf } from '../../../shared/api/messages.ts';
import { api } from '../../../shared/lib/api.ts';
import { ensureArea } from '../../../shared/lib/i18n.ts';
import { realtime } from '../../../shared/realtime/socket.ts';
import { DEVICE_STATUS_EVENT, DEVICES_CHANNEL, type DeviceStatusEvent } from '../api.ts';
import { DeviceMap, type MapPoint } from './DeviceMap.tsx';

await ensureArea('device');

interface Loaded {
  points: MapPoint[];
  done: boolean;
  error?: unknown;
}

/** Every matching device with a position, read 2000 at a time (spec §9 batches) until the last. */
function usePositions(params: Record<string, string | number>): Loaded {
  const [loaded, setLoaded] = useState<Loaded>({ points: [], done: false });
  // The map has no order: the sort is left out, so sorting the table does not reload the map.
  const { sort: _sort, ...filter } = params;
  const key = JSON.stringify(filter);
  useEffect(() => {
    const controller = new AbortController();
    const filter = JSON.parse(key) as Record<string, string | number>;
    setLoaded({ points: [], done: false });
    void (async () => {
      const points: MapPoint[] = [];
      let after = 0;
      for (;;) {
        const answer = await api.http.get<{ data: MapPoint[]; meta: { next: number | null } }>(
          '/devices/positions',
          { params: { ...filter, after, limit: MAP_BATCH_SIZE }, signal: controller.signal },
        );
        points.push(...answer.data.data);
        const next = answer.data.meta.next;
        setLoaded({ points: [...points], done: next === null });
        if (next === null) return;
        after = next;
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

/**
 * The devices page's map view: every device matching the page's filters and search
 * that has reported a position, clustered; a device opens its page.
 */
export function FleetMap({ params, total }: { params: Record<string, string | number>; total: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { points, done, error } = usePositions(params);
  return (
    <>
      {error !== undefined && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {messageOf(error)}
        </Alert>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="map-count">
        {done
          ? t('device.map.count', { count: points.length, total: Math.max(total, points.length) })
          : t('device.map.loading', { count: points.length })}
      </Typography>
      <DeviceMap
        points={points}
        onOpen={(id) => void navigate(`/devices/${id}/location`)}
        height={560}
        label={t('device.map.label')}
      />
    </>
  );
}
