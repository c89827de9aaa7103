import { expect, type Page, test } from '@playwright/test';
import { deviceKind } from '../../contracts/src/devices.ts';
import { SimDevice } from '../../device-sim/src/device.ts';
import { closeDeviceFilters, openDeviceFilters } from './device-filters.ts';
import { useFleet } from './fleet.ts';
import { selectRow } from './lists.ts';
import { callApi, signIn, urlFor } from './sign-in.ts';
import { E2E_MQTT_PORT } from './support.ts';

/**
 * Devices in the console, against the real API and its embedded broker, with a simulated
 * fleet that speaks only the device protocol (device-sim): the devices page shows the fleet live,
 * a device cut off in the simulator turns Offline in the open table without a reload, a reboot
 * from the device page reports through the 'Action status' modal until the device is back, and
 * adding devices from a CSV file answers its bad row on its own.
 */

const fleetOf = useFleet();

interface Row {
  id: number;
  serial: string;
  name: string;
  status: string;
}

/** A fleet device the API shows Online (it joined a company, monitoring on, a credit). */
async function onlineDevice(page: Page, skip: readonly string[] = []): Promise<{ row: Row; sim: SimDevice }> {
  let found: { row: Row; sim: SimDevice } | undefined;
  await expect(async () => {
    const answer = await callApi(
      page,
      'GET',
      '/devices?status=online&limit=100&fields=id,serial,name,status',
    );
    const rows = answer.body.data as Row[];
    for (const row of rows) {
      const sim = fleetOf().devices.find((device) => device.profile.serial === row.serial);
      if (sim?.state === 'online' && !skip.includes(row.serial)) {
        found = { row, sim };
        return;
      }
    }
    throw new Error('no fleet device online yet');
  }).toPass({ timeout: 20_000 });
  if (!found) throw new Error('unreachable');
  return found;
}

test('the devices page shows the simulated fleet; a device cut off turns Offline without a reload', async ({
  page,
}) => {
  await signIn(page, 'super@fleetport.example');
  // Spec §5: the first permitted page is Devices.
  await expect(page).toHaveURL(/\/management\/devices$/);
  await expect(page.getByTestId('page-title')).toHaveText('Devices');
  const grid = page.getByRole('grid', { name: 'Devices' });
  await expect(grid.getByText('Online').first()).toBeVisible();

  const { row, sim } = await onlineDevice(page);
  await page.getByTestId('list-search').fill(row.serial);
  const line = grid.getByRole('row').filter({ hasText: row.serial });
  await expect(line).toContainText('Online');
  // Listed among the Online ones; pulled plug (no goodbye: the broker's last will says it is
  // gone), it leaves that list, and shows Offline once the filter is cleared, all without a reload.
  await openDeviceFilters(page);
  await page.getByTestId('filter-status').selectOption('online');
  await closeDeviceFilters(page);
  // The active filter shows as a chip beside the Filters button, which counts it.
  await expect(page.getByTestId('filter-chip-status')).toHaveText('Status: Online');
  await expect(page.getByTestId('open-filters')).toHaveText('Filters (1)');
  // One Filters button: the devices grid has no column filters of its own (an empty panel).
  await expect(page.getByRole('button', { name: /filters/i })).toHaveCount(1);
  // The list's state is in its address (any order of the parameters).
  await expect
    .poll(() => Object.fromEntries(new URL(page.url()).searchParams))
    .toEqual({ q: row.serial, status: 'online' });
  await expect(line).toContainText('Online');
  await sim.stop();
  await expect(line).toHaveCount(0, { timeout: 20_000 });
  // The chip's remove button takes the filter out.
  await page.getByTestId('filter-chip-status').locator('.MuiChip-deleteIcon').click();
  await expect(page.getByTestId('filter-chip-status')).toHaveCount(0);
  await expect(line).toContainText('Offline');
  // The search stays in the address; the cleared filter has left it.
  await expect(page).toHaveURL(new RegExp(`/management/devices\\?q=${row.serial}$`));
});

