import { expect, type Page, test } from '@playwright/test';
import { closeDeviceFilters, openDeviceFilters } from './device-filters.ts';
import { type FleetRow, onlineDevices, useFleet } from './fleet.ts';
import { selectRow } from './lists.ts';
import { signIn, urlFor } from './sign-in.ts';

/**
 * Saved configurations and templates (spec §2 Device configuration, Templates; issue 22) against
 * the real API and a simulated fleet that keeps a real configuration: a device's settings are
 * saved as a template from its Configuration tab; the template is assigned to it from the
 * devices list's bulk bar; its NTP server changed on the device page makes it "Drifted", with the
 * difference in words; the devices list's Configuration filter finds it; applying the template
 * brings it back in line.
 */

const fleet = useFleet();

/** Waits for the 'Action status' item to succeed, then closes the modal. */
async function succeeded(page: Page): Promise<void> {
  const status = page.getByRole('dialog', { name: 'Action status' });
  await expect(status.getByTestId('action-status-item')).toHaveAttribute('data-state', 'succeeded', {
    timeout: 30_000,
  });
  await status.getByRole('button', { name: 'Close' }).first().click();
  await expect(status).toHaveCount(0);
}

test("a device's settings saved as a template, assigned, changed on the device: drifted, found by the filter, applied back in line", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin@acme.example', 'acme.localhost');
  const found = (await onlineDevices(page, fleet(), 1)).find(
    ({ sim }) => typeof sim.configuration().config.ntp?.server === 'string',
  );
  if (!found) throw new Error('no online device with NTP');
  const { row, sim }: { row: FleetRow; sim: typeof found.sim } = found;
  const server = String(sim.configuration().config.ntp?.server);
  const name = `Depot e2e ${Date.now()}`;

  // Save as template from the Configuration tab; the toast leads to the templates.
  await page.goto(urlFor('acme.localhost', `/devices/${row.id}/configuration`));
  const card = page.getByTestId('device-template');
  await expect(card).toContainText('Follows no template.');
  await card.getByRole('button', { name: 'Save as template' }).click();
  const save = page.getByRole('dialog', { name: 'Save as template' });
  await save.getByRole('textbox', { name: 'Name' }).fill(name);
  await save.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Saved as the template “${name}”.`)).toBeVisible();
  await page.getByRole('button', { name: 'Open templates' }).click();
  await expect(page).toHaveURL(/\/device-configuration$/);
  const templates = page.getByRole('grid', { name: 'Configuration templates' });
  const saved = templates.getByRole('row').filter({ hasText: name });
  await expect(saved).toContainText('Time (NTP): Enabled, Server');

  // Assign it to the device from the devices list's bulk bar.
  await page.goto(urlFor('acme.localhost', `/management/devices?q=${row.serial}`));
  const grid = page.getByRole('grid', { name: 'Devices' });
  await expect(grid.getByRole('row').filter({ hasText: row.serial })).toHaveCount(1);
  await selectRow(grid, row.serial);
  await expect(page.getByTestId('bulk-bar')).toContainText('1 device selected');
  await page.getByTestId('bulk-assign-template').click();
  const assign = page.getByRole('dialog', { name: 'Assign template' });
  await assign.getByRole('combobox', { name: 'Template' }).click();
  await page.getByRole('option', { name: new RegExp(name) }).click();
  await assign.getByTestId('assign-template-submit').click();
  await expect(page.getByText(`1 device follows “${name}”.`)).toBeVisible();

  // In line at first; the NTP server changed on its card makes it drifted.
  await page.goto(urlFor('acme.localhost', `/devices/${row.id}/configuration`));
  await expect(card).toContainText(`Follows the template “${name}” · In line`);
  await page.getByTestId('config-section-ntp').getByRole('button', { name: 'Edit Time (NTP)' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit: Time (NTP)' });
  await edit.getByRole('textbox', { name: 'Server' }).fill('ntp.drift-e2e.org');
  await edit.getByRole('button', { name: 'Apply' }).click();
  await succeeded(page);
  await expect(card).toContainText('Drifted: 1 setting differs', { timeout: 15_000 });
  await card.getByRole('button', { name: 'Show differences' }).click();
  const differences = page.getByRole('dialog', { name: 'Differences from the template' });
  const line = differences.getByTestId('template-difference');
  await expect(line).toHaveCount(1);
  await expect(line).toContainText('Time (NTP): Server');
  await expect(line).toContainText('ntp.drift-e2e.org');
  await expect(line).toContainText(`→ ${server}`);
  await differences.getByRole('button', { name: 'Close' }).first().click();

  // The devices list's Configuration filter finds it among the drifted ones.
  await page.goto(urlFor('acme.localhost', '/management/devices'));
  await openDeviceFilters(page);
  await page.getByTestId('filter-template').selectOption('drifted');
  await expect(page).toHaveURL(/[?&]template=drifted/);
  await closeDeviceFilters(page);
  await page.getByRole('searchbox', { name: 'Search devices' }).fill(row.serial);
  await expect(grid.getByRole('row').filter({ hasText: row.serial })).toHaveCount(1);

  // Apply the template from the device page: back in line, the device holds the template's server.
  await page.goto(urlFor('acme.localhost', `/devices/${row.id}/configuration`));
  await card.getByRole('button', { name: 'Apply the template' }).click();
  await page
    .getByRole('dialog', { name: 'Apply the template' })
    .getByRole('button', { name: 'Apply' })
    .click();
  await succeeded(page);
  await expect(card).toContainText(`Follows the template “${name}” · In line`, { timeout: 15_000 });
  expect(sim.configuration().config.ntp?.server).toBe(server);
});

test('a template made by hand: each setting checked as typed with the contract, a taken name refused at its field', async ({
  page,
}) => {
  await signIn(page, 'admin@acme.example', 'acme.localhost');
  const name = `Time e2e ${Date.now()}`;
  await page.goto(urlFor('acme.localhost', '/device-configuration'));
  await page.getByTestId('template-new').click();
  const editor = page.getByRole('dialog', { name: 'New template' });
  await editor.getByRole('textbox', { name: 'Name' }).fill(name);
  // Nothing chosen yet: said at the sections once Create is pressed.
  await editor.getByTestId('template-save').click();
  await expect(editor.getByTestId('template-sections-hint')).toHaveText('Add at least one section.');
  await editor.getByRole('combobox', { name: 'Add a section' }).click();
  await page.getByRole('option', { name: 'Time (NTP)' }).click();
  const ntp = editor.getByTestId('template-section-ntp');
  await ntp.getByRole('checkbox', { name: 'Set “Server”' }).check();
  const server = ntp.getByRole('textbox', { name: 'Server' });
  await server.fill('10.0.0.300');
  await expect(ntp).toContainText('Enter a domain name or an IPv4 address.');
  await server.fill('ntp.acme-e2e.org');
  await expect(ntp).not.toContainText('Enter a domain name or an IPv4 address.');
  await editor.getByTestId('template-save').click();
  await expect(page.getByText(`Template “${name}” created.`)).toBeVisible();
  const row = page
    .getByRole('grid', { name: 'Configuration templates' })
    .getByRole('row')
    .filter({ hasText: name });
  await expect(row).toContainText('Any model');
  await expect(row).toContainText('Time (NTP): Server');

  // The same name again in the company: the API's 409 at the name.
  await page.getByTestId('template-new').click();
  await editor.getByRole('textbox', { name: 'Name' }).fill(name);
  await editor.getByRole('combobox', { name: 'Add a section' }).click();
  await page.getByRole('option', { name: 'Time (NTP)' }).click();
  await ntp.getByRole('checkbox', { name: 'Set “Enabled”' }).check();
  await editor.getByTestId('template-save').click();
  await expect(editor.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
  await expect(editor).toContainText('The company has a template of this name.');
});

test("Device configuration opens a device's configuration found by its serial number", async ({ page }) => {
  await signIn(page, 'admin@acme.example', 'acme.localhost');
  const [found] = await onlineDevices(page, fleet(), 1);
  if (!found) throw new Error('no online device');
  await page.goto(urlFor('acme.localhost', '/device-configuration'));
  await page.getByTestId('device-configuration-open').fill(found.row.serial);
  await page.getByRole('option', { name: `${found.row.name} (${found.row.serial})` }).click();
  await expect(page).toHaveURL(new RegExp(`/devices/${found.row.id}/configuration$`));
  await expect(page.getByTestId('config-section-system')).toBeVisible();
});
