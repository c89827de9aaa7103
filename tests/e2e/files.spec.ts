import { createHash, randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { signIn, urlFor } from './sign-in.ts';

/**
 * Files (spec §2 /files, File permissions, Global Firmware; §9 resource credits): a firmware
 * uploaded to a company with a live progress bar, listed with its SHA-256, shared with a
 * subsidiary (whose admin then sees it), and deleted behind a question; and a firmware of the
 * global catalogue uploaded by the platform admin.
 */

/** A firmware image of `size` random bytes, and its SHA-256 as the API computes it. */
function image(name: string, size: number) {
  const buffer = randomBytes(size);
  return {
    file: { name, mimeType: 'application/octet-stream', buffer },
    sha256: createHash('sha256').update(buffer).digest('hex'),
  };
}

/** Slows the browser's uploads (Chromium's network emulation), so the progress bar is seen. */
async function slowUploads(page: Page, bytesPerSecond: number | undefined): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond ?? -1,
  });
}

test('an admin uploads a firmware to a company with progress, sees its SHA-256, shares it with a subsidiary and deletes it', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const name = `RUT_R_e2e_${Date.now().toString(36)}.bin`;
  const { file, sha256 } = image(name, 1024 * 1024);
  await signIn(page, 'admin@acme.example');
  await page.getByTestId('nav-files').click();
  await expect(page).toHaveURL(/\/management\/files$/);

  await page.getByTestId('upload-file').click();
  const dialog = page.getByRole('dialog', { name: 'Upload file' });
  await dialog.getByRole('combobox', { name: 'Company' }).click();
  await page.getByRole('option', { name: 'Acme Networks', exact: true }).click();
  await dialog.getByRole('combobox', { name: 'Kind' }).click();
  await page
    .getByRole('listbox', { name: 'Kind' })
    .getByRole('option', { name: 'Firmware', exact: true })
    .click();
  await expect(dialog.getByText(/Firmware upload credits/)).toBeVisible();
  // A firmware names its version and model families: refused without them, in the browser.
  await dialog.getByLabel('File', { exact: true }).setInputFiles(file);
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog.getByText('This field is required')).toHaveCount(2);
  await dialog.getByRole('textbox', { name: 'Version' }).fill('RUT_R_00.07.09');
  await dialog.getByRole('combobox', { name: 'Model families' }).click();
  await page.getByRole('option', { name: 'RUT', exact: true }).click();
  await dialog.getByRole('textbox', { name: 'Release notes' }).fill('Security fixes.\nNew modem firmware.');

  await slowUploads(page, 256 * 1024);
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  const progress = dialog.getByTestId('upload-progress');
  await expect(progress).toBeVisible();
  await expect(progress.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
  await expect(page.getByText(`${name} was uploaded.`)).toBeVisible({ timeout: 30_000 });
  await slowUploads(page, undefined);

  // Listed with its SHA-256 (shortened in the grid, whole on hover and in the details).
  await page.getByTestId('list-search').fill(name);
  await expect(page).toHaveURL(/q=/);
  const grid = page.getByRole('grid', { name: 'Files' });
  // By its actions' name: the name's own cell may be scrolled out of the virtualized columns.
  const row = grid.getByRole('row').filter({ has: page.getByRole('group', { name: `Actions for ${name}` }) });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('file-sha256')).toHaveAttribute('data-sha256', sha256);
  await expect(row.getByTestId('file-sha256')).toHaveText(`${sha256.slice(0, 12)}…`);
  await expect(row).toContainText('Acme Networks');
  await expect(row).toContainText('RUT_R_00.07.09');

  // Shared with a subsidiary.
  await row.getByRole('button', { name: 'File permissions' }).click();
  const permissions = page.getByRole('dialog', { name: 'File permissions' });
  await permissions.getByRole('combobox', { name: 'Companies that see the file' }).click();
  await page.getByRole('option', { name: /Acme East$/ }).click();
  await permissions.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`File permissions of ${name} saved.`)).toBeVisible();
  await row.getByRole('button', { name: 'File details' }).click();
  const details = page.getByRole('dialog', { name: 'File details' });
  await expect(details.getByTestId('file-details-shared')).toHaveText('Acme East');
  await expect(details.getByTestId('file-sha256')).toHaveText(sha256);
  await expect(details.getByTestId('file-details-notes')).toHaveText('Security fixes.\nNew modem firmware.');
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();

  // The subsidiary's admin sees it now, and may download it but not delete it.
  const east = await browser.newContext();
  const eastPage = await east.newPage();
  await signIn(eastPage, 'east.admin@acme.example');
  await eastPage.goto(urlFor('acme.localhost', `/management/files?q=${encodeURIComponent(name)}`));
  const shared = eastPage.getByRole('grid', { name: 'Files' }).getByRole('row').filter({ hasText: name });
  await expect(shared).toHaveCount(1);
  await expect(shared.getByRole('button', { name: 'Download' })).toBeVisible();
  await expect(shared.getByRole('button', { name: 'Delete file' })).toHaveCount(0);
  await east.close();

  // Deleted behind a question naming it.
  await row.getByRole('button', { name: 'Delete file' }).click();
  const question = page.getByRole('dialog', { name: 'Delete file' });
  await expect(question.getByText(`Delete the file “${name}”?`, { exact: false })).toBeVisible();
  await question.getByRole('button', { name: 'Delete file' }).click();
  await expect(page.getByText(`${name} was deleted.`)).toBeVisible();
  await expect(grid.getByRole('row').filter({ hasText: name })).toHaveCount(0);
});

test('the platform admin uploads a firmware to the global catalogue, which every company sees', async ({
  page,
}) => {
  const name = `TRB1_R_e2e_${Date.now().toString(36)}.bin`;
  const { file, sha256 } = image(name, 64 * 1024);
  await signIn(page, 'super@fleetport.example', 'localhost');
  await page.getByTestId('nav-files.global.firmware').click();
  await expect(page).toHaveURL(/\/files\/global\/firmware$/);
  await expect(page.getByTestId('page-title')).toHaveText('Global Firmware');

  await page.getByTestId('upload-file').click();
  const dialog = page.getByRole('dialog', { name: 'Upload firmware to the global catalogue' });
  await expect(dialog.getByRole('combobox', { name: 'Company' })).toHaveCount(0);
  await dialog.getByRole('textbox', { name: 'Version' }).fill('TRB1_R_00.07.01');
  await dialog.getByRole('combobox', { name: 'Model families' }).click();
  await page.getByRole('option', { name: 'TRB', exact: true }).click();
  await dialog.getByRole('textbox', { name: 'Release notes' }).fill('Long-term support release.');
  await dialog.getByLabel('File', { exact: true }).setInputFiles(file);
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByText(`${name} was uploaded.`)).toBeVisible();

  const row = page
    .getByRole('grid', { name: 'Global firmware catalogue' })
    .getByRole('row')
    .filter({ hasText: name });
  await expect(row).toContainText('TRB1_R_00.07.01');
  await expect(row).toContainText('TRB');
  await expect(row).toContainText('Long-term support release.');
  await expect(row.getByTestId('file-sha256')).toHaveAttribute('data-sha256', sha256);

  await row.getByRole('button', { name: 'Delete file' }).click();
  await page
    .getByRole('dialog', { name: 'Delete file' })
    .getByRole('button', { name: 'Delete file' })
    .click();
  await expect(page.getByText(`${name} was deleted.`)).toBeVisible();
});