test('filters above the grid combine with the search; device texts render as text', async ({ page }) => {
  await signIn(page, 'super@fleetport.example');
  const grid = page.getByRole('grid', { name: 'Devices' });
  await expect(grid.getByText('Online').first()).toBeVisible();
  await openDeviceFilters(page);
  await page.getByTestId('filter-status').selectOption('pending');
  // (The open panel hides the page from assistive technology and role queries: closed first.)
  await closeDeviceFilters(page);
  // Every listed row is Pending (the unclaimed demo ones are not listed; claimed never-seen ones
  // are), or none is and the list says no device matches.
  await expect(page).toHaveURL(/[?&]status=pending/);
  await expect(page.getByText(/^Pending$|^No device matches these filters$/).first()).toBeVisible();
  await expect(grid.getByText('Online')).toHaveCount(0);
  await openDeviceFilters(page);
  await page.getByTestId('clear-filters').click();
  await closeDeviceFilters(page);
  await expect(grid.getByText('Online').first()).toBeVisible();
  // The company filter searches the companies as you type (a tree of any size), then lists only
  // that company's devices.
  const { row } = await onlineDevice(page);
  const { company_name: company } = (await callApi(page, 'GET', `/devices/${row.id}`)).body.data as {
    company_name: string;
  };
  await openDeviceFilters(page);
  await page.getByTestId('filter-company_id').fill(company.slice(0, -1));
  await page.getByRole('option', { name: company, exact: true }).click();
  await closeDeviceFilters(page);
  await expect(page.getByTestId('filter-chip-company_id')).toHaveText(`Company: ${company}`);
  await expect(grid.getByRole('row').filter({ hasText: row.serial })).toHaveCount(1);
  await expect
    .poll(async () => {
      const names = await grid
        .getByRole('row')
        .evaluateAll((rows) => rows.slice(1).map((r) => r.textContent));
      return names.length > 0 && names.every((text) => text?.includes(company));
    })
    .toBe(true);
  await openDeviceFilters(page);
  await page.getByTestId('clear-filters').click();
  await expect(page.getByTestId('filter-company_id')).toHaveValue('');
  await closeDeviceFilters(page);
  // The simulator's booby-trapped device: its name is markup, shown as text, never run.
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const trapped = fleetOf().devices.find((device) => /[<>]/.test(device.profile.name));
  if (!trapped) throw new Error('the e2e fleet has no device with markup in its name (testDevices)');
  await page.getByTestId('list-search').fill(trapped.profile.serial);
  await expect(grid.getByRole('link', { name: trapped.profile.name })).toBeVisible();
  expect(dialogs).toEqual([]);
});

test('finding devices: a MAC address as a label prints it; model values with counts; the filters live in the address', async ({
  page,
}) => {
  await signIn(page, 'super@fleetport.example');
  const grid = page.getByRole('grid', { name: 'Devices' });
  const { row } = await onlineDevice(page);
  const device = (await callApi(page, 'GET', `/devices/${row.id}`)).body.data as {
    mac: string;
    model: string;
  };
  // The search finds the MAC address written with dashes, in lower case (stored as 00:1E:42:…).
  await page.getByTestId('list-search').fill(device.mac.toLowerCase().replaceAll(':', '-'));
  await expect(grid.getByRole('row').filter({ hasText: row.serial })).toHaveCount(1);
  await page.getByTestId('list-search').fill('');
  await expect(page).toHaveURL(/\/management\/devices$/);

  // The model filter offers the fleet's models with how many devices have each; typing part of
  // one (anywhere in it) narrows the list.
  await openDeviceFilters(page);
  const model = page.getByTestId('filter-model');
  await model.click();
  await model.fill(device.model.slice(1));
  const escaped = device.model.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await page.getByRole('option', { name: new RegExp(`^${escaped} \\(\\d+\\)$`) }).click();
  await expect(page).toHaveURL(new RegExp(`\\?model=${device.model}$`));
  await closeDeviceFilters(page);
  await expect
    .poll(async () => {
      const texts = await grid
        .getByRole('row')
        .evaluateAll((rows) => rows.slice(1).map((r) => r.textContent));
      return texts.length > 0 && texts.every((text) => text?.includes(device.model));
    })
    .toBe(true);

  // A second filter; a reload keeps both; Back returns to the model filter alone.
  await openDeviceFilters(page);
  await page.getByTestId('filter-status').selectOption('online');
  await expect(page).toHaveURL(new RegExp(`\\?model=${device.model}&status=online$`));
  await closeDeviceFilters(page);
  await page.reload();
  await expect(page.getByTestId('open-filters')).toHaveText('Filters (2)');
  await openDeviceFilters(page);
  await expect(page.getByTestId('filter-status')).toHaveValue('online');
  await expect(page.getByTestId('filter-model')).toHaveValue(device.model);
  await closeDeviceFilters(page);
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`\\?model=${device.model}$`));
  await expect(page.getByTestId('filter-chip-status')).toHaveCount(0);
  await expect(page.getByTestId('filter-chip-model')).toHaveText(`Model: ${device.model}`);
  await expect(grid.getByRole('row').nth(1)).toContainText(device.model);
});

