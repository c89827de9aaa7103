import { describe, expect, it } from 'vitest';
import {
  DENSITIES,
  densityStorageKey,
  gridBaseHeights,
  ROW_HEIGHTS,
  readColumnWidths,
  readDensity,
  widthsStorageKey,
  withStoredWidth,
} from './grid-preferences.ts';

// Issue 28 (spec §7 "Storage"): a grid's density and column widths are user-storage entries beside
// its column choice, and what comes back from storage is checked before the grid uses it.
describe('grid preferences in user storage', () => {
  it('keys: named by the grid, as the column choice is', () => {
    expect(densityStorageKey('devices')).toBe('grid.devices.density');
    expect(widthsStorageKey('devices')).toBe('grid.devices.widths');
  });

  it('readDensity: a stored density is used; anything else is the standard one', () => {
    expect(readDensity('compact')).toBe('compact');
    expect(readDensity('comfortable')).toBe('comfortable');
    expect(readDensity(undefined)).toBe('standard');
    expect(readDensity('tiny')).toBe('standard');
    expect(readDensity({ density: 'compact' })).toBe('standard');
  });

  it('readColumnWidths: whole pixels within the limits; other values and shapes are left out', () => {
    expect(readColumnWidths({ name: 240.4, serial: 10, mac: 'wide', model: Number.NaN, x: 5000 })).toEqual({
      name: 240,
    });
    expect(readColumnWidths([200])).toEqual({});
    expect(readColumnWidths('200')).toEqual({});
    expect(readColumnWidths(undefined)).toEqual({});
  });

  it('withStoredWidth: a sized column gets its width instead of its share; others stay', () => {
    const name = { field: 'name', flex: 1.5, minWidth: 180 };
    expect(withStoredWidth(name, { name: 300 })).toEqual({ field: 'name', minWidth: 180, width: 300 });
    expect(withStoredWidth(name, { serial: 300 })).toBe(name);
  });
});

describe('the full grid draws the same heights as the first paint (issue 28)', () => {
  it('gives MUI X base heights that its density factor and rounding turn into ROW_HEIGHTS', () => {
    const factors = { compact: 0.7, standard: 1, comfortable: 1.3 } as const;
    for (const density of DENSITIES) {
      const base = gridBaseHeights(density);
      expect(Math.floor(base.rowHeight * factors[density])).toBe(ROW_HEIGHTS[density].row);
      expect(Math.floor(base.columnHeaderHeight * factors[density])).toBe(ROW_HEIGHTS[density].header);
    }
    // Compact holds 20 rows in 640 pixels: a laptop's screen under the title and toolbar.
    expect(ROW_HEIGHTS.compact.row * 20).toBeLessThanOrEqual(640);
  });
});
