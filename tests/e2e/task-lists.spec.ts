import { expect, type Page, test } from '@playwright/test';
import { onlineDevices, useFleet } from './fleet.ts';
import { selectRow } from './lists.ts';
import { callApi, signIn, urlFor } from './sign-in.ts';

/**
 * Execute task list (spec §2 Task manager; issue 21 §2) against the real API and a simulated
 * fleet that answers over the device protocol: a list saved in the Task manager (fresh readings,
 * then a CLI command) runs on two devices selected in the devices list, and each device's two
 * steps succeed, in order, in the group's view; a list whose command the devices refuse leaves
 * its later step not run.
 */

const fleet = useFleet();

/** Selects the devices with these serials in the devices list, one search at a time. */
async function selectDevices(page: Page, serials: readonly string[]): Promise<void> {
  await page.goto(urlFor('acme.localhost', `/management/devices?q=${serials[0]}`));
  const grid = page.getByRole('grid', { name: 'Devices' });
  for (const [index, serial] of serials.entries()) {
    if (index > 0) await page.getByRole('searchbox', { name: 'Search devices' }).fill(serial);
    await expect(grid.getByRole('row').filter({ hasText: serial })).toHaveCount(1);
    await selectRow(grid, serial);
  }
  const count = serials.length;
  await expect(page.getByTestId('bulk-bar')).toContainText(
    `${count} device${count === 1 ? '' : 's'} selected`,
  );
}

test('a task list made in the Task manager runs on two devices from the devices list: each step succeeds, in order', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'admin@acme.example', 'acme.localhost');
  const devices = (await onlineDevices(page, fleet(), 2)).slice(0, 2);
  const serials = devices.map((device) => device.row.serial);

  // Task manager → Task lists → New task list: fresh readings, then `uptime` in the CLI.
  await page.goto(urlFor('acme.localhost', '/management/task-manager'));
  await page.getByTestId('task-groups-task-lists').click();
  await expect(page).toHaveURL(/\/management\/task-manager\?view=lists$/);
  await page.getByTestId('task-list-new').click();
  const editor = page.getByRole('dialog', { name: 'New task list' });
  await editor.getByRole('textbox', { name: 'Name' }).fill('Refresh then uptime');
  const steps = editor.getByTestId('task-list-step');
  await expect(steps.nth(0).getByRole('combobox', { name: 'Action' })).toHaveText('Fresh readings');
  await editor.getByTestId('task-list-add-step').click();
  await steps.nth(1).getByRole('combobox', { name: 'Action' }).click();
  await page.getByRole('option', { name: 'CLI command' }).click();
  // A command is needed: said on its field, nothing saved.
  await editor.getByTestId('task-list-save').click();
  const command = steps.nth(1).getByRole('textbox', { name: 'Command' });
  await expect(command).toHaveAttribute('aria-invalid', 'true');
  await command.fill('uptime');
  await editor.getByTestId('task-list-save').click();
  await expect(page.getByText('Task list “Refresh then uptime” created.')).toBeVisible();
  await expect(editor).toHaveCount(0);
  const lists = page.getByRole('grid', { name: 'Task lists' });
  const saved = lists.getByRole('row').filter({ hasText: 'Refresh then uptime' });
  await expect(saved).toContainText('Fresh readings → CLI: uptime');

  // The devices list: two online devices, then 'Run a task list'.
  await selectDevices(page, serials);
  await page.getByTestId('bulk-run-task-list').click();
  const dialog = page.getByRole('dialog', { name: 'Run a task list' });
  await dialog.getByRole('combobox', { name: 'Task list' }).click();
  await page.getByRole('option', { name: /Refresh then uptime/ }).click();
  await expect(dialog.getByTestId('run-task-list-steps')).toHaveText('Fresh readings → CLI: uptime');
  // The dry run before anything starts.
  await expect(dialog.getByTestId('task-list-preview')).toContainText('Runs on 2 devices.');
  await dialog.getByTestId('run-task-list-start').click();
  await expect(page.getByText('Task list started on 2 devices.')).toBeVisible();
  await expect(page).toHaveURL(/\/management\/task-manager\?group=\d+$/);

  // The group: its steps, and each device's two tasks succeeded, the readings first.
  await expect(page.getByTestId('task-group-what')).toHaveText('Task list: Refresh then uptime');
  await expect(page.getByTestId('task-group-steps')).toHaveText(
    'Step 1 · Fresh readings→Step 2 · CLI: uptime',
  );
  await expect(page.getByTestId('task-count-succeeded')).toHaveText('Succeeded 4', { timeout: 30_000 });
  await expect(page.getByTestId('task-group').locator('[data-state="finished"]')).toBeVisible();
  const tasks = page.getByRole('grid', { name: 'Devices of this task' });
  for (const serial of serials) {
    const rows = tasks.getByRole('row').filter({ hasText: serial });
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText('Step 1 · Fresh readings');
    await expect(rows.nth(0)).toContainText('Succeeded');
    await expect(rows.nth(1)).toContainText('Step 2 · CLI command');
    await expect(rows.nth(1)).toContainText('Succeeded');
  }
  // The command's own words are in its step's log.
  await tasks
    .getByRole('row')
    .filter({ hasText: serials[0] ?? '' })
    .nth(1)
    .getByTestId('task-log-open')
    .click();
  await expect(page.getByRole('dialog', { name: 'Task log' })).toContainText('load average');
});

test('a step the device refuses leaves the later step not run', async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, 'admin@acme.example', 'acme.localhost');
  const [device] = await onlineDevices(page, fleet(), 1);
  if (!device) throw new Error('no online device');
  // The simulated shell knows a handful of commands: this one it answers 'command not found'.
  const made = await callApi(page, 'POST', '/devices/task-lists', {
    name: 'Unknown command then refresh',
    steps: [{ action: 'cli', command: 'no-such-command' }, { action: 'refresh' }],
  });
  expect(made.status).toBe(201);

  await selectDevices(page, [device.row.serial]);
  await page.getByTestId('bulk-run-task-list').click();
  const dialog = page.getByRole('dialog', { name: 'Run a task list' });
  await dialog.getByRole('combobox', { name: 'Task list' }).click();
  await page.getByRole('option', { name: /Unknown command then refresh/ }).click();
  await expect(dialog.getByTestId('task-list-preview')).toContainText('Runs on 1 device.');
  await dialog.getByTestId('run-task-list-start').click();
  await expect(page).toHaveURL(/\/management\/task-manager\?group=\d+$/);

  await expect(page.getByTestId('task-group').locator('[data-state="finished"]')).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByTestId('task-count-failed')).toHaveText('Failed 1');
  await expect(page.getByTestId('task-count-cancelled')).toHaveText('Cancelled 1');
  const rows = page.getByRole('grid', { name: 'Devices of this task' }).getByRole('row').filter({
    hasText: device.row.serial,
  });
  await expect(rows.nth(0)).toContainText('Step 1 · CLI command');
  await expect(rows.nth(0)).toContainText('Failed');
  await expect(rows.nth(0)).toContainText('command not found');
  await expect(rows.nth(1)).toContainText('Step 2 · Fresh readings');
  await expect(rows.nth(1)).toContainText('Cancelled');
  await expect(rows.nth(1)).toContainText('Not run: step 1 (CLI command) did not succeed.');
});
