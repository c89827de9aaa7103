import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { onlineDevices, useFleet } from './fleet.ts';
import { signIn, urlFor } from './sign-in.ts';

/**
 * Restore a backup and the Backups page (issue 22 "Upload backup": Restore, Export, Upload to
 * device), against the real API and a simulated fleet: a backup taken from the Configuration tab
 * is restored after a change, confirmed with the diff first, and the device comes back at the
 * old setting; a backup file from the computer is uploaded on the Backups page and listed.
 */

const fleetOf = useFleet();

test('Restore a backup from the Configuration tab: the diff names the NTP server, and the tab comes back at the old one', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin@acme.example');
  // Not the first online device, which other specs change too.
  const devices = await onlineDevices(page, fleetOf(), 3);
  const device = devices[2];
  if (!device) throw new Error('no online device');
  const { row, sim } = device;
  const old = sim.configuration().config.ntp?.server;
  if (typeof old !== 'string') throw new Error('the simulated device has no NTP server');
  await page.goto(urlFor('acme.localhost', `/devices/${row.id}/configuration`));
  const status = page.getByRole('dialog', { name: 'Action status' });
  const item = status.getByTestId('action-status-item');

  // Take a backup.
  const section = page.getByTestId('device-backups');
  const rows = section.getByTestId('backup-row');
  // Counted once the list is there (empty or not).
  await expect(section.getByTestId('backups-empty').or(rows.first())).toBeVisible();
  const before = await rows.count();
  await section.getByTestId('backup-take').click();
  await expect(item).toHaveAttribute('data-state', 'succeeded', { timeout: 30_000 });
  await status.getByRole('button', { name: 'Close' }).first().click();
  await expect(rows).toHaveCount(before + 1);

  // Change the NTP server on the Configuration tab.
  const changed = `time${Date.now().toString(36)}.example.org`;
  const card = page.getByTestId('config-section-ntp');
  await card.getByRole('button', { name: 'Edit Time (NTP)' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit: Time (NTP)' });
  await edit.getByRole('textbox', { name: 'Server' }).fill(changed);
  await edit.getByRole('button', { name: 'Apply' }).click();
  await expect(item).toHaveAttribute('data-state', 'succeeded', { timeout: 20_000 });
  await status.getByRole('button', { name: 'Close' }).first().click();
  await expect(card).toContainText(`Server${changed}`);

  // Restore the backup: the diff first, naming the NTP server, device's value → backup's.
  await rows
    .first()
    .getByRole('button', { name: /^Restore / })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Restore a backup' });
  const line = dialog.getByTestId('restore-line').filter({ hasText: 'Time (NTP) › Server' });
  await expect(line).toHaveCount(1);
  await expect(line).toContainText(changed);
  await expect(line).toContainText(old);
  await expect(dialog.getByTestId('restore-count')).toContainText(
    /Restoring changes \d+ settings? on the device/,
  );
  // Secrets never by their value: the device reads them back masked, so they are written again, not compared.
  const password = dialog.getByTestId('restore-line').filter({ hasText: 'Password' }).first();
  await expect(password).toContainText('Written again (secrets are not compared)');
  await dialog.getByTestId('restore-confirm').click();
  await expect(item).toHaveAttribute('data-state', 'succeeded', { timeout: 30_000 });
  await expect(dialog).toHaveCount(0);
  await status.getByRole('button', { name: 'Close' }).first().click();

  // The device is back at the old server, and so is the tab.
  expect(sim.configuration().config.ntp?.server).toBe(old);
  await expect(card).toContainText(`Server${old}`);
  await expect(page.getByTestId('config-provenance')).toContainText('changed by the console');
});

test('Backups page: a backup file uploaded from the computer is listed with its device and revision', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signIn(page, 'admin@acme.example');
  // Another device than the specs that count a device's backups take.
  const device = (await onlineDevices(page, fleetOf(), 4))[3];
  if (!device) throw new Error('no online device');
  const { row, sim } = device;
  const { config, revision } = sim.configuration();
  const name = `${row.serial}-from-disk-${Date.now().toString(36)}.fpbackup.gz`;
  const file = path.join(tmpdir(), name);
  const document = {
    format: 'fleetport-device-backup',
    version: 1,
    serial: row.serial,
    model: sim.profile.model,
    firmware: sim.profile.firmware,
    revision,
    created_at: new Date().toISOString(),
    config,
  };
  await writeFile(file, gzipSync(JSON.stringify(document)));

  await page.goto(urlFor('acme.localhost', '/management/upload-backup'));
  await expect(page.getByRole('tab', { name: 'Backups' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('backups-intro')).toContainText('Upload to device');
  await page.getByTestId('upload-backup').click();
  const dialog = page.getByRole('dialog', { name: 'Upload backup' });
  await dialog.getByRole('combobox', { name: 'Company' }).click();
  await page.getByRole('option', { name: 'Acme Networks', exact: true }).click();
  await dialog.getByLabel('Backup file', { exact: true }).setInputFiles(file);
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByText(`${name} was uploaded.`)).toBeVisible({ timeout: 30_000 });

  await page.getByRole('searchbox', { name: 'Search backups' }).fill(name);
  await expect(page).toHaveURL(/[?&]q=/);
  const grid = page.getByRole('grid', { name: 'Backups' });
  const listed = grid.getByRole('row').filter({ hasText: name });
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText(row.name);
  await expect(listed).toContainText(String(revision));
  await expect(listed.getByRole('link', { name: row.name })).toHaveAttribute(
    'href',
    `/devices/${row.id}/configuration`,
  );
});
