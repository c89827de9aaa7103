import { readFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import { expect, type Page, test } from '@playwright/test';
import type { SimDevice } from '../../device-sim/src/device.ts';
import { useFleet } from './fleet.ts';
import { selectRow } from './lists.ts';
import { callApi, signIn, urlFor } from './sign-in.ts';

/**
 * Take a backup (issue 22), against the real API and a simulated fleet: the device page's
 * Configuration tab asks a device for a backup, the device uploads its configuration archive
 * through its task's signed link, the tab lists it and downloads it; the devices list's bulk bar
 * takes a backup of a selection as a task group.
 */

const fleetOf = useFleet();

interface Row {
  id: number;
  serial: string;
  name: string;
}

/** Fleet devices the API shows Online, and their simulated units. */
async function onlineDevices(page: Page, count: number): Promise<{ row: Row; sim: SimDevice }[]> {
  let found: { row: Row; sim: SimDevice }[] = [];
  await expect(async () => {
    const answer = await callApi(page, 'GET', '/devices?status=online&limit=100&fields=id,serial,name');
    found = (answer.body.data as Row[]).flatMap((row) => {
      const sim = fleetOf().devices.find((device) => device.profile.serial === row.serial);
      return sim?.state === 'online' ? [{ row, sim }] : [];
    });
    if (found.length < count) throw new Error('not enough fleet devices online yet');
  }).toPass({ timeout: 20_000 });
  return found.slice(0, count);
}

test('Take a backup from the Configuration tab: the device uploads it, the tab lists it, and it downloads as the device’s configuration', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signIn(page, 'admin@acme.example');
  const [device] = await onlineDevices(page, 1);
  if (!device) throw new Error('no online device');
  const { row, sim } = device;
  await page.goto(urlFor('acme.localhost', `/devices/${row.id}/configuration`));
  const section = page.getByTestId('device-backups');
  await expect(section.getByRole('heading', { name: 'Backups' })).toBeVisible();
  const rows = section.getByTestId('backup-row');
  // The device's backups before, from the API (the list may still be loading).
  const listed = await callApi(page, 'GET', `/devices/${row.id}/backups?limit=100`);
  const before = (listed.body.data as unknown[]).length;
  await expect(rows).toHaveCount(before);

  await section.getByTestId('backup-take').click();
  const status = page.getByRole('dialog', { name: 'Action status' });
  const item = status.getByTestId('action-status-item');
  await expect(item).toHaveAttribute('data-state', 'succeeded', { timeout: 30_000 });
  await expect(item).toContainText(
    new RegExp(`uploaded as ${row.serial}-\\d{4}-\\d{2}-\\d{2}-\\d{4}\\.fpbackup\\.gz`),
  );
  await status.getByRole('button', { name: 'Close' }).first().click();

  // Listed first, with the revision the device holds.
  await expect(rows).toHaveCount(before + 1);
  const revision = sim.configuration().revision;
  await expect(rows.first()).toContainText(String(revision));
  await expect(rows.first()).toContainText(/\d+(\.\d+)? (B|KB)/);

  // Export backup: the archive the device uploaded, its whole tree with the secrets in it.
  const downloading = page.waitForEvent('download');
  await rows
    .first()
    .getByRole('button', { name: /^Download / })
    .click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^${row.serial}-.*\\.fpbackup\\.gz$`));
  const document = JSON.parse(gunzipSync(await readFile(await download.path())).toString('utf8'));
  expect(document).toMatchObject({ format: 'fleetport-device-backup', serial: row.serial, revision });
  expect(document.config['network.lan']).toEqual(sim.configuration().config['network.lan']);
  expect(document.config['users.admin'].password).not.toBe('********');
});

test('Take a backup of a selection in the devices list: asked first, then its task group in the Task manager', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signIn(page, 'admin@acme.example');
  const [device] = await onlineDevices(page, 1);
  if (!device) throw new Error('no online device');
  await page.goto(urlFor('acme.localhost', `/management/devices?q=${device.row.serial}`));
  const grid = page.getByRole('grid', { name: 'Devices' });
  await expect(grid.getByRole('row')).toHaveCount(2);
  await selectRow(grid, device.row.serial);
  await page.getByTestId('bulk-backup').click();
  const question = page.getByRole('dialog', { name: 'Take a backup' });
  await expect(question).toContainText('Take a backup of 1 device?');
  await question.getByRole('button', { name: 'Take a backup' }).click();
  await expect(page.getByText('Backup started on 1 device.')).toBeVisible();
  await expect(page).toHaveURL(/\/management\/task-manager\?group=\d+$/);
  await expect(page.getByTestId('task-count-succeeded')).toHaveText('Succeeded 1', { timeout: 30_000 });
});
