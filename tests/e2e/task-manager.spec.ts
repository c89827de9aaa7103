import { expect, type Page, test } from '@playwright/test';
import { onlineDevices, takeOffline, useFleet } from './fleet.ts';
import { selectRow } from './lists.ts';
import { callApi, signIn, urlFor } from './sign-in.ts';

/**
 * The Task manager (spec §2 Task manager, Task group table, Task logs, Cancel updates) against
 * the real API and a simulated fleet that answers commands over the device protocol: a CLI task
 * group for two online devices appears in the open list and ends there without a reload, its
 * view shows each device's task Succeeded and its log with the device's own words; a group for a
 * device that is not connected waits, and 'Cancel waiting tasks' cancels it and says how many.
 */

const fleet = useFleet();

interface Row {
  id: number;
  serial: string;
  name: string;
}

/** A device of the user's that is not connected (offline, or never seen): its task waits. */
async function waitingDevice(page: Page): Promise<Row | undefined> {
  for (const status of ['offline', 'pending']) {
    const answer = await callApi(page, 'GET', `/devices?status=${status}&limit=1&fields=id,serial,name`);
    const row = (answer.body.data as Row[] | undefined)?.[0];
    if (row) return row;
  }
  // None at this moment: one of the simulated devices loses its connection (no goodbye; the
  // broker's last will tells the API), and the API says so before its task is made.
  const spare = (await onlineDevices(page, fleet(), 1)).at(-1);
  if (!spare) return undefined;
  await takeOffline(page, spare);
  return spare.row;
}

/**
 * Resolves once the console has asked to follow its company's tasks channel (the client asks
 * without an acknowledgement; the server joins it at once, well before a new group's first task
 * is sent through the API's queue).
 */
function tasksChannelAsked(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      socket.on('framesent', ({ payload }) => {
        const text = String(payload);
        if (text.includes('"subscribe"') && /private-company\.\d+\.tasks/.test(text)) resolve();
      });
    });
  });
}

async function createGroup(page: Page, body: object): Promise<number> {
  const created = await callApi(page, 'POST', '/devices/tasks/groups', body);
  expect(created.status).toBeLessThan(300);
  return (created.body.data as { id: number }).id;
}

test('a CLI task for two devices: live in the list, each device Succeeded in its view, and its log', async ({
  page,
}) => {
  const followed = tasksChannelAsked(page);
  await signIn(page, 'admin@acme.example', 'acme.localhost');
  const devices = (await onlineDevices(page, fleet(), 2)).slice(0, 2);

  // Task manager is in the navigation (spec §2 Main navigation: view_device_task_groups).
  await page.getByTestId('nav-task-manager').click();
  await expect(page).toHaveURL(/\/management\/task-manager$/);
  await expect(page.getByTestId('page-title')).toHaveText('Task manager');
  const groups = page.getByRole('grid', { name: 'Task groups' });
  await expect(groups).toBeVisible();
  await followed;

  const id = await createGroup(page, {
    action: 'cli',
    command: 'uptime',
    device_ids: devices.map((device) => device.row.id),
  });
  // The group arrives in the open list and ends there, without a reload.
  const link = groups.locator(`a[href$="?group=${id}"]`);
  await expect(link).toHaveText('CLI: uptime', { timeout: 20_000 });
  // `has` is relative to each row: the link's own locator, not one rooted at the grid.
  const row = groups.getByRole('row').filter({ has: page.locator(`a[href$="?group=${id}"]`) });
  await expect(row).toContainText('2 / 2 done', { timeout: 20_000 });
  await expect(row).toContainText('Finished');
  await expect(row).toContainText('admin@acme.example');

  await link.click();
  await expect(page).toHaveURL(new RegExp(`/management/task-manager\\?group=${id}$`));
  await expect(page.getByTestId('task-group-what')).toHaveText('CLI: uptime');
  await expect(page.getByTestId('task-count-succeeded')).toHaveText('Succeeded 2');
  const tasks = page.getByRole('grid', { name: 'Devices of this task' });
  for (const { row: device } of devices) {
    const line = tasks.getByRole('row').filter({ hasText: device.serial });
    await expect(line).toContainText('Succeeded');
    // Device names may be hostile test strings: the link is found by its test id in the row.
    await expect(line.getByTestId('task-device-link')).toHaveAttribute('href', `/devices/${device.id}`);
  }

  // The log: every change of the task's state, with the device's own words (uptime's line).
  const [first] = devices;
  if (!first) throw new Error('unreachable');
  await tasks.getByRole('row').filter({ hasText: first.row.serial }).getByTestId('task-log-open').click();
  const log = page.getByRole('dialog', { name: 'Task log' });
  await expect(log).toContainText('Waiting');
  await expect(log).toContainText('Succeeded');
  await expect(log).toContainText('load average');

  // The view's address can be shared: a reload shows the same group.
  await page.keyboard.press('Escape');
  await page.reload();
  await expect(page.getByTestId('task-group-what')).toHaveText('CLI: uptime');
});

