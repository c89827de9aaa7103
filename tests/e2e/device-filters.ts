import { expect, type Page } from '@playwright/test';

/**
 * The devices list's filters sit behind its Filters button (issue 28): a panel beside it on a
 * wide screen, a sheet on a phone. A choice applies at once; Done closes.
 */
export async function openDeviceFilters(page: Page): Promise<void> {
  await page.getByTestId('open-filters').click();
  await expect(page.getByTestId('device-filters')).toBeVisible();
}

export async function closeDeviceFilters(page: Page): Promise<void> {
  await page.getByTestId('filters-done').click();
  await expect(page.getByTestId('device-filters')).toHaveCount(0);
}
