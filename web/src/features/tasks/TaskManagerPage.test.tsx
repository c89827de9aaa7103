// @vitest-environment jsdom
import { TASK_CHANGED_EVENT } from '@fleetport/contracts/realtime-names';
import type { Task, TaskChange, TaskGroup } from '@fleetport/contracts/tasks';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderWithForms, testUser } from '../../shared/forms/testing.tsx';
import { ModalHost } from '../../shared/modals/ModalHost.tsx';
import { resetModals } from '../../shared/modals/testing.tsx';
import { realtime } from '../../shared/realtime/socket.ts';
import TaskManagerPage from './TaskManagerPage.tsx';

// The dialogs' code is lazy; loaded here once, so no test waits on a cold import.
await import('./task-dialogs.tsx');

const NONE = { queued: 0, sent: 0, in_progress: 0, succeeded: 0, failed: 0, cancelled: 0, expired: 0 };
const TASK_A = '0b9a3c1e-6a47-4b8e-9d3f-2f1e0c7d5a11';
const TASK_B = '5d1f0e2a-3b4c-4d5e-8f60-718293a4b5c6';

const group = (id: number, values: Partial<TaskGroup> = {}): TaskGroup => ({
  id,
  action: 'cli',
  summary: 'uptime',
  state: 'running',
  company_id: 1,
  company_name: 'Acme East',
  created_by: 1,
  created_by_email: 'ada@example.com',
  created_at: '2026-03-01T10:00:00.000Z',
  expires_at: '2026-03-08T10:00:00.000Z',
  position: 1,
  total: 50,
  counts: { ...NONE, succeeded: 9, failed: 3, queued: 38 },
  finished_at: null,
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
  steps: null,
  ...values,
});

const task = (id: string, values: Partial<Task> = {}): Task => ({
  id,
  group_id: 7,
  device_id: 11,
  device_name: 'Depot router',
  serial: '1100000001',
  state: 'queued',
  progress: null,
  message: null,
  message_code: null,
  message_args: null,
  action: 'cli',
  step: 0,
  attempts: 0,
  wave: 0,
  updated_at: '2026-03-01T10:00:00.000Z',
  finished_at: null,
  ...values,
});

const page = (rows: unknown[]) => () => ({ status: 200, data: { data: rows, meta: { total: rows.length } } });

