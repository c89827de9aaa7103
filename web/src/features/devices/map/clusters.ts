import { MAP_CLUSTER_GRID_PX, MAP_CLUSTER_MIN_SIZE } from '@fleetport/contracts/limits';

export interface Pixel {
  x: number;
  y: number;
}

export interface Cluster<T> {
  items: T[];
  /** The mean of its items' pixels. */
  at: Pixel;
}

/**
 * Spec §9 map clusters: the items whose pixels fall into one grid cell (60 px) form a cluster
 * when there are at least 2 of them; the others stay single. Pixels are absolute at one zoom
 * (not relative to the view), so a pan does not regroup anything.
 */
export function gridClusters<T>(
  items: readonly T[],
  pixelOf: (item: T) => Pixel,
  grid = MAP_CLUSTER_GRID_PX,
  minSize = MAP_CLUSTER_MIN_SIZE,
): { clusters: Cluster<T>[]; singles: T[] } {
  const cells = new Map<string, { items: T[]; x: number; y: number }>();
  for (const item of items) {
    const pixel = pixelOf(item);
    const key = `${Math.floor(pixel.x / grid)}:${Math.floor(pixel.y / grid)}`;
    const cell = cells.get(key);
    if (cell) {
      cell.items.push(item);
      cell.x += pixel.x;
      cell.y += pixel.y;
    } else cells.set(key, { items: [item], x: pixel.x, y: pixel.y });
  }
  const clusters: Cluster<T>[] = [];
  const singles: T[] = [];
  for (const cell of cells.values()) {
    if (cell.items.length >= minSize) {
      clusters.push({
        items: cell.items,
        at: { x: cell.x / cell.items.length, y: cell.y / cell.items.length },
      });
    } else singles.push(...cell.items);
  }
  return { clusters, singles };
}

const nextFrame = () =>
  new Promise<void>((resolve) =>
    typeof requestAnimationFrame === 'function'
      ? requestAnimationFrame(() => resolve())
      : setTimeout(resolve, 0),
  );

/** Runs `work` over `items` in slices, one slice per animation frame, until done or cancelled. */
export async function inBatches<T>(
  items: readonly T[],
  size: number,
  work: (slice: readonly T[]) => void,
  cancelled: () => boolean,
): Promise<void> {
  for (let start = 0; start < items.length; start += size) {
    if (start > 0) await nextFrame();
    if (cancelled()) return;
    work(items.slice(start, start + size));
  }
}
