/**
 * A grid's density and column widths as kept in the user's storage (spec §7 "Storage"), beside
 * its column choice (`grid.<gridId>.columns`, grid-query.ts): `grid.<gridId>.density` and
 * `grid.<gridId>.widths`. Pure, so the hook, both paints of the grid and the tests share it.
 */

export const DENSITIES = ['compact', 'standard', 'comfortable'] as const;
export type GridDensity = (typeof DENSITIES)[number];

export const DEFAULT_DENSITY: GridDensity = 'standard';

/**
 * Row and header heights per density. Standard and comfortable are MUI's (52 and 56, scaled by
 * 1.3); compact is tighter than MUI's 36: an operator's laptop (1440 × 900) shows 20 rows of it
 * under the page's title and toolbar (issue 28).
 */
export const ROW_HEIGHTS: Readonly<Record<GridDensity, { row: number; header: number }>> = {
  compact: { row: 32, header: 36 },
  standard: { row: 52, header: 56 },
  comfortable: { row: 67, header: 72 },
};

/** MUI X's factor per density (its `densitySelector`): the full grid scales its base heights by it. */
const DENSITY_FACTORS: Readonly<Record<GridDensity, number>> = {
  compact: 0.7,
  standard: 1,
  comfortable: 1.3,
};

/**
 * The base heights to give MUI X so that, scaled by the density's factor and rounded down as it
 * does, its rows and header are ROW_HEIGHTS' (both paints the same height, so the swap does not move).
 */
export function gridBaseHeights(density: GridDensity): { rowHeight: number; columnHeaderHeight: number } {
  const { row, header } = ROW_HEIGHTS[density];
  const factor = DENSITY_FACTORS[density];
  return { rowHeight: (row + 0.5) / factor, columnHeaderHeight: (header + 0.5) / factor };
}

export function densityStorageKey(gridId: string): string {
  return `grid.${gridId}.density`;
}

/** A stored density, or the standard one when what is stored is not one. */
export function readDensity(stored: unknown): GridDensity {
  return DENSITIES.find((density) => density === stored) ?? DEFAULT_DENSITY;
}

/** Column widths a user set by dragging a header's edge, in pixels, by field. */
export type ColumnWidths = Record<string, number>;

/** Narrower or wider than this is not a width anyone chose (a stored value gone wrong). */
export const WIDTH_LIMITS = { min: 40, max: 2000 } as const;

export function widthsStorageKey(gridId: string): string {
  return `grid.${gridId}.widths`;
}

/** Stored widths, whole pixels within the limits; anything else is left out. */
export function readColumnWidths(stored: unknown): ColumnWidths {
  if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return {};
  const widths: ColumnWidths = {};
  for (const [field, width] of Object.entries(stored)) {
    if (typeof width !== 'number' || !Number.isFinite(width)) continue;
    if (width < WIDTH_LIMITS.min || width > WIDTH_LIMITS.max) continue;
    widths[field] = Math.round(width);
  }
  return widths;
}

/** A column as the user sized it: a fixed width instead of its share of the room. */
export function withStoredWidth<Column extends { field: string; width?: number; flex?: number }>(
  column: Column,
  widths: ColumnWidths,
): Column {
  const width = widths[column.field];
  if (width === undefined) return column;
  const { flex: _flex, ...fixed } = column;
  return { ...fixed, width } as Column;
}

/** The one column a user adds to a grid's kept columns on a phone (phone.ts), by field. */
export function phoneColumnStorageKey(gridId: string): string {
  return `grid.${gridId}.phone`;
}

/** A stored phone column: a field name, or none (the grid's default) when what is stored is not one. */
export function readPhoneColumn(stored: unknown): string | undefined {
  return typeof stored === 'string' && stored !== '' ? stored : undefined;
}
