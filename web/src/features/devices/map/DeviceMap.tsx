import 'leaflet/dist/leaflet.css';
import './device-map.css';
import type { DeviceStatus } from '@fleetport/contracts/devices';
import { MAP_BATCH_SIZE } from '@fleetport/contracts/limits';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import L from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FileConfig, fileConfigNow } from '../../../shared/lib/client-config.ts';
import { gridClusters, inBatches } from './clusters.ts';

/** A device on a map. Its name is the device's: untrusted, so it only ever goes in as text. */
export interface MapPoint {
  id: number;
  name: string;
  status: DeviceStatus;
  lat: number;
  lon: number;
}

type Tiles = 'loading' | 'shown' | 'none' | 'failed';

/** An element holding `text` as text (Leaflet takes strings as HTML). */
function textElement(text: string, className?: string): HTMLElement {
  const element = document.createElement('div');
  if (className) element.className = className;
  element.textContent = text;
  return element;
}

/**
 * The background: Google's Map Tiles API when a key is configured (a session first), else the
 * configured tile URL, else none. Both hosts are in the edge's CSP only when configured.
 */
async function baseLayer(config: FileConfig): Promise<L.TileLayer | undefined> {
  if (config.google_maps_key) {
    const key = encodeURIComponent(config.google_maps_key);
    const answer = await fetch(`https://tile.googleapis.com/v1/createSession?key=${key}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        mapType: 'roadmap',
        language: document.documentElement.lang || 'en',
        region: 'US',
      }),
    });
    if (!answer.ok) throw new Error(`map session: ${answer.status}`);
    const { session } = (await answer.json()) as { session: string };
    return L.tileLayer(
      `https://tile.googleapis.com/v1/2dtiles/{z}/{x}/{y}?session=${encodeURIComponent(session)}&key=${key}`,
      { attribution: 'Map data ©Google', maxZoom: 20 },
    );
  }
  if (!config.map_tile_url) return undefined;
  return L.tileLayer(config.map_tile_url, { attribution: config.map_tile_attribution, maxZoom: 19 });
}

/**
 * A Leaflet map of devices: markers coloured by status, clustered on a 60-pixel grid
 * from 2 markers up and added 2000 at a time (spec §9); a cluster opens on click, a device opens
 * its page. Without tiles (none configured, or none loading) the positions still show on a
 * plain ground, with a note saying why.
 */