test('a reboot from the device page goes through the Action status modal, and the device comes back', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'super@fleetport.example');
  const { row } = await onlineDevice(page);
  await page.goto(urlFor('acme.localhost', `/devices/${row.id}`));
  await expect(page).toHaveURL(new RegExp(`/devices/${row.id}/activity$`));
  await expect(page.getByTestId('page-title')).toHaveText(row.name);
  // The breadcrumbs lead back to the devices list.
  await expect(
    page.getByRole('navigation', { name: 'Breadcrumbs' }).getByRole('link', { name: 'Devices' }),
  ).toHaveAttribute('href', '/management/devices');
  await expect(page.getByTestId('device-status')).toHaveText('Online');
  // The tabs its capabilities allow (every device has its activity).
  await expect(page.getByRole('tab').first()).toHaveText('Activity');

  await page.getByTestId('device-reboot').click();
  await page.getByRole('dialog', { name: 'Reboot' }).getByRole('button', { name: 'Reboot' }).click();
  const status = page.getByRole('dialog', { name: 'Action status' });
  const item = status.getByTestId('action-status-item');
  await expect(item).toHaveAttribute('data-state', 'running');
  // Offline while it restarts, then back: the modal says so, and the page's status follows live.
  await expect(item).toHaveAttribute('data-state', 'succeeded', { timeout: 20_000 });
  await expect(page.getByTestId('device-status')).toHaveText('Online', { timeout: 20_000 });

  await status.getByRole('button', { name: 'Close' }).first().click();
  await expect(status).toHaveCount(0);
  // Its activity says it in words (issue 30): who, what and how it ended, its details a click away.
  await page.reload();
  const activity = page.getByTestId('device-activity');
  const rebooted = activity.getByRole('row').filter({ hasText: 'Sam Super rebooted the device' }).first();
  await expect(rebooted).toContainText(/; back online after \d+ seconds?/);
  await rebooted.getByTestId('history-details-toggle').click();
  // A reboot records nothing more than the sentence says.
  await expect(activity.getByTestId('history-details')).toHaveText('This entry holds no further details.');
  await expect(activity).not.toContainText('/devices/');
  // A tab the device's capabilities decide: its readings where it has them (a switch has no
  // mobile readings: no tab, and its address says 'not available for this device').
  const metrics = page.getByRole('tab', { name: 'Dynamic metrics' });
  const hasTab = (await metrics.count()) > 0;
  if (hasTab) await metrics.click();
  else await page.goto(urlFor('acme.localhost', `/management/devices/${row.id}/metrics/dynamic`));
  await expect(page).toHaveURL(new RegExp(`/management/devices/${row.id}/metrics/dynamic$`));
  await expect(page.getByTestId(hasTab ? 'latest-readings' : 'not-available')).toBeVisible();
});

test("the map shows the fleet's positions under the page's search; a device opens its location and GPS", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'super@fleetport.example');
  // A GPS mover of the fleet, once the API has its first fix.
  const mover = fleetOf().devices.find((device) => device.profile.role === 'gps-mover');
  if (!mover) throw new Error('the fleet has no GPS mover');
  let id = 0;
  await expect(async () => {
    const answer = await callApi(page, 'GET', `/devices/positions?q=${mover.profile.serial}`);
    const rows = answer.body.data as { id: number }[];
    expect(rows).toHaveLength(1);
    id = rows[0]?.id ?? 0;
  }).toPass({ timeout: 30_000 });

  await page.getByTestId('toggle-map').click();
  await expect(page).toHaveURL(/\/management\/devices\?view=map$/);
  const map = page.getByTestId('device-map');
  await expect(map).toBeVisible();
  // The e2e edge has no tile URL: the positions show anyway, with a note saying why.
  await expect(page.getByTestId('map-note')).toContainText('No map tiles are configured');
  await expect(page.getByTestId('map-count')).toContainText('have a position');
  await expect(map.locator('.fp-map-dot, .fp-map-cluster').first()).toBeVisible();
  // The table's search narrows the map too: one device, which opens its location tab.
  await page.getByTestId('list-search').fill(mover.profile.serial);
  await expect(page.getByTestId('map-count')).toContainText(/^1 of 1 device/);
  await map.locator('[data-testid="map-device"]').click();
  await expect(page).toHaveURL(new RegExp(`/devices/${id}/location$`));
  // Spec §9: coordinates with 6 decimals.
  const fix = page.getByTestId('location-fix');
  await expect(fix).toContainText(/Latitude-?\d{1,2}\.\d{6}/);
  await expect(fix).toContainText(/Longitude-?\d{1,3}\.\d{6}/);
  await expect(page.getByTestId('location-history').getByRole('row').nth(1)).toContainText(/\d\.\d{6}/);
  await expect(page.getByRole('tab', { name: 'GPS' })).toBeVisible();
  await page.getByRole('tab', { name: 'GPS' }).click();
  await expect(page).toHaveURL(new RegExp(`/management/devices/${id}/metrics/gps$`));
  await expect(page.getByTestId('gps-fix')).toContainText(/\d\.\d{6}/);

  // A device without GPS has no Location tab, and its address says 'not available for this device'.
  const grounded = await (async () => {
    for (const device of fleetOf().devices.filter((candidate) => !candidate.profile.capabilities.gps)) {
      const answer = await callApi(page, 'GET', `/devices?q=${device.profile.serial}&fields=id`);
      const found = (answer.body.data as { id: number }[] | undefined)?.[0]?.id;
      if (found) return found;
    }
    return undefined;
  })();
  if (grounded) {
    await page.goto(urlFor('acme.localhost', `/devices/${grounded}/activity`));
    await expect(page.getByRole('tab').first()).toHaveText('Activity');
    await expect(page.getByRole('tab', { name: 'Location' })).toHaveCount(0);
    await page.goto(urlFor('acme.localhost', `/devices/${grounded}/location`));
    await expect(page.getByTestId('not-available')).toHaveText('Not available for this device.');
  }
});