test("a task for a device that is not connected waits; 'Cancel waiting tasks' cancels it and says how many", async ({
  page,
}) => {
  await signIn(page, 'admin@acme.example', 'acme.localhost', '/management/task-manager');
  const device = await waitingDevice(page);
  test.skip(!device, 'the demo has no device of this user that is not connected');
  if (!device) return;
  const id = await createGroup(page, { action: 'reboot', device_ids: [device.id] });

  await page.goto(urlFor('acme.localhost', `/management/task-manager?group=${id}`));
  await expect(page.getByTestId('task-group-what')).toHaveText('Reboot');
  const tasks = page.getByRole('grid', { name: 'Devices of this task' });
  const line = tasks.getByRole('row').filter({ hasText: device.serial });
  await expect(line).toContainText('Waiting');

  await page.getByTestId('task-group-cancel').click();
  const question = page.getByRole('dialog', { name: 'Cancel waiting tasks' });
  await question.getByRole('button', { name: 'Cancel waiting tasks' }).click();
  await expect(page.getByText('Cancelled 1 waiting task.')).toBeVisible();
  await expect(line).toContainText('Cancelled');
  await expect(page.getByTestId('task-count-cancelled')).toHaveText('Cancelled 1');
  // Nothing waits any more: the action is gone.
  await expect(page.getByTestId('task-group-cancel')).toHaveCount(0);
});

test('Run a task on a selection in the devices list: a CLI command on two devices, its progress in the Task manager', async ({
  page,
}) => {
  await signIn(page, 'admin@acme.example', 'acme.localhost');
  const devices = (await onlineDevices(page, fleet(), 2)).slice(0, 2);
  const serials = devices.map((device) => device.row.serial);
  await page.goto(urlFor('acme.localhost', `/management/devices?q=${serials[0]}`));
  const grid = page.getByRole('grid', { name: 'Devices' });
  await expect(grid.getByRole('row')).toHaveCount(2);
  await selectRow(grid, serials[0] ?? '');
  await page.getByRole('searchbox', { name: 'Search devices' }).fill(serials[1] ?? '');
  await expect(grid.getByRole('row').filter({ hasText: serials[1] ?? '' })).toHaveCount(1);
  await selectRow(grid, serials[1] ?? '');
  await expect(page.getByTestId('bulk-bar')).toContainText('2 devices selected');

  await page.getByTestId('bulk-run-task').click();
  const dialog = page.getByRole('dialog', { name: 'Run a task' });
  await dialog.getByRole('radio', { name: 'Run a CLI command' }).check();
  // A CLI task needs its command: said on the field, nothing started.
  await dialog.getByRole('button', { name: 'Start task' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Command' })).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByRole('textbox', { name: 'Command' }).fill('uptime');
  await dialog.getByRole('button', { name: 'Start task' }).click();
  await expect(page.getByText('Task started on 2 devices.')).toBeVisible();
  await expect(page).toHaveURL(/\/management\/task-manager\?group=\d+$/);
  await expect(page.getByTestId('task-group-what')).toHaveText('CLI: uptime');
  await expect(page.getByTestId('task-count-succeeded')).toHaveText('Succeeded 2', { timeout: 20_000 });
});

test("a reboot from an offline device's page waits in Action status and its Actions list, and runs when the device comes back", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'admin@acme.example', 'acme.localhost');
  const [spare] = await onlineDevices(page, fleet(), 1);
  if (!spare) throw new Error('no online device');
  await takeOffline(page, spare);

  await page.goto(urlFor('acme.localhost', `/devices/${spare.row.id}/activity`));
  await expect(page.getByTestId('device-status')).toHaveText('Offline');
  await page.getByTestId('device-reboot').click();
  const question = page.getByRole('dialog', { name: 'Reboot' });
  await expect(question).toContainText('is offline. Reboot it when it next connects');
  await question.getByRole('button', { name: 'Reboot' }).click();
  const status = page.getByRole('dialog', { name: 'Action status' });
  const item = status.getByTestId('action-status-item');
  await expect(item).toHaveAttribute('data-state', 'pending');
  await expect(item).toContainText('Waiting for the device to connect');
  // The device's Actions list has it, waiting, with a link to its group in the Task manager.
  const actions = page.getByTestId('device-tasks');
  await expect(actions.getByRole('row').nth(1)).toContainText('Reboot');
  await expect(actions.getByRole('row').nth(1)).toContainText('Waiting');

  // The unit connects again: it is sent the reboot, restarts, and is back.
  spare.sim.start();
  await expect(item).toHaveAttribute('data-state', 'succeeded', { timeout: 30_000 });
  await expect(item).toContainText(/Back online after \d+ s/);
  await expect(actions.getByRole('row').nth(1)).toContainText('Succeeded', { timeout: 10_000 });
  await status.getByRole('button', { name: 'Close' }).first().click();
  await actions.getByRole('row').nth(1).getByRole('link', { name: 'Reboot' }).click();
  await expect(page).toHaveURL(/\/management\/task-manager\?group=\d+$/);
  await expect(page.getByTestId('task-group-what')).toHaveText('Reboot');
});
