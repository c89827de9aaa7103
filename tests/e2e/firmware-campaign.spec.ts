import { MODEL_FAMILIES } from '@fleetport/contracts/device-protocol';
import { expect, type Page, test } from '@playwright/test';
import { type FleetRow, onlineDevices, takeOffline, useFleet } from './fleet.ts';
import { callApi, signIn, urlFor } from './sign-in.ts';

/**
 * A firmware campaign (issue 21 §4) in Chromium against the real API and a simulated fleet that
 * really downloads, checks and flashes: an image uploaded to the company, a campaign on a tag with
 * a canary, a pause by the health gate on injected failures (its reason on screen), Resume, and a
 * device that was offline updated when it comes back.
 */

const fleet = useFleet({ rebootDelayMs: 1_000, firmwareStepMs: 100 });

/** Uploads a firmware image to a company through the API, as the Files page does (multipart). */
async function uploadFirmware(page: Page, companyId: number, version: string): Promise<number> {
  const answer = await page.evaluate(
    async ({ companyId, version, families }) => {
      const xsrf = /(?:^|; )XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '';
      const form = new FormData();
      form.set('company_id', String(companyId));
      form.set('kind', 'firmware');
      form.set('version', version);
      form.set('families', families.join(','));
      form.set('release_notes', 'Campaign test image.');
      form.set('file', new Blob([`firmware ${version} `.repeat(4096)]), `RUTX_R_${version}.bin`);
      const response = await fetch('/api/files', {
        method: 'POST',
        headers: { 'X-Requested-With': 'XMLHttpRequest', 'X-XSRF-TOKEN': decodeURIComponent(xsrf) },
        body: form,
      });
      return { status: response.status, body: await response.json() };
    },
    { companyId, version, families: [...MODEL_FAMILIES] },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data.id as number;
}

test('a campaign on a tag: the canary, a pause by the health gate on injected failures, Resume, and an offline device updated when it comes back', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, 'admin@acme.example', 'acme.localhost');
  const devices = (await onlineDevices(page, fleet(), 5)).slice(0, 5);
  const companies = await callApi(page, 'GET', '/companies?q=Acme%20Networks&limit=100&fields=id,name');
  const acme = (companies.body.data as { id: number; name: string }[]).find(
    (row) => row.name === 'Acme Networks',
  );
  if (!acme) throw new Error('no Acme Networks');
  const version = `00.08.${String((Date.now() % 90) + 10)}`;
  await uploadFirmware(page, acme.id, version);
  const fileName = `RUTX_R_${version}.bin`;

  // The campaign's devices carry a tag.
  const tagName = `Campaign ${version}`;
  const tag = await callApi(page, 'POST', '/tags', { company_id: acme.id, name: tagName });
  expect(tag.status).toBeLessThan(300);
  const tagId = (tag.body.data as { id: number }).id;
  const tagged = await callApi(page, 'POST', '/devices/bulk', {
    action: 'add_tags',
    ids: devices.map((device) => device.row.id),
    tag_ids: [tagId],
  });
  expect(tagged.status).toBeLessThan(300);

  // One of them goes away before the campaign: its task waits for it.
  const [away, ...present] = devices;
  if (!away) throw new Error('no device');
  await takeOffline(page, away);
  // The others are armed to fail their next update (a damaged download): the gate has work.
  for (const device of present) device.sim.injectFirmwareFailure('checksum');

  await page.goto(urlFor('acme.localhost', '/management/task-manager'));
  await page.getByTestId('task-groups-update-firmware').click();
  await expect(page).toHaveURL(/\/management\/update-firmware$/);
  const form = page.getByTestId('update-firmware');
  await form.getByRole('combobox', { name: 'Devices' }).click();
  await page.getByRole('option', { name: 'Every device with a tag' }).click();
  await form.getByRole('combobox', { name: 'Tag' }).click();
  await page.getByRole('option', { name: tagName }).click();
  await form.getByRole('combobox', { name: 'Firmware image' }).click();
  await page.getByRole('option', { name: new RegExp(version.replace(/\./g, '\\.')) }).click();
  await page.getByTestId('firmware-canary').fill('20');
  await page.getByTestId('firmware-waves').fill('2');
  await page.getByTestId('firmware-threshold').fill('50');

  // The dry run says what will happen before anything does.
  await page.getByTestId('firmware-check').click();
  const preview = page.getByTestId('firmware-preview');
  await expect(preview).toContainText('Updates 5 devices');
  await expect(preview).toContainText('1 is offline and gets it when it connects.');
  await expect(preview).toContainText('Canary: 1 device · Wave 1: 2 devices · Wave 2: 2 devices');

  await page.getByTestId('firmware-start').click();
  await expect(page).toHaveURL(/\/management\/task-manager\?group=\d+$/);
  await expect(page.getByTestId('task-group-what')).toContainText(`Firmware update to ${version}`);
  // The gate trips on the damaged downloads and says why, live.
  const paused = page.getByTestId('task-group-paused');
  await expect(paused).toContainText(/devices failed \(100 %\), above the 50 % threshold/, {
    timeout: 60_000,
  });
  await expect(page.getByTestId('task-group-waves')).toBeVisible();
  const tasks = page.getByRole('grid', { name: 'Devices of this task' });
  await expect(tasks).toContainText('checksum mismatch');

  // The cause is fixed (the downloads are sound again); the campaign goes on.
  for (const device of present) device.sim.injectFirmwareFailure(undefined);
  await page.getByTestId('task-group-resume').click();
  await expect(page.getByText('The update goes on.')).toBeVisible();
  await expect(paused).toHaveCount(0);

  // The device that was away comes back and gets its update; the campaign ends.
  away.sim.start();
  // The group's state chip (the header also gains a 'Finished' time).
  await expect(page.getByTestId('task-group').locator('[data-state="finished"]')).toBeVisible({
    timeout: 90_000,
  });
  const succeeded = Number(
    (await page.getByTestId('task-count-succeeded').textContent())?.replace(/\D/g, ''),
  );
  const failed = Number((await page.getByTestId('task-count-failed').textContent())?.replace(/\D/g, ''));
  expect(succeeded + failed).toBe(5);
  expect(succeeded).toBeGreaterThanOrEqual(2);
  const back = await callApi(page, 'GET', `/devices?q=${away.row.serial}&fields=firmware`);
  expect((back.body.data as FleetRow[])[0]?.firmware).toMatch(
    new RegExp(`_${version.replace(/\./g, '\\.')}$`),
  );

  // Device file view: the image's details say where it went, each device a click away.
  await page.goto(urlFor('acme.localhost', `/management/files?q=${encodeURIComponent(fileName)}`));
  const file = page
    .getByRole('grid', { name: 'Files' })
    .getByRole('row')
    .filter({ has: page.getByRole('group', { name: `Actions for ${fileName}` }) });
  await file.getByRole('button', { name: 'File details' }).click();
  const details = page.getByRole('dialog', { name: 'File details' });
  await expect(details.getByTestId('file-devices-summary')).toHaveText(
    `Sent to 5 devices: ${succeeded} done, ${failed} failed, 0 waiting.`,
  );
  const deviceLink = details
    .getByTestId('file-devices')
    .getByRole('link', { name: away.row.name, exact: true });
  await expect(deviceLink).toHaveAttribute('href', `/devices/${away.row.id}`);
  // A click shows the device's page and puts the details away.
  await deviceLink.click();
  await expect(page).toHaveURL(new RegExp(`/devices/${away.row.id}/`));
  await expect(details).toHaveCount(0);
  await expect(page.getByTestId('page-title')).toBeVisible();
});
