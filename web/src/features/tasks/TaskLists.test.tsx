// @vitest-environment jsdom
import type { Task, TaskGroup, TaskList } from '@fleetport/contracts/tasks';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderWithForms, testUser } from '../../shared/forms/testing.tsx';
import { ModalHost } from '../../shared/modals/ModalHost.tsx';
import { resetModals } from '../../shared/modals/testing.tsx';
import { realtime } from '../../shared/realtime/socket.ts';
import TaskManagerPage from './TaskManagerPage.tsx';

/**
 * Execute task list (spec §2; issue 21 §2) in the Task manager: the saved lists with their steps
 * in words; New task list with its steps added, chosen and moved in order; the API's refusals on
 * the field they name; a list from a company above is run only; a task list's group says each
 * task's step and lists its steps.
 */

// The dialogs' code is lazy; loaded here once, so no test waits on a cold import.
await import('./task-list-dialogs.tsx');

const MANAGE = ['view_device_task_groups', 'manage_device_task_groups'];
const IMAGE = {
  id: 41,
  company_id: 1,
  company_name: 'Acme',
  name: 'RUTX_R_00.07.09.bin',
  size: 2_097_152,
  sha256: 'a'.repeat(64),
  kind: 'firmware',
  version: '00.07.09',
  families: ['RUTX'],
  global: false,
};

const list = (id: number, values: Partial<TaskList> = {}): TaskList => ({
  id,
  name: 'Nightly upgrade',
  company_id: 1,
  company_name: 'Acme',
  steps: [
    { action: 'refresh' },
    { action: 'cli', command: 'uptime' },
    { action: 'firmware.update', file_id: 41, file_name: 'RUTX_R_00.07.09.bin', version: '00.07.09' },
    { action: 'reboot' },
  ],
  created_by_email: 'ada@example.com',
  updated_at: '2026-03-01T10:00:00.000Z',
  editable: true,
  ...values,
});

const page = (rows: unknown[]) => () => ({ status: 200, data: { data: rows, meta: { total: rows.length } } });