/** The realtime listeners the page opened, by channel and event; `emit` calls them as the socket would. */
let listeners: { channel: string; event: string; handler: (payload: never) => void }[] = [];
beforeEach(() => {
  listeners = [];
  vi.spyOn(realtime, 'listen').mockImplementation((channel, event, handler) => {
    const entry = { channel, event, handler: handler as (payload: never) => void };
    listeners.push(entry);
    return () => {
      listeners = listeners.filter((one) => one !== entry);
    };
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  resetModals();
});

const emit = (change: TaskChange) =>
  act(() => {
    for (const listener of listeners.filter((one) => one.event === TASK_CHANGED_EVENT))
      listener.handler(change as never);
  });

/** The Task manager at `address`, as the console shows it (with its modal host and toasts). */
function openPage(address: string, permissions = ['view_device_task_groups', 'manage_device_task_groups']) {
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

const groupsGrid = () => screen.findByRole('grid', { name: 'Task groups' });

describe('Task manager (spec §2 Task manager)', () => {
  it('lists the task groups newest first: what, state, progress, company, who and when', async () => {
    const server = fakeApi({
      'GET /devices/tasks/groups': page([
        group(7),
        group(6, {
          action: 'reboot',
          summary: null,
          state: 'finished',
          total: 2,
          counts: { ...NONE, succeeded: 2 },
          company_name: 'Acme West',
          created_by_email: null,
        }),
      ]),
    });
    openPage('/management/task-manager');
    const grid = await groupsGrid();
    await within(grid).findByRole('link', { name: 'CLI: uptime' });
    const rows = within(grid).getAllByRole('row');
    expect(rows).toHaveLength(3);
    const [, first, second] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(first).getByRole('link', { name: 'CLI: uptime' }).getAttribute('href')).toBe(
      '/management/task-manager?group=7',
    );
    expect(first.textContent).toContain('Running');
    expect(first.textContent).toContain('12 / 50 done, 3 failed');
    expect(first.textContent).toContain('Acme East');
    expect(first.textContent).toContain('ada@example.com');
    expect(within(second).getByRole('link', { name: 'Reboot' })).toBeTruthy();
    expect(second.textContent).toContain('Finished');
    expect(second.textContent).toContain('2 / 2 done');
    expect(server.requests('GET /devices/tasks/groups')[0]?.params).toMatchObject({
      limit: 25,
      offset: 0,
      sort: '-created_at',
    });
    // The user's company's tasks channel, for live changes.
    expect(listeners.map((one) => `${one.channel} ${one.event}`)).toEqual([
      `private-company.1.tasks ${TASK_CHANGED_EVENT}`,
    ]);
  });

  it('shows a command as the user wrote it, as text', async () => {
    fakeApi({ 'GET /devices/tasks/groups': page([group(7, { summary: '<img src=x onerror=alert(1)>' })]) });
    openPage('/management/task-manager');
    const grid = await groupsGrid();
    expect(await within(grid).findByRole('link', { name: 'CLI: <img src=x onerror=alert(1)>' })).toBeTruthy();
    expect(grid.querySelector('img')).toBeNull();
  });

  it('says what to do when there is no task yet', async () => {
    fakeApi({ 'GET /devices/tasks/groups': page([]) });
    openPage('/management/task-manager');
    expect(
      await screen.findByText('No tasks yet. Select devices in the devices list and choose an action.'),
    ).toBeTruthy();
  });

  it('leads to Configure devices, the templates and the backups; Configure devices only for those who manage tasks', async () => {
    fakeApi({ 'GET /devices/tasks/groups': page([]) });
    openPage('/management/task-manager');
    fireEvent.click(await screen.findByTestId('task-groups-operations'));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Configure devices' }).getAttribute('href')).toBe(
      '/management/configure-devices',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Configuration templates' }).getAttribute('href')).toBe(
      '/device-configuration',
    );
    expect(
      within(menu).getByRole('menuitem', { name: 'Backups and periodic rules' }).getAttribute('href'),
    ).toBe('/management/upload-backup');
  });

  it('offers only the templates and backups to those who may only look', async () => {
    fakeApi({ 'GET /devices/tasks/groups': page([]) });
    openPage('/management/task-manager', ['view_device_task_groups']);
    fireEvent.click(await screen.findByTestId('task-groups-operations'));
    const menu = await screen.findByRole('menu');
    expect(within(menu).queryByRole('menuitem', { name: 'Configure devices' })).toBeNull();
    expect(within(menu).getAllByRole('menuitem')).toHaveLength(2);
  });

  it('keeps the state and action filters in the address and asks the API with them', async () => {
    const server = fakeApi({ 'GET /devices/tasks/groups': page([group(7)]) });
    const { router, user } = openPage('/management/task-manager?page=2');
    await groupsGrid();
    await user.selectOptions(screen.getByTestId('task-groups-state'), 'Running');
    // A filter returns the list to its first page.
    await waitFor(() => expect(router.state.location.search).toBe('?state=running'));
    await waitFor(() =>
      expect(server.requests('GET /devices/tasks/groups').at(-1)?.params).toMatchObject({
        state: 'running',
        offset: 0,
      }),
    );
    await user.selectOptions(screen.getByTestId('task-groups-action'), 'CLI command');
    await waitFor(() => expect(router.state.location.search).toBe('?state=running&action=cli'));
    await waitFor(() =>
      expect(server.requests('GET /devices/tasks/groups').at(-1)?.params).toMatchObject({
        state: 'running',
        action: 'cli',
      }),
    );
    expect((screen.getByTestId('task-groups-state') as HTMLSelectElement).value).toBe('running');
  });

  it('filters by the days groups were started on, and by company and starter from the address', async () => {
    const server = fakeApi({ 'GET /devices/tasks/groups': page([group(7)]) });
    openPage('/management/task-manager?from=2026-03-01&to=2026-03-31&company=East&created_by_email=ada');
    await groupsGrid();
    await waitFor(() =>
      expect(server.requests('GET /devices/tasks/groups').at(-1)?.params).toMatchObject({
        created_from: '2026-03-01',
        created_to: '2026-03-31',
        company: 'East',
        created_by_email: 'ada',
      }),
    );
    expect((screen.getByTestId('task-groups-from') as HTMLInputElement).value).toBe('2026-03-01');
  });

  it("follows TaskChanged: the group's row shows its new counts and state without a reload", async () => {
    fakeApi({ 'GET /devices/tasks/groups': page([group(7, { total: 2, counts: { ...NONE, queued: 2 } })]) });
    openPage('/management/task-manager');
    const grid = await groupsGrid();
    await within(grid).findByText('0 / 2 done');
    emit({
      group_id: 7,
      task: {
        id: TASK_A,
        device_id: 11,
        state: 'failed',
        progress: null,
        message: 'No such command',
        message_code: null,
        message_args: null,
        action: 'cli',
        step: 0,
        attempts: 1,
        updated_at: '2026-03-01T10:00:05.000Z',
      },
      counts: { ...NONE, queued: 0, succeeded: 1, failed: 1 },
      group_state: 'finished',
      current_wave: 0,
      paused_reason: null,
      paused_args: null,
    });
    expect(await within(grid).findByText('2 / 2 done, 1 failed')).toBeTruthy();
    expect(within(grid).getByText('Finished')).toBeTruthy();
  });
});

describe("a task group's view (spec §2 Task group table, Task logs, Cancel updates)", () => {
  const groupApi = (extra: Parameters<typeof fakeApi>[0] = {}) =>
    fakeApi({
      'GET /devices/tasks/groups/7': () => ({ status: 200, data: { data: group(7) } }),
      'GET /devices/tasks/groups/7/tasks': page([
        task(TASK_A, { state: 'succeeded', message: ' 10:00:01 up 3:12', attempts: 1 }),
        task(TASK_B, { device_id: 12, device_name: 'Shop gateway', serial: '1100000002' }),
      ]),
      ...extra,
    });

  it('Send first: a group with waiting tasks is moved to the front of the queue', async () => {
    const server = fakeApi({
      'GET /devices/tasks/groups/7': () => ({ status: 200, data: { data: group(7) } }),
      'GET /devices/tasks/groups/7/tasks': page([]),
      'PUT /devices/tasks/groups/7/order': () => ({ status: 200, data: { data: group(7, { position: 0 }) } }),
    });
    const { user } = openPage('/management/task-manager?group=7');
    await user.click(await screen.findByRole('button', { name: 'Send first' }));
    expect(
      await screen.findByText('Its waiting tasks go before those of every other task group.'),
    ).toBeTruthy();
    expect(server.seen.find((request) => request.url === '/devices/tasks/groups/7/order')?.body).toEqual({
      to: 'first',
    });
  });

  it('Retry failed: a finished group with failures starts a new group for them and opens it', async () => {
    const server = fakeApi({
      'GET /devices/tasks/groups/7': () => ({
        status: 200,
        data: {
          data: group(7, { state: 'finished', counts: { ...NONE, succeeded: 45, failed: 3, expired: 2 } }),
        },
      }),
      'GET /devices/tasks/groups/7/tasks': page([]),
      'POST /devices/tasks/groups/7/retry': () => ({ status: 201, data: { data: group(8, { total: 5 }) } }),
      'GET /devices/tasks/groups/8': () => ({ status: 200, data: { data: group(8, { total: 5 }) } }),
      'GET /devices/tasks/groups/8/tasks': page([]),
    });
    const { router, user } = openPage('/management/task-manager?group=7');
    await user.click(await screen.findByRole('button', { name: 'Retry the failed tasks (5)' }));
    expect(await screen.findByText('Retrying 5 devices in a new task group.')).toBeTruthy();
    expect(router.state.location.search).toBe('?group=8');
    expect(server.seen.some((request) => request.url === '/devices/tasks/groups/7/retry')).toBe(true);
  });

  it("shows the group's header and its devices, each linking to its device, and a task's log", async () => {
    groupApi({
      [`GET /devices/tasks/${TASK_A}/logs`]: () => ({
        status: 200,
        data: {
          data: [
            { at: '2026-03-01T10:00:00.000Z', state: 'queued', progress: null, message: null },
            { at: '2026-03-01T10:00:01.000Z', state: 'sent', progress: null, message: null },
            {
              at: '2026-03-01T10:00:02.000Z',
              state: 'succeeded',
              progress: 100,
              message: '<b>up</b> 3:12',
            },
          ],
        },
      }),
    });
    const { user } = openPage('/management/task-manager?group=7');
    expect((await screen.findByTestId('task-group-what')).textContent).toBe('CLI: uptime');
    expect(screen.getByTestId('task-count-failed').textContent).toBe('Failed 3');
    const grid = await screen.findByRole('grid', { name: 'Devices of this task' });
    const link = await within(grid).findByRole('link', { name: 'Depot router' });
    expect(link.getAttribute('href')).toBe('/devices/11');
    expect(within(grid).getByText('Succeeded')).toBeTruthy();
    expect(within(grid).getByText('Waiting')).toBeTruthy();

    await user.click(within(grid).getByRole('button', { name: 'Open the task log of Depot router' }));
    const dialog = await screen.findByRole('dialog', { name: 'Task log' });
    const lines = await within(dialog).findAllByTestId('task-log-line');
    expect(lines.map((line) => within(line).getByText(/Waiting|Sent|Succeeded/).textContent)).toEqual([
      'Waiting',
      'Sent',
      'Succeeded',
    ]);
    // The device's words are text.
    expect(within(dialog).getByText('<b>up</b> 3:12')).toBeTruthy();
    expect(dialog.querySelector('b')).toBeNull();
  });

  it('cancels the waiting tasks after a question, and says how many', async () => {
    const server = groupApi({
      'POST /devices/updates/cancel': () => ({ status: 200, data: { data: { cancelled: 12 } } }),
    });
    const { user } = openPage('/management/task-manager?group=7');
    await user.click(await screen.findByTestId('task-group-cancel'));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel waiting tasks' });
    expect(server.requests('POST /devices/updates/cancel')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel waiting tasks' }));
    expect(await screen.findByText('Cancelled 12 waiting tasks.')).toBeTruthy();
    expect(server.requests('POST /devices/updates/cancel').map((request) => request.body)).toEqual([
      { group_id: 7 },
    ]);
    // What changed is asked again.
    await waitFor(() => expect(server.requests('GET /devices/tasks/groups/7').length).toBeGreaterThan(1));
  });

  it("says the API's refusal in an error toast when nothing was waiting any more", async () => {
    const refusal =
      'Nothing was cancelled: these tasks have already been sent to their devices or have ended.';
    groupApi({
      'POST /devices/updates/cancel': () => ({
        status: 409,
        data: { success: false, errors: [{ code: 'CONFLICT', message: refusal }] },
      }),
    });
    const { user } = openPage('/management/task-manager?group=7');
    await user.click(await screen.findByTestId('task-group-cancel'));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel waiting tasks' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel waiting tasks' }));
    expect(await screen.findByText(refusal)).toBeTruthy();
  });

  it('cancels the chosen tasks', async () => {
    const server = groupApi({
      'POST /devices/updates/cancel': () => ({ status: 200, data: { data: { cancelled: 1 } } }),
    });
    const { user } = openPage('/management/task-manager?group=7');
    const grid = await screen.findByRole('grid', { name: 'Devices of this task' });
    const row = (await within(grid).findByRole('link', { name: 'Shop gateway' })).closest(
      'tr, [role="row"]',
    ) as HTMLElement;
    await user.click(within(row).getByRole('checkbox'));
    await user.click(screen.getByTestId('task-cancel-selected'));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel waiting tasks' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel waiting tasks' }));
    expect(await screen.findByText('Cancelled 1 waiting task.')).toBeTruthy();
    expect(server.requests('POST /devices/updates/cancel').map((request) => request.body)).toEqual([
      { task_ids: [TASK_B] },
    ]);
  });

  it('offers no cancel to those who may only look', async () => {
    groupApi();
    openPage('/management/task-manager?group=7', ['view_device_task_groups']);
    await screen.findByTestId('task-group-what');
    expect(screen.queryByTestId('task-group-cancel')).toBeNull();
    expect(screen.queryByTestId('task-cancel-selected')).toBeNull();
  });

  it("follows TaskChanged: a device's task turns Succeeded without a reload", async () => {
    groupApi();
    openPage('/management/task-manager?group=7');
    const grid = await screen.findByRole('grid', { name: 'Devices of this task' });
    await within(grid).findByText('Waiting');
    emit({
      group_id: 7,
      task: {
        id: TASK_B,
        device_id: 12,
        state: 'succeeded',
        progress: 100,
        message: ' 10:00:05 up 1:02',
        message_code: null,
        message_args: null,
        action: 'cli',
        step: 0,
        attempts: 1,
        updated_at: '2026-03-01T10:00:05.000Z',
      },
      counts: { ...NONE, succeeded: 10, failed: 3, queued: 37 },
      group_state: 'running',
      current_wave: 0,
      paused_reason: null,
      paused_args: null,
    });
    await waitFor(() => expect(within(grid).getAllByText('Succeeded')).toHaveLength(2));
    expect(screen.getByTestId('task-count-succeeded').textContent).toBe('Succeeded 10');
  });

  it('says so when the group is not among the user’s', async () => {
    fakeApi({
      'GET /devices/tasks/groups/9': () => ({
        status: 404,
        data: { success: false, errors: [{ code: 'NOT_FOUND', message: 'not found' }] },
      }),
    });
    openPage('/management/task-manager?group=9');
    expect(
      await screen.findByText(
        'This task group was not found: it does not exist, or it belongs to a company you cannot see.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: '← All task groups' }).getAttribute('href')).toBe(
      '/management/task-manager',
    );
  });
});