test("a company opens on its devices tab; a tag's page lists the devices with the tag", async ({ page }) => {
  await signIn(page, 'super@fleetport.example');
  const { row } = await onlineDevice(page);
  const detail = (await callApi(page, 'GET', `/devices/${row.id}`)).body.data as { company_id: number };
  await page.goto(urlFor('acme.localhost', `/companies/${detail.company_id}`));
  await expect(page).toHaveURL(new RegExp(`/companies/${detail.company_id}/devices$`));
  await expect(page.getByRole('tab', { name: 'Devices', selected: true })).toBeVisible();
  // The company is fixed: no company filter, and only its devices.
  await openDeviceFilters(page);
  await expect(page.getByTestId('filter-tag_id')).toBeVisible();
  await expect(page.getByTestId('filter-company_id')).toHaveCount(0);
  await closeDeviceFilters(page);
  await page.getByTestId('list-search').fill(row.serial);
  await expect(
    page.getByRole('grid', { name: 'Devices' }).getByRole('row').filter({ hasText: row.serial }),
  ).toHaveCount(1);

  const name = `Fleet ${Date.now().toString(36)}`;
  const tag = await callApi(page, 'POST', '/tags', { company_id: detail.company_id, name });
  const tagId = (tag.body.data as { id: number }).id;
  expect((await callApi(page, 'PUT', `/devices/${row.id}/tags`, { tag_ids: [tagId] })).status).toBe(200);
  await page.goto(urlFor('acme.localhost', `/tag/${tagId}`));
  await expect(page.getByTestId('page-title')).toHaveText(name);
  const grid = page.getByRole('grid', { name: 'Devices' });
  await expect(grid.getByRole('row').filter({ hasText: row.serial })).toHaveCount(1);
  // Only the tagged one.
  await expect(grid.getByRole('row')).toHaveCount(2);
});

test("Approved Devices: the super admin imports a manufacturer's CSV; a bad line is named and nothing is saved", async ({
  page,
}) => {
  await signIn(page, 'super@fleetport.example');
  await page.goto(urlFor('acme.localhost', '/auth-devices'));
  await expect(page.getByTestId('page-title')).toHaveText('Approved Devices');
  const stamp = String(Date.now()).slice(-8);
  const serial = (n: number) => `77${stamp}${n}`;
  const mac = (n: number) => `00:1E:42:77:${stamp.slice(-2)}:0${n}`;
  const file = (lines: string[]) => ({
    name: 'approved.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(['serial,mac,secret', ...lines].join('\n')),
  });
  await page
    .getByTestId('approved-file')
    .setInputFiles(
      file([
        `${serial(1)},${mac(1)},secret-${serial(1)}-0123456789`,
        `${serial(2)},not-a-mac,secret-${serial(2)}-0123456789`,
      ]),
    );
  await expect(page.getByTestId('approved-problem')).toContainText('Line 3');
  await page.getByTestId('list-search').fill(stamp);
  const grid = page.getByRole('grid', { name: 'Approved Devices' });
  await expect(grid.getByRole('row')).toHaveCount(1);

  await page
    .getByTestId('approved-file')
    .setInputFiles(
      file([
        `${serial(1)},${mac(1)},secret-${serial(1)}-0123456789`,
        `${serial(2)},${mac(2)},secret-${serial(2)}-0123456789`,
      ]),
    );
  await expect(page.getByText('2 devices approved; 0 already were.')).toBeVisible();
  await expect(grid.getByRole('row').filter({ hasText: serial(1) })).toContainText(
    'Not added to a company yet',
  );
  // The secret is never shown.
  await expect(grid).not.toContainText('secret-');
  await page.getByTestId('approved-unclaimed').check();
  await expect(grid.getByRole('row')).toHaveCount(3);
});

