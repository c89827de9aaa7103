import { expect, type Page, test } from '@playwright/test';
import { type FleetRow, onlineDevices, takeOffline, useFleet } from './fleet.ts';
import { callApi, signIn, urlFor } from './sign-in.ts';

/**
 * Configure devices (spec §2 Multi-config; issue 22) against the real API and a simulated fleet
 * that keeps a real configuration: three Wi-Fi devices get a tag; the tag is chosen, the Wi-Fi
 * network name is set for all and a host name per device comes from a CSV file; Confirm shows
 * the dry run as a sentence and the diff per device; Apply makes the task group, which finishes,
 * and a device's Configuration tab shows the new network name and host name. A bad file is
 * refused by line: a value given twice before anything is sent, a serial not chosen by the API.
 */

const fleet = useFleet();

/** Three online devices that have Wi-Fi, tagged with a new tag of their company; answers the tag's name. */
async function tagThree(page: Page, name: string): Promise<FleetRow[]> {
  const wifi = (await onlineDevices(page, fleet(), 3)).filter(
    ({ sim }) => sim.configuration().config['wireless.ap0'] !== undefined,
  );
  const devices = wifi.slice(0, 3).map(({ row }) => row);
  expect(devices).toHaveLength(3);
  const companies = await callApi(page, 'GET', '/companies?q=Acme%20Networks&limit=100&fields=id,name');
  const acme = (companies.body.data as { id: number; name: string }[]).find(
    (row) => row.name === 'Acme Networks',
  );
  if (!acme) throw new Error('no Acme Networks');
  const tag = await callApi(page, 'POST', '/tags', { company_id: acme.id, name });
  expect(tag.status).toBeLessThan(300);
  const tagged = await callApi(page, 'POST', '/devices/bulk', {
    action: 'add_tags',
    ids: devices.map((device) => device.id),
    tag_ids: [(tag.body.data as { id: number }).id],
  });
  expect(tagged.status).toBeLessThan(300);
  return devices;
}

/** Imports a CSV text as the Set unique file. */
async function importCsv(page: Page, text: string): Promise<void> {
  await page.getByTestId('unique-file').setInputFiles({
    name: 'hostnames.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(text),
  });
}

/** Opens the page, chooses the tag, and sets the first Wi-Fi network's name for every device. */
async function chooseTagAndSsid(page: Page, tag: string, ssid: string): Promise<void> {
  await page.goto(urlFor('acme.localhost', '/management/configure-devices'));
  await page.getByRole('combobox', { name: 'Tag' }).click();
  await page.getByRole('option', { name: tag, exact: true }).click();
  await expect(page.getByTestId('configure-count')).toHaveText('3 devices.');
  await page.getByTestId('configure-next-devices').click();

  await page.getByRole('combobox', { name: 'Add a section' }).click();
  await page.getByRole('option', { name: 'Wi-Fi network 1' }).click();
  const wifi = page.getByTestId('configure-section-wireless.ap0');
  await wifi.getByRole('checkbox', { name: 'Change Network name (SSID)' }).check();
  await page.getByTestId('configure-field-wireless.ap0.ssid').fill(ssid);
}

test('a Wi-Fi name for a tag of devices and a host name each from a CSV: confirm, apply, and the devices have them', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin@acme.example', 'acme.localhost');
  const tag = `Config e2e ${Date.now()}`;
  const devices = await tagThree(page, tag);
  const ssid = `Fleet-${Date.now() % 100_000}`;
  await chooseTagAndSsid(page, tag, ssid);

  // A wrong IPv4 is said at its field, as typed; the section goes again.
  await page.getByRole('combobox', { name: 'Add a section' }).click();
  await page.getByRole('option', { name: 'LAN' }).click();
  const lan = page.getByTestId('configure-section-network.lan');
  await lan.getByRole('checkbox', { name: 'Change IP address' }).check();
  await page.getByTestId('configure-field-network.lan.ipaddr').fill('10.0.0.300');
  await expect(lan).toContainText('Enter an IPv4 address such as 192.168.1.1.');
  await lan.getByRole('button', { name: 'Remove LAN' }).click();
  await page.getByTestId('configure-next-changes').click();

  // Set unique: the host name, from a file.
  await page.getByRole('combobox', { name: 'Add a setting per device' }).click();
  await page.getByRole('option', { name: 'System › Host name' }).click();
  await page.getByTestId('unique-source-file').click();
  const names = devices.map((device, index) => `cfg-e2e-${index + 1}-${device.id}`);
  await importCsv(
    page,
    `serial,system.hostname\n${devices.map((device, index) => `${device.serial},${names[index]}`).join('\n')}\n`,
  );
  await expect(page.getByTestId('unique-file-read')).toHaveText('hostnames.csv: 3 devices.');
  await expect(page.getByTestId('unique-file-problems')).toHaveCount(0);
  await page.getByTestId('configure-next-unique').click();

  // Confirm: the dry run in one sentence, the companies, the diff per device.
  await expect(page.getByTestId('configure-summary')).toHaveText(
    /^Changes 2 settings on 3 devices in \d+ compan(y|ies)\.$/,
  );
  await expect(page.getByTestId('configure-companies')).toBeVisible();
  const diff = page.getByTestId('configure-diff');
  for (const [index, device] of devices.entries()) {
    await expect(diff).toContainText(device.serial);
    await expect(diff).toContainText(names[index] ?? '');
  }
  await expect(
    diff.getByRole('row').filter({ hasText: 'Wi-Fi network 1 › Network name (SSID)' }),
  ).toHaveCount(3);
  await expect(diff).toContainText(ssid);

  // Apply: the group's page, live, until every device has it.
  await page.getByTestId('configure-apply').click();
  await expect(page.getByText('Configuration change started on 3 devices.')).toBeVisible();
  await expect(page).toHaveURL(/\/management\/task-manager\?group=\d+$/);
  await expect(page.getByTestId('task-count-succeeded')).toHaveText('Succeeded 3', { timeout: 45_000 });
  await expect(page.getByTestId('task-group').locator('[data-state="finished"]')).toBeVisible();

  // A device's Configuration tab: the new network name and its own host name.
  const [device] = devices;
  if (!device) throw new Error('no device');
  await page.goto(urlFor('acme.localhost', `/devices/${device.id}/configuration`));
  await expect(page.getByTestId('config-section-wireless.ap0')).toContainText(`Network name (SSID)${ssid}`);
  await expect(page.getByTestId('config-section-system')).toContainText(`Host name${names[0]}`);
});