beforeEach(() => {
  vi.spyOn(realtime, 'listen').mockImplementation(() => () => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  resetModals();
});

function openPage(address: string, permissions = MANAGE) {
  const router = createMemoryRouter(
    [
      { path: '/management/task-manager', element: <TaskManagerPage /> },
      { path: '/devices/:id', element: <p>device page</p> },
    ],
    { initialEntries: [address] },
  );
  renderWithForms(
    <>
      <ModalHost />
      <RouterProvider router={router} />
    </>,
    { user: testUser(permissions) },
  );
  return { router, user: userEvent.setup() };
}

/** Chooses `option` in the MUI select labelled `label` inside `scope`. */
async function choose(
  user: ReturnType<typeof userEvent.setup>,
  scope: HTMLElement,
  label: string,
  option: string | RegExp,
) {
  await user.click(within(scope).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('Task lists (Execute task list)', () => {
  it('lists the saved lists with their steps in words; the Task manager links to them', async () => {
    const server = fakeApi({
      'GET /devices/tasks/groups': page([]),
      'GET /devices/task-lists': page([list(9)]),
    });
    const { user, router } = openPage('/management/task-manager');
    await user.click(await screen.findByTestId('task-groups-task-lists'));
    expect(router.state.location.search).toBe('?view=lists');
    const grid = await screen.findByRole('grid', { name: 'Task lists' });
    const row = await within(grid).findByRole('row', { name: /Nightly upgrade/ });
    expect(row.textContent).toContain('Acme');
    expect(row.textContent).toContain('Fresh readings → CLI: uptime → Firmware update to 00.07.09 → Reboot');
    expect(within(row).getByRole('button', { name: 'Edit task list' })).toBeTruthy();
    expect(server.requests('GET /devices/task-lists')[0]?.params).toMatchObject({ sort: 'name' });
  });

  it('New task list: steps added, chosen and moved in order, then the request the API takes', async () => {
    const server = fakeApi({
      'GET /devices/task-lists': page([]),
      'GET /companies': page([{ id: 1, name: 'Acme' }]),
      'GET /files': page([IMAGE]),
      'POST /devices/task-lists': (request) => ({
        status: 201,
        data: { data: list(10, { name: (request.body as { name: string }).name }) },
      }),
    });
    const { user } = openPage('/management/task-manager?view=lists');
    await user.click(await screen.findByTestId('task-list-new'));
    const dialog = await screen.findByRole('dialog', { name: 'New task list' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Nightly upgrade');
    // The user sees one company: the list is its own, nothing to choose.
    await waitFor(() => expect(server.requests('GET /companies')).toHaveLength(1));
    expect(within(dialog).queryByRole('combobox', { name: 'Company' })).toBeNull();

    const steps = () => within(dialog).getAllByTestId('task-list-step');
    expect(steps()).toHaveLength(1);
    await user.click(within(dialog).getByTestId('task-list-add-step'));
    await choose(user, steps()[1] as HTMLElement, 'Action', 'Firmware update');
    await choose(user, steps()[1] as HTMLElement, 'Firmware image', /00\.07\.09 · RUTX · 2MB · Acme/);
    await user.click(within(dialog).getByTestId('task-list-add-step'));
    await choose(user, steps()[2] as HTMLElement, 'Action', 'CLI command');
    await user.type(within(steps()[2] as HTMLElement).getByRole('textbox', { name: 'Command' }), 'uptime');
    // The command goes before the firmware update; a second firmware step is not offered.
    await user.click(within(dialog).getByRole('button', { name: 'Move step 3 up' }));
    await user.click(within(steps()[0] as HTMLElement).getByRole('combobox', { name: 'Action' }));
    expect(
      (await screen.findByRole('option', { name: 'Firmware update' })).getAttribute('aria-disabled'),
    ).toBe('true');
    await user.keyboard('{Escape}');

    await user.click(within(dialog).getByTestId('task-list-save'));
    await waitFor(() => expect(server.requests('POST /devices/task-lists')).toHaveLength(1));
    expect(server.requests('POST /devices/task-lists')[0]?.body).toEqual({
      name: 'Nightly upgrade',
      company_id: 1,
      steps: [
        { action: 'refresh' },
        { action: 'cli', command: 'uptime' },
        { action: 'firmware.update', file_id: 41 },
      ],
    });
    expect(await screen.findByText('Task list “Nightly upgrade” created.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New task list' })).toBeNull());
  }, 30_000);

  it('refuses a step without its command before sending; the API refusals show on the field they name', async () => {
    const server = fakeApi({
      'GET /devices/task-lists': page([]),
      'GET /companies': page([
        { id: 1, name: 'Acme' },
        { id: 2, name: 'Acme East' },
      ]),
      'GET /files': page([IMAGE]),
      'POST /devices/task-lists': (_request, nth) =>
        nth === 1
          ? {
              status: 422,
              data: {
                errors: [
                  {
                    code: 'VALIDATION_ERROR',
                    source: 'steps.1.file_id',
                    message: 'Choose a firmware file you can see.',
                  },
                ],
              },
            }
          : {
              status: 409,
              data: {
                errors: [
                  {
                    code: 'CONFLICT',
                    source: 'name',
                    message: 'This company already has a task list with this name.',
                  },
                ],
              },
            },
    });
    const { user } = openPage('/management/task-manager?view=lists');
    await user.click(await screen.findByTestId('task-list-new'));
    const dialog = await screen.findByRole('dialog', { name: 'New task list' });
    // Several companies: the list's company is chosen, the user's own at first.
    await choose(user, dialog, 'Company', 'Acme East');
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Upgrade');
    await choose(
      user,
      within(dialog).getAllByTestId('task-list-step')[0] as HTMLElement,
      'Action',
      'CLI command',
    );
    await user.click(within(dialog).getByTestId('task-list-save'));
    const command = within(dialog).getByRole('textbox', { name: 'Command' });
    expect(command.getAttribute('aria-invalid')).toBe('true');
    expect(server.requests('POST /devices/task-lists')).toEqual([]);

    await user.type(command, 'uptime');
    await user.click(within(dialog).getByTestId('task-list-add-step'));
    const second = within(dialog).getAllByTestId('task-list-step')[1] as HTMLElement;
    await choose(user, second, 'Action', 'Firmware update');
    await choose(user, second, 'Firmware image', /00\.07\.09/);
    await user.click(within(dialog).getByTestId('task-list-save'));
    // Step 2's image, in the API's words.
    expect(await within(second).findByText('Choose a firmware file you can see.')).toBeTruthy();
    expect(server.requests('POST /devices/task-lists')[0]?.body).toMatchObject({ company_id: 2 });

    await user.click(within(dialog).getByTestId('task-list-save'));
    expect(
      await within(dialog).findByText('This company already has a task list with this name.'),
    ).toBeTruthy();
    expect(within(dialog).getByRole('textbox', { name: 'Name' }).getAttribute('aria-invalid')).toBe('true');
  }, 30_000);

  it('Edit keeps the list in its company and sends its new name and order', async () => {
    const server = fakeApi({
      'GET /devices/task-lists': page([list(9)]),
      'GET /companies': page([
        { id: 1, name: 'Acme' },
        { id: 2, name: 'Acme East' },
      ]),
      'GET /files': page([IMAGE]),
      'PUT /devices/task-lists/9': () => ({ status: 200, data: { data: list(9, { name: 'Nightly' }) } }),
    });
    const { user } = openPage('/management/task-manager?view=lists');
    const grid = await screen.findByRole('grid', { name: 'Task lists' });
    await user.click(await within(grid).findByRole('button', { name: 'Edit task list' }));
    const dialog = await screen.findByRole('dialog', { name: /Edit task list/ });
    expect(within(dialog).getAllByTestId('task-list-step')).toHaveLength(4);
    expect(within(dialog).getByRole('combobox', { name: 'Company' }).getAttribute('aria-disabled')).toBe(
      'true',
    );
    // Reboot goes first: moved up three times.
    for (const n of [4, 3, 2])
      await user.click(within(dialog).getByRole('button', { name: `Move step ${n} up` }));
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Nightly');
    await user.click(within(dialog).getByTestId('task-list-save'));
    await waitFor(() => expect(server.requests('PUT /devices/task-lists/9')).toHaveLength(1));
    expect(server.requests('PUT /devices/task-lists/9')[0]?.body).toEqual({
      name: 'Nightly',
      company_id: 1,
      steps: [
        { action: 'reboot' },
        { action: 'refresh' },
        { action: 'cli', command: 'uptime' },
        { action: 'firmware.update', file_id: 41 },
      ],
    });
    expect(await screen.findByText('Task list “Nightly” saved.')).toBeTruthy();
  }, 30_000);

  it('Delete asks first, then says the list is gone', async () => {
    const server = fakeApi({
      'GET /devices/task-lists': page([list(9)]),
      'DELETE /devices/task-lists/9': () => ({ status: 200, data: { data: { deleted: true } } }),
    });
    const { user } = openPage('/management/task-manager?view=lists');
    const grid = await screen.findByRole('grid', { name: 'Task lists' });
    await user.click(await within(grid).findByRole('button', { name: 'Delete task list' }));
    const question = await screen.findByRole('dialog', { name: /Delete task list/ });
    expect(question.textContent).toContain('Delete the task list “Nightly upgrade”?');
    await user.click(within(question).getByRole('button', { name: 'Delete task list' }));
    await waitFor(() => expect(server.requests('DELETE /devices/task-lists/9')).toHaveLength(1));
    expect(await screen.findByText('Task list “Nightly upgrade” deleted.')).toBeTruthy();
  });

  it('a viewer reads the lists without changing them', async () => {
    fakeApi({
      'GET /devices/task-lists': page([list(9, { editable: false, company_name: 'Reseller' })]),
    });
    openPage('/management/task-manager?view=lists', ['view_device_task_groups']);
    const grid = await screen.findByRole('grid', { name: 'Task lists' });
    await within(grid).findByRole('row', { name: /Nightly upgrade/ });
    expect(screen.queryByTestId('task-list-new')).toBeNull();
    expect(within(grid).queryByRole('button', { name: 'Edit task list' })).toBeNull();
  });

  it('shows a list from above as run only to those who manage tasks', async () => {
    fakeApi({
      'GET /devices/task-lists': page([list(9, { editable: false, company_name: 'Reseller' })]),
    });
    openPage('/management/task-manager?view=lists');
    const grid = await screen.findByRole('grid', { name: 'Task lists' });
    const row = await within(grid).findByRole('row', { name: /Nightly upgrade/ });
    expect(within(row).getByText('Run only').getAttribute('title')).toBe(
      'It belongs to Reseller, a company above yours: you may run it but not change it.',
    );
    expect(within(row).queryByRole('button', { name: 'Edit task list' })).toBeNull();
  });
});

describe("a task list's group", () => {
  const NONE = { queued: 0, sent: 0, in_progress: 0, succeeded: 0, failed: 0, cancelled: 0, expired: 0 };
  const group: TaskGroup = {
    id: 7,
    action: 'task_list',
    summary: 'Refresh then uptime',
    state: 'finished',
    company_id: 1,
    company_name: 'Acme',
    created_by: 1,
    created_by_email: 'ada@example.com',
    created_at: '2026-03-01T10:00:00.000Z',
    expires_at: '2026-03-08T10:00:00.000Z',
    position: 1,
    // A group's total counts its devices: one device, a task per step.
    total: 1,
    counts: { ...NONE, succeeded: 1, cancelled: 1 },
    finished_at: '2026-03-01T10:01:00.000Z',
    file_id: null,
    starts_at: null,
    window_start: null,
    window_end: null,
    time_zone: null,
    canary_percent: null,
    wave_count: 1,
    failure_threshold: null,
    current_wave: 0,
    paused_reason: null,
    paused_args: null,
    steps: [
      { action: 'refresh', command: null, version: null },
      { action: 'cli', command: 'uptime', version: null },
    ],
  };
  const task = (step: number, values: Partial<Task>): Task => ({
    id: `0b9a3c1e-6a47-4b8e-9d3f-2f1e0c7d5a1${step}`,
    group_id: 7,
    device_id: 11,
    device_name: 'Depot router',
    serial: '1100000001',
    action: 'refresh',
    step,
    state: 'succeeded',
    progress: null,
    message: null,
    message_code: null,
    message_args: null,
    attempts: 1,
    wave: 0,
    updated_at: '2026-03-01T10:00:00.000Z',
    finished_at: null,
    ...values,
  });

  it("lists its steps in the header, counts its progress in tasks and says each task's step", async () => {
    const tasks = [task(0, {}), task(1, { action: 'cli', state: 'cancelled' })];
    const server = fakeApi({
      'GET /devices/tasks/groups/7': () => ({ status: 200, data: { data: group } }),
      'GET /devices/tasks/groups/7/tasks': page(tasks),
    });
    openPage('/management/task-manager?group=7');
    expect((await screen.findByTestId('task-group-what')).textContent).toBe('Task list: Refresh then uptime');
    // Its progress counts the tasks.
    expect(within(screen.getByTestId('task-group')).getByTestId('task-progress').textContent).toBe(
      '2 / 2 done',
    );
    // The steps as the group runs them, with the command as the user wrote it.
    expect((await screen.findByTestId('task-group-steps')).textContent).toBe(
      'Step 1 · Fresh readings→Step 2 · CLI: uptime',
    );
    const grid = await screen.findByRole('grid', { name: 'Devices of this task' });
    expect((await within(grid).findAllByText('Step 2 · CLI command')).length).toBe(1);
    expect(within(grid).getByText('Step 1 · Fresh readings')).toBeTruthy();
    expect(server.requests('GET /devices/tasks/groups/7/tasks').length).toBeGreaterThan(0);
  });
});