test('add devices from a CSV file: the good row is added, the bad one is answered with its line', async ({
  page,
}) => {
  await signIn(page, 'super@fleetport.example');
  // An approved identity nobody claimed yet (the demo keeps a few back).
  const free = (await callApi(page, 'GET', '/auth-devices?unclaimed=true&limit=1')).body.data as {
    serial: string;
    mac: string;
  }[];
  expect(free.length).toBe(1);
  const [identity] = free as [{ serial: string; mac: string }];
  await page.getByTestId('add-devices').click();
  await page.getByRole('menuitem', { name: 'Add from file' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add from file' });
  await dialog.getByLabel('Company').click();
  await page.getByRole('option', { name: 'Acme West' }).click();
  const csv = `serial,mac,name\r\n${identity.serial},${identity.mac},Depot north\r\n12,00:1E:42:00:00:01,Broken\r\n`;
  await dialog.getByTestId('add-devices-file').setInputFiles({
    name: 'devices.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  // Verify devices (spec §2): the same answers, nothing added yet.
  await dialog.getByTestId('add-devices-verify').click();
  const result = dialog.getByTestId('add-devices-result');
  await expect(result).toContainText('1 device can be added.');
  await expect(result).toContainText('Line 3 (12): A serial number is 6–20 letters and digits.');
  expect(((await callApi(page, 'GET', `/devices?q=${identity.serial}`)).body.data as unknown[]).length).toBe(
    0,
  );
  await dialog.getByTestId('add-devices-submit').click();
  await expect(result).toContainText('1 device added.');
  await expect(result).toContainText('Line 3 (12): A serial number is 6–20 letters and digits.');
  await dialog.getByRole('button', { name: 'Close', exact: true }).filter({ hasText: 'Close' }).click();
  await page.getByTestId('list-search').fill(identity.serial);
  const line = page
    .getByRole('grid', { name: 'Devices' })
    .getByRole('row')
    .filter({ hasText: identity.serial });
  await expect(line).toContainText('Acme West');
});

test('Statistics: how many devices are online, and the fleet by status, connection type, model and firmware', async ({
  page,
}) => {
  await signIn(page, 'admin@acme.example', 'acme.localhost', '/statistics');
  await expect(page).toHaveURL(/\/statistics\/online-devices$/);
  await expect(page.getByRole('tab', { name: 'Online devices', selected: true })).toBeVisible();
  await expect(page.getByTestId('statistics-online')).toHaveText(/^\d+ of \d+ devices online$/);
  await expect(page.getByTestId('statistics-status')).toContainText('Online');
  await expect(page.getByTestId('statistics-model')).toContainText(/RUT|TRB|TCR|TAP|TSW|OTD/);
  await expect(page.getByTestId('statistics-connection_type')).toContainText('%');
  // Connection manager: the fleet's connection log, with the spec §8 words.
  await page.getByRole('tab', { name: 'Connection manager' }).click();
  const connections = page.getByRole('grid', { name: 'Connection manager' });
  await expect(connections.getByText('Device has attempted to connect to the system.').first()).toBeVisible();
  // Monthly statistics and unique devices: this month and today count the fleet's devices.
  await page.getByRole('tab', { name: 'Monthly statistics' }).click();
  await expect(page.getByTestId('statistics-month').getByRole('row').nth(1)).toContainText(
    new Intl.DateTimeFormat('en', { timeZone: 'UTC', year: 'numeric', month: 'long' }).format(new Date()),
  );
  await page.getByRole('tab', { name: 'Unique devices' }).click();
  await expect(page.getByTestId('statistics-day').getByRole('row')).toHaveCount(31);
  await expect(
    page.getByTestId('statistics-day').getByRole('row').nth(1).getByRole('cell').nth(1),
  ).not.toHaveText('0');
  // Action logs: the audit log as sentences (issue 30), searchable; the admin's own sign-in is in it.
  await page.getByRole('tab', { name: 'Action logs' }).click();
  await expect(page).toHaveURL(/\/statistics\/action-logs$/);
  await page.getByTestId('list-search').fill('login');
  const log = page.getByRole('grid', { name: 'Action logs' });
  await expect(log.getByRole('row').filter({ hasText: 'admin@acme.example' }).first()).toContainText(
    'Ada Admin signed in',
  );
  await expect(log).not.toContainText('POST /');
  // Filtered by event type on the server, the filter kept in the URL (a reload keeps it).
  await page.getByTestId('list-search').fill('');
  await page.getByRole('combobox', { name: 'Event' }).click();
  await page.getByRole('option', { name: 'Signed in', exact: true }).click();
  await expect(page).toHaveURL(/\/statistics\/action-logs\?event=account\.login$/);
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Event' })).toHaveText('Signed in');
  const signIns = log.getByRole('row').filter({ hasText: /@/ });
  await expect(signIns.first()).toContainText('signed in');
  for (const text of await signIns.allInnerTexts()) expect(text).toContain('signed in');
  // An entry's details, one click away.
  await signIns.first().getByTestId('history-details-open').click();
  await expect(page.getByRole('dialog', { name: 'What changed' })).toContainText('Ada Admin signed in');
  // The company's metrics tab counts its devices too.
  const { row } = await onlineDevice(page);
  const detail = (await callApi(page, 'GET', `/devices/${row.id}`)).body.data as { company_id: number };
  await page.goto(urlFor('acme.localhost', `/companies/${detail.company_id}/metrics`));
  await expect(page.getByTestId('company-online')).toHaveText(/^[1-9]\d*$/);
});

test.describe('in Japanese (a browser that asks for it)', () => {
  test.use({ locale: 'ja-JP' });

  test("a device's activity and the action logs read as Japanese sentences, never routes (issue 30)", async ({
    page,
  }) => {
    await signIn(page, 'super@fleetport.example');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    const { row } = await onlineDevice(page);
    expect((await callApi(page, 'POST', `/devices/${row.id}/actions`, { action: 'refresh' })).status).toBe(
      201,
    );
    await page.goto(urlFor('acme.localhost', `/devices/${row.id}/activity`));
    const refreshed = page
      .getByTestId('device-activity')
      .getByRole('row')
      .filter({ hasText: 'Sam Super がデバイスに最新の測定値を要求しました' })
      .first();
    await expect(async () => {
      await page.reload();
      await expect(refreshed).toContainText('（成功）', { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await expect(page.getByTestId('device-activity')).not.toContainText('/devices/');

    await page.goto(urlFor('acme.localhost', '/statistics/action-logs?event=device.refresh'));
    await expect(page.getByRole('combobox', { name: 'イベント' })).toHaveText('測定値の更新');
    const log = page.getByRole('grid', { name: '操作ログ' });
    await expect(log.getByRole('row').filter({ hasText: row.name }).first()).toContainText(
      'Sam Super がデバイスに最新の測定値を要求しました（成功）',
    );
    await expect(log).not.toContainText('POST');
  });
});

test("Device CLI: a command runs in the device's shell and its answer comes back; an unknown one fails", async ({
  page,
}) => {
  await signIn(page, 'super@fleetport.example');
  const { row } = await onlineDevice(page);
  await page.goto(urlFor('acme.localhost', `/devices/${row.id}/activity`));
  await page.getByTestId('device-more').click();
  await page.getByTestId('device-cli').click();
  const cli = page.getByRole('dialog', { name: 'Device CLI' });
  await cli.getByTestId('cli-command').fill('cat /etc/version');
  await cli.getByTestId('cli-command').press('Enter');
  const runs = cli.getByTestId('cli-run');
  await expect(runs.first()).toHaveAttribute('data-state', 'succeeded', { timeout: 15_000 });
  const firmware = (await callApi(page, 'GET', `/devices/${row.id}`)).body.data as { firmware: string };
  await expect(runs.first()).toContainText(firmware.firmware);
  await cli.getByTestId('cli-command').fill('format c:');
  await cli.getByTestId('cli-command').press('Enter');
  await expect(runs.nth(1)).toHaveAttribute('data-state', 'failed', { timeout: 15_000 });
  await expect(runs.nth(1)).toContainText('command not found');
});

test('Password manager: a generated 16-character password is set on the device, through Action status', async ({
  page,
}) => {
  await signIn(page, 'super@fleetport.example');
  const { row } = await onlineDevice(page);
  await page.goto(urlFor('acme.localhost', `/devices/${row.id}/activity`));
  await page.getByTestId('device-more').click();
  await page.getByTestId('device-password').click();
  const manager = page.getByRole('dialog', { name: 'Password manager' });
  // White-label: the brand's name, never ours.
  await expect(manager).toContainText('Acme Cloud does not keep device passwords');
  await manager.getByRole('button', { name: 'Generate' }).click();
  await expect(manager.getByTestId('password-same')).toHaveValue(/^\S{16}$/);
  await manager.getByTestId('password-set').click();
  const status = page.getByRole('dialog', { name: 'Action status' });
  await expect(status.getByTestId('action-status-item')).toHaveAttribute('data-state', 'succeeded', {
    timeout: 15_000,
  });
});

test('device imagery: the drawing of its kind where the brand allows it, none where it does not', async ({
  page,
}) => {
  await signIn(page, 'super@fleetport.example');
  const { row } = await onlineDevice(page);
  const { model } = (await callApi(page, 'GET', `/devices/${row.id}`)).body.data as { model: string };
  await page.goto(urlFor('acme.localhost', `/devices/${row.id}/activity`));
  await expect(page.getByTestId('device-image')).toHaveAttribute('data-kind', deviceKind(model));
  // Northwind's brand has branded_devices off.
  await signIn(page, 'super@fleetport.example', 'northwind.localhost', `/devices/${row.id}/activity`);
  await expect(page.getByTestId('device-status')).toBeVisible();
  await expect(page.getByTestId('device-image')).toHaveCount(0);
});

test('a note left on a device shows in its activity as text; a custom box keeps labelled values', async ({
  page,
}) => {
  await signIn(page, 'admin@acme.example');
  const { row } = await onlineDevice(page);
  await page.goto(urlFor('acme.localhost', `/devices/${row.id}/activity`));
  await page.getByTestId('device-more').click();
  await page.getByTestId('device-new-note').click();
  const note = '<img src=x onerror=alert(1)> Spare SIM in the cabinet';
  await page.getByRole('dialog', { name: 'New note' }).getByTestId('note-text').fill(note);
  await page.getByTestId('note-save').click();
  const noted = page.getByTestId('event-note').first();
  await expect(noted).toContainText(note);
  await expect(page.getByRole('row').filter({ hasText: note })).toContainText('Note by Ada Admin');

  await page.getByTestId('device-more').click();
  await page.getByTestId('device-custom-box').click();
  const box = page.getByRole('dialog', { name: 'Custom box' });
  await box.getByTestId('custom-title').fill('Site');
  await box.getByTestId('custom-label-0').fill('Contact');
  await box.getByTestId('custom-value-0').fill('Jane, +370 600 00000');
  await page.getByTestId('custom-save').click();
  await expect(page.getByTestId('custom-box')).toContainText('Site');
  await expect(page.getByTestId('custom-box')).toContainText('ContactJane, +370 600 00000');
  // Kept: after a reload too.
  await page.reload();
  await expect(page.getByTestId('custom-box')).toContainText('Jane, +370 600 00000');
});

test('Monitoring period on a selection: the periods typed in minutes reach the devices in seconds', async ({
  page,
}) => {
  await signIn(page, 'super@fleetport.example');
  const { row } = await onlineDevice(page);
  await page.getByTestId('list-search').fill(row.serial);
  // Selected once the search has answered (a header row and that device), as a user would.
  await expect(page).toHaveURL(new RegExp(`[?&]q=${row.serial}`));
  await expect(page.getByRole('grid', { name: 'Devices' }).getByRole('row')).toHaveCount(2);
  const line = page.getByRole('grid', { name: 'Devices' }).getByRole('row').filter({ hasText: row.serial });
  await selectRow(page.getByRole('grid', { name: 'Devices' }), row.serial);
  await page.getByTestId('bulk-period').click();
  const dialog = page.getByRole('dialog', { name: 'Monitoring period' });
  await dialog.getByLabel('Dynamic monitoring period (min)').fill('10');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog).toHaveCount(0);
  // The toast says what happened, with the server's count.
  await expect(page.getByText('Changed the monitoring period of 1 device.')).toBeVisible();
  // The rows stay in the list, so the selection stays for the next action.
  await expect(page.getByTestId('bulk-bar')).toContainText('1 device selected');
  await expect(line.getByRole('checkbox')).toBeChecked();
  await expect(async () => {
    const device = (await callApi(page, 'GET', `/devices/${row.id}`)).body.data as {
      dynamic_interval_s: number;
    };
    expect(device.dynamic_interval_s).toBe(600);
  }).toPass({ timeout: 10_000 });
});

test('Add tags on two devices: a tag made from the dialog is chosen there, and Apply tags both with it', async ({
  page,
}) => {
  await signIn(page, 'super@fleetport.example');
  // Two devices of one company, the first two of its list by name: the tag made starts in it.
  const listed = await callApi(
    page,
    'GET',
    '/devices?limit=100&sort=name&fields=id,serial,company_id,company_name',
  );
  const rows = listed.body.data as { id: number; serial: string; company_id: number; company_name: string }[];
  const company = rows.find((row) => rows.filter((other) => other.company_id === row.company_id).length >= 2);
  if (!company) throw new Error('no company has two devices');
  const pair = rows.filter((row) => row.company_id === company.company_id).slice(0, 2);
  await page.goto(urlFor('acme.localhost', `/management/devices?company_id=${company.company_id}`));
  const grid = page.getByRole('grid', { name: 'Devices' });
  for (const device of pair) {
    await selectRow(grid, device.serial);
  }
  await expect(page.getByTestId('bulk-bar')).toContainText('2 devices selected');

  await page.getByTestId('bulk-add_tags').click();
  const dialog = page.getByRole('dialog', { name: 'Add tags' });
  await dialog.getByRole('combobox', { name: 'Tags' }).fill('Rollout wave 3');
  await page.getByRole('option', { name: 'Create tag “Rollout wave 3”' }).click();
  // The tags' own New tag form, on top: named as typed, in the devices' company.
  const newTag = page.getByRole('dialog', { name: 'New tag' });
  await expect(newTag.getByRole('textbox', { name: 'Name' })).toHaveValue('Rollout wave 3');
  await expect(newTag.getByRole('combobox', { name: 'Company' })).toHaveValue(company.company_name);
  await newTag.getByRole('button', { name: 'New tag' }).click();
  await expect(newTag).toHaveCount(0);
  await expect(page.getByText('Tag created successfully')).toBeVisible();
  // Chosen in the field: Apply tags the devices with it in one go.
  await expect(dialog.getByRole('button', { name: 'Rollout wave 3' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('Tagged 2 devices.')).toBeVisible();

  // The tag filter lists exactly the two; the API says each has the tag.
  await openDeviceFilters(page);
  await page.getByTestId('filter-tag_id').fill('Rollout wave');
  await page.getByRole('option', { name: 'Rollout wave 3', exact: true }).click();
  await closeDeviceFilters(page);
  await expect(grid.getByRole('row')).toHaveCount(3);
  for (const device of pair) {
    await expect(grid.getByRole('row').filter({ hasText: device.serial })).toHaveCount(1);
    const detail = (await callApi(page, 'GET', `/devices/${device.id}`)).body.data as {
      tags: { name: string }[];
    };
    expect(detail.tags.map((tag) => tag.name)).toContain('Rollout wave 3');
  }
});

test('View update history: a device that comes back on another firmware shows the change, newest first', async ({
  page,
}) => {
  await signIn(page, 'super@fleetport.example');
  const { row, sim } = await onlineDevice(page);
  const before = sim.firmware;
  const after = before.replace(/[^_]+$/, '00.07.99');
  // Updated on site (not from the console): the device comes back with a hello on the new version.
  await sim.stop();
  const updated = new SimDevice({
    url: `mqtt://127.0.0.1:${E2E_MQTT_PORT}`,
    profile: { ...sim.profile, firmware: after },
    timing: { reconnectPeriodMs: 500 },
  });
  updated.start();
  try {
    await expect
      .poll(
        async () =>
          ((await callApi(page, 'GET', `/devices/${row.id}`)).body.data as { firmware: string }).firmware,
        {
          timeout: 20_000,
        },
      )
      .toBe(after);
    await page.goto(urlFor('acme.localhost', `/devices/${row.id}`));
    await page.getByTestId('device-more').click();
    await page.getByTestId('device-update-history').click();
    const dialog = page.getByRole('dialog', { name: /Update history/ });
    const lines = dialog.getByTestId('update-history').locator('tbody tr');
    await expect(lines).toHaveCount(2);
    await expect(lines.nth(0)).toContainText(before);
    await expect(lines.nth(0)).toContainText(after);
    await expect(lines.nth(1)).toContainText('First connection');
    await expect(lines.nth(1)).toContainText(before);
  } finally {
    await updated.stop();
  }
});

test('on a laptop (1440 × 900) the default columns fit: "Last seen" is on screen without scrolling', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'admin@acme.example');
  const grid = page.getByRole('grid', { name: 'Devices' });
  await expect(grid.getByRole('row').nth(1)).toBeVisible();
  await expect(grid.getByRole('columnheader', { name: 'Last seen' })).toBeInViewport({ ratio: 1 });
  await expect(grid.getByRole('columnheader', { name: 'Name' })).toBeInViewport({ ratio: 1 });
});

test('Configuration: the tab shows what the simulated device reported, its LAN address among it', async ({
  page,
}) => {
  await signIn(page, 'super@fleetport.example');
  const { row, sim } = await onlineDevice(page);
  const lan = sim.configuration().config['network.lan'];
  if (typeof lan?.ipaddr !== 'string') throw new Error('the simulated device has no LAN address');
  await page.goto(urlFor('acme.localhost', `/devices/${row.id}`));
  await page.getByRole('tab', { name: 'Configuration' }).click();
  await expect(page).toHaveURL(new RegExp(`/devices/${row.id}/configuration$`));
  await expect(page.getByTestId('config-provenance')).toContainText(/^Revision \d+ · /);
  const card = page.getByTestId('config-section-network.lan');
  await expect(card.getByRole('heading', { name: 'LAN' })).toBeVisible();
  await expect(card).toContainText(`IP address${lan.ipaddr}`);
  // The administrator's password is set, never shown.
  await expect(page.getByTestId('config-section-users.admin')).toContainText('PasswordSet');
  await page.getByTestId('config-view-raw').click();
  await expect(page.getByTestId('config-raw')).toContainText(`"ipaddr": "${lan.ipaddr}"`);
});

test("Configuration: the NTP server changed from its card reaches the device, and the tab shows the device's new revision", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signIn(page, 'super@fleetport.example');
  const { row, sim } = await onlineDevice(page);
  const before = sim.configuration().revision;
  await page.goto(urlFor('acme.localhost', `/devices/${row.id}/configuration`));
  await expect(page.getByTestId('config-provenance')).toContainText(/^Revision \d+ · /);
  const card = page.getByTestId('config-section-ntp');
  await card.getByRole('button', { name: 'Edit Time (NTP)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit: Time (NTP)' });
  await dialog.getByRole('textbox', { name: 'Server' }).fill('time.example.org');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  const status = page.getByRole('dialog', { name: 'Action status' });
  const item = status.getByTestId('action-status-item');
  await expect(item).toHaveAttribute('data-state', 'succeeded', { timeout: 20_000 });
  await expect(item).toContainText(/Applied: the configuration is at revision \d+\./);
  await expect(dialog).toHaveCount(0);
  // The device has it, and the tab shows what it reported after: the server, a newer revision.
  expect(sim.configuration().config.ntp?.server).toBe('time.example.org');
  await expect(card).toContainText('Servertime.example.org');
  const shown = Number(
    (await page.getByTestId('config-provenance').textContent())?.match(/^Revision (\d+)/)?.[1],
  );
  expect(shown).toBeGreaterThan(before);
  await expect(page.getByTestId('config-provenance')).toContainText('changed by the console');
});

test('Approved Devices: the super admin removes an identity after a question naming it; a device of a company offers no Remove', async ({
  page,
}) => {
  await signIn(page, 'super@fleetport.example');
  await page.goto(urlFor('acme.localhost', '/auth-devices'));
  await expect(page.getByTestId('page-title')).toHaveText('Approved Devices');
  const serial = `78${String(Date.now()).slice(-8)}`;
  await page.getByTestId('approved-file').setInputFiles({
    name: 'approved.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      `serial,mac,secret\n${serial},00:1E:42:78:${serial.slice(-4, -2)}:${serial.slice(-2)},secret-${serial}-0123456789`,
    ),
  });
  await expect(page.getByText('1 device approved; 0 already were.')).toBeVisible();
  await page.getByTestId('list-search').fill(serial);
  const grid = page.getByRole('grid', { name: 'Approved Devices' });
  const row = grid.getByRole('row').filter({ hasText: serial });
  await expect(row).toHaveCount(1);

  await row.getByRole('button', { name: 'Remove from Approved Devices' }).click();
  const dialog = page.getByRole('dialog', { name: /Remove from Approved Devices/ });
  await expect(dialog).toContainText(
    `Remove ${serial} from Approved Devices? The device is disconnected now and can no longer connect.`,
  );
  await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(page.getByText(`Removed ${serial} from Approved Devices.`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toHaveCount(0);

  // A device of a company: its identity stays until the device is deleted there.
  const [device] = (await callApi(page, 'GET', '/devices?limit=1&fields=serial')).body.data as {
    serial: string;
  }[];
  if (!device) throw new Error('the demo has no device in a company');
  await page.getByTestId('list-search').fill(device.serial);
  const claimed = grid.getByRole('row').filter({ hasText: device.serial });
  await expect(claimed.getByRole('link')).toBeVisible();
  await expect(claimed.getByRole('button', { name: 'Remove from Approved Devices' })).toHaveCount(0);
});