test('a bad CSV is refused by line: a value given twice before sending, a serial not chosen by the API', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'admin@acme.example', 'acme.localhost');
  const tag = `Config bad ${Date.now()}`;
  const devices = await tagThree(page, tag);
  const [a, b, c] = devices.map((device) => device.serial);
  await chooseTagAndSsid(page, tag, 'Bad-file');
  await page.getByTestId('configure-next-changes').click();
  await page.getByRole('combobox', { name: 'Add a setting per device' }).click();
  await page.getByRole('option', { name: 'System › Host name' }).click();
  await page.getByTestId('unique-source-file').click();

  // The same host name twice: said on its line, and nothing is sent.
  await importCsv(page, `serial,system.hostname\n${a},one\n${b},two\n${c},one\n`);
  await expect(page.getByTestId('unique-file-problems')).toHaveText(
    'Line 4: system.hostname: "one" is also given on line 2: each device needs its own.',
  );
  await page.getByTestId('configure-next-unique').click();
  await expect(page.getByTestId('configure-step-problem')).toHaveText(
    'The file has problems: see the lines listed.',
  );
  await expect(page.getByTestId('configure-preview')).toHaveCount(0);

  // A serial that is not among the chosen devices: the API names the row, the page its line.
  await importCsv(page, `serial,system.hostname\n${a},one\n${b},two\nNOT-CHOSEN-1,three\n`);
  await expect(page.getByTestId('unique-file-problems')).toHaveCount(0);
  await page.getByTestId('configure-next-unique').click();
  await expect(page.getByTestId('unique-file-problems')).toHaveText(
    'Line 4: serial: Device NOT-CHOSEN-1 is not among the chosen devices.',
  );
  // Nothing typed is lost: the Wi-Fi name is still there.
  await page.getByTestId('configure-step-changes').click();
  await expect(page.getByTestId('configure-field-wireless.ap0.ssid')).toHaveValue('Bad-file');
});

test('a device offline at the click is counted as queued, gets the change when it connects, and shows it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin@acme.example', 'acme.localhost');
  const [first, second] = await onlineDevices(page, fleet(), 2);
  if (!first || !second) throw new Error('two online devices');
  await takeOffline(page, second);
  const server = `ntp${Date.now() % 100_000}.example.com`;

  await page.goto(
    urlFor('acme.localhost', `/management/configure-devices?device_ids=${first.row.id},${second.row.id}`),
  );
  await expect(page.getByTestId('configure-count')).toContainText('2 devices');
  await page.getByTestId('configure-next-devices').click();
  await page.getByRole('combobox', { name: 'Add a section' }).click();
  await page.getByRole('option', { name: 'Time (NTP)', exact: true }).click();
  await page.getByTestId('configure-section-ntp').getByRole('checkbox', { name: 'Change Server' }).check();
  await page.getByTestId('configure-field-ntp.server').fill(server);
  await page.getByTestId('configure-next-changes').click();
  await page.getByTestId('configure-next-unique').click();

  // The dry run counts the offline device: it waits for its connection.
  await expect(page.getByTestId('configure-summary')).toContainText('1 offline (queued until it connects)');
  await page.getByTestId('configure-apply').click();
  await expect(page).toHaveURL(/\/management\/task-manager\?group=\d+$/);
  await expect(page.getByTestId('task-count-succeeded')).toHaveText('Succeeded 1', { timeout: 30_000 });

  // It connects again: it is sent the change and applies it.
  second.sim.start();
  await expect(page.getByTestId('task-count-succeeded')).toHaveText('Succeeded 2', { timeout: 45_000 });
  await page.goto(urlFor('acme.localhost', `/devices/${second.row.id}/configuration`));
  await expect(page.getByTestId('config-section-ntp')).toContainText(server);
});
