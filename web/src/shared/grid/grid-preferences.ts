/**
 * A grid's density and column widths as kept in the user's storage (spec §7 "Storage"), beside
 * its column choice (`grid.<gridId>.columns`, grid-query.ts): `grid.<gridId>.density` and
 * `grid.<gridId>.widths`. Pure, so the hook, both paints of the grid and the tests share it.
 */

export const DENSITIES = ['compact', 'standard', 'comfortable'] as const;
export type GridDensity = (typeof DENSITIES)[number];

export const DEFAULT_DENSITY: GridDensity = 'standard';

/** Row and header heights per density: the full grid's (52 and 56 scaled by 0.7 and 1.3). */
export const ROW_HEIGHTS: Readonly<Record<GridDensity, { row: number; header: number }>> = {
  compact: { row: 36, header: 39 },
  standard: { row: 52, header: 56 },
  comfortable: { row: 67, header: 72 },
};

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
