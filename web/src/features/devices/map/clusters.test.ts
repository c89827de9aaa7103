import { describe, expect, it } from 'vitest';
import { gridClusters, inBatches } from './clusters.ts';

describe('gridClusters (spec §9 map clusters: grid 60, minimum cluster size 2)', () => {
  const at = (x: number, y: number, id = `${x},${y}`) => ({ id, x, y });
  const pixel = (item: { x: number; y: number }) => item;

  it('clusters two or more items of one 60-pixel cell at their mean and leaves a lone item single', () => {
    const { clusters, singles } = gridClusters(
      [at(0, 0), at(50, 40), at(59, 59), at(60, 0), at(200, 200)],
      pixel,
    );
    expect(clusters).toHaveLength(1);
    expect(clusters[0]?.items.map((item) => item.id)).toEqual(['0,0', '50,40', '59,59']);
    expect(clusters[0]?.at.x).toBeCloseTo(109 / 3);
    expect(clusters[0]?.at.y).toBeCloseTo(33);
    // 60 starts the next cell; 200,200 is alone in its own.
    expect(singles.map((item) => item.id).sort()).toEqual(['200,200', '60,0']);
  });

  it('follows the grid and the minimum it is given', () => {
    const items = [at(0, 0), at(70, 0), at(140, 0)];
    expect(gridClusters(items, pixel, 200).clusters[0]?.items).toHaveLength(3);
    expect(gridClusters(items, pixel, 60, 1).clusters).toHaveLength(3);
    expect(gridClusters([], pixel)).toEqual({ clusters: [], singles: [] });
  });
});

describe('inBatches (spec §9: batches of 2000)', () => {
  it('hands the items over in slices of the size and stops once cancelled', async () => {
    const items = Array.from({ length: 4500 }, (_, index) => index);
    const slices: number[] = [];
    await inBatches(
      items,
      2000,
      (slice) => slices.push(slice.length),
      () => false,
    );
    expect(slices).toEqual([2000, 2000, 500]);
    const cut: number[] = [];
    await inBatches(
      items,
      2000,
      (slice) => cut.push(slice.length),
      () => cut.length === 1,
    );
    expect(cut).toEqual([2000]);
  });
});