export function DeviceMap({
  points,
  track = [],
  onOpen,
  height,
  label,
}: {
  points: readonly MapPoint[];
  /** A route, oldest first (the location history). */
  track?: readonly { lat: number; lon: number }[];
  onOpen?: (id: number) => void;
  height: number;
  label: string;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const markers = useRef<L.LayerGroup | null>(null);
  const line = useRef<L.Polyline | null>(null);
  const fitted = useRef(false);
  const [tiles, setTiles] = useState<Tiles>('loading');
  const latest = useRef({ points, onOpen, t });
  latest.current = { points, onOpen, t };
  const [drawn, redraw] = useState(0);

  // The map itself, once.
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const created = L.map(element, { worldCopyJump: true, minZoom: 2 }).setView([50, 15], 4);
    created.attributionControl.setPrefix('Leaflet');
    map.current = created;
    markers.current = L.layerGroup().addTo(created);
    let live = true;
    baseLayer(fileConfigNow()).then(
      (layer) => {
        if (!live) return;
        if (!layer) {
          setTiles('none');
          return;
        }
        let loaded = false;
        layer.on('tileload', () => {
          loaded = true;
          setTiles('shown');
        });
        layer.on('tileerror', () => {
          if (!loaded) setTiles('failed');
        });
        layer.addTo(created);
      },
      () => live && setTiles('failed'),
    );
    const again = () => redraw((count) => count + 1);
    created.on('zoomend moveend', again);
    return () => {
      live = false;
      created.remove();
      map.current = null;
    };
  }, []);

  // The first points frame the map.
  useEffect(() => {
    const current = map.current;
    if (!current || fitted.current || points.length + track.length === 0) return;
    fitted.current = true;
    const bounds = L.latLngBounds([
      ...points.map((point): [number, number] => [point.lat, point.lon]),
      ...track.map((step): [number, number] => [step.lat, step.lon]),
    ]);
    current.fitBounds(bounds.pad(0.2), { maxZoom: 13, animate: false });
  }, [points, track]);

  // The route.
  useEffect(() => {
    const current = map.current;
    if (!current) return;
    line.current?.remove();
    line.current =
      track.length > 1
        ? L.polyline(
            track.map((step): [number, number] => [step.lat, step.lon]),
            { color: theme.palette.primary.main, weight: 3, opacity: 0.8 },
          ).addTo(current)
        : null;
  }, [track, theme.palette.primary.main]);

  // The markers of the view, clustered at this zoom, redrawn after each move and each change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `drawn` and `points` trigger a redraw of what the refs hold
  useEffect(() => {
    const current = map.current;
    const layer = markers.current;
    if (!current || !layer) return;
    let cancelled = false;
    const zoom = current.getZoom();
    const view = current.getBounds().pad(0.25);
    const shown = latest.current.points.filter((point) => view.contains([point.lat, point.lon]));
    const { clusters, singles } = gridClusters(shown, (point) =>
      current.project([point.lat, point.lon], zoom),
    );
    layer.clearLayers();
    const say = latest.current.t;
    const add = (marker: L.Marker) => marker.addTo(layer);
    void inBatches(
      clusters,
      MAP_BATCH_SIZE,
      (slice) => {
        for (const cluster of slice) {
          const size = cluster.items.length < 10 ? 34 : cluster.items.length < 100 ? 40 : 48;
          const marker = L.marker(current.unproject([cluster.at.x, cluster.at.y], zoom), {
            icon: L.divIcon({
              html: textElement(String(cluster.items.length), 'fp-map-cluster'),
              className: 'fp-map-marker',
              iconSize: [size, size],
            }),
            title: say('device.map.cluster', { count: cluster.items.length }),
            alt: say('device.map.cluster', { count: cluster.items.length }),
          });
          marker.on('click', () =>
            current.fitBounds(L.latLngBounds(cluster.items.map((point) => [point.lat, point.lon])).pad(0.1), {
              maxZoom: 18,
            }),
          );
          add(marker);
        }
      },
      () => cancelled,
    ).then(() =>
      inBatches(
        singles,
        MAP_BATCH_SIZE,
        (slice) => {
          for (const point of slice) {
            const dot = document.createElement('div');
            dot.className = 'fp-map-dot';
            dot.dataset.status = point.status;
            dot.dataset.testid = 'map-device';
            const marker = L.marker([point.lat, point.lon], {
              icon: L.divIcon({ html: dot, className: 'fp-map-marker', iconSize: [16, 16] }),
              title: point.name,
              alt: point.name,
            });
            marker.bindTooltip(textElement(point.name), { direction: 'top', offset: [0, -8] });
            const open = latest.current.onOpen;
            if (open) marker.on('click', () => open(point.id));
            add(marker);
          }
        },
        () => cancelled,
      ),
    );
    return () => {
      cancelled = true;
    };
  }, [drawn, points]);

  const colours = {
    '--fp-map-online': theme.palette.success.main,
    '--fp-map-offline': theme.palette.error.main,
    '--fp-map-pending': theme.palette.warning.main,
    '--fp-map-not_activated': theme.palette.text.disabled,
    '--fp-map-cluster': theme.palette.primary.main,
    '--fp-map-cluster-text': theme.palette.primary.contrastText,
    '--fp-map-ground': theme.palette.mode === 'dark' ? '#2b2f36' : '#e8ecef',
  } as Record<string, string>;
  return (
    <Box>
      {(tiles === 'none' || tiles === 'failed') && (
        <Alert severity="info" sx={{ mb: 1 }} data-testid="map-note">
          {tiles === 'none' ? t('device.map.noTiles') : t('device.map.tilesFailed')}
        </Alert>
      )}
      <Box
        ref={box}
        role="region"
        aria-label={label}
        className="fp-map"
        data-testid="device-map"
        data-tiles={tiles}
        sx={{ height, borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'divider', ...colours }}
      />
    </Box>
  );
}
