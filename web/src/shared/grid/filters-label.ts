import type { TFunction } from 'i18next';

/**
 * The words on the grid's Filters button, on both paints: "Filters (2)"; where the page has
 * filters of its own beside the grid (the devices list), "Column filters (2)", so that the page's
 * Filters and the grid's are two different buttons to the eye and to a screen reader.
 */
export function gridFiltersLabel(t: TFunction, count: number, pageFilters: boolean): string {
  if (pageFilters) return count > 0 ? t('grid.columnFiltersCount', { count }) : t('grid.columnFilters');
  return count > 0 ? t('grid.filtersCount', { count }) : t('grid.filters');
}
