import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Searches a list page and opens the row named `name`. The search is sent after a pause and the
 * rows are then replaced: a click aimed at the row while the answer arrives can land where the
 * row no longer is. The click waits until the list answered the search (the name is the first
 * row), as a person waits for the list to settle.
 */
export async function openFromList(page: Page, searchLabel: string, name: string): Promise<void> {
  await page.getByRole('searchbox', { name: searchLabel }).fill(name);
  await expect(page).toHaveURL(
    new RegExp(`[?&]q=${encodeURIComponent(name).replace(/%20/g, '(\\+|%20)')}(&|$)`),
  );
  const grid = page.getByRole('grid');
  await expect(grid.getByRole('row').nth(1)).toContainText(name);
  await grid.getByRole('link', { name, exact: true }).click();
}

/**
 * Selects the grid's row that shows `text` by its own checkbox. Found through the row, not by the
 * checkbox's name: a checked box is named "Unselect row", and the full grid can take the first
 * paint's place between the click and the look at its state.
 */
export async function selectRow(grid: Locator, text: string): Promise<void> {
  const box = grid.getByRole('row').filter({ hasText: text }).getByRole('checkbox');
  await box.check();
  await expect(box).toBeChecked();
}
