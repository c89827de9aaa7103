// @vitest-environment jsdom
import type { TaskList } from '@fleetport/contracts/tasks';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderWithForms, testUser } from '../../../shared/forms/testing.tsx';
import { ModalHost } from '../../../shared/modals/ModalHost.tsx';
import { inAct, resetModals } from '../../../shared/modals/testing.tsx';
import { openRunTaskList } from './RunTaskListDialog.tsx';

/**
 * Execute task list on a selection (spec §2; issue 21 §2): choose a saved list, read its dry run
 * (devices reached, offline ones waiting, those its firmware step leaves out and why), then Start:
 * the group is made and its progress opens in the Task manager.
 */

afterEach(resetModals);

const NIGHTLY: TaskList = {
  id: 9,
  name: 'Nightly upgrade',
  company_id: 1,
  company_name: 'Acme',
  steps: [
    { action: 'refresh' },
    { action: 'firmware.update', file_id: 41, file_name: 'RUTX_R_00.07.09.bin', version: '00.07.09' },
    { action: 'reboot' },
  ],
  created_by_email: 'ada@example.com',
  updated_at: '2026-03-01T10:00:00.000Z',
  editable: true,
};

const lists = (rows: TaskList[]) => () => ({
  status: 200,
  data: { data: rows, meta: { total: rows.length } },
});

function open(ids: number[]) {
  const go = vi.fn();
  renderWithForms(<ModalHost />, {
    user: testUser(['view_devices', 'view_device_task_groups', 'manage_device_task_groups']),
  });
  inAct(() => openRunTaskList(ids, go));
  return { go, user: userEvent.setup() };
}

describe('Run a task list', () => {
  it('shows the dry run of the chosen list, then starts it and opens its progress', async () => {
    const server = fakeApi({
      'GET /devices/task-lists': lists([NIGHTLY]),
      'POST /devices/tasks/groups/preview': () => ({
        status: 200,
        data: {
          data: {
            devices: 2,
            companies: 1,
            offline: 1,
            skipped: [
              {
                device_id: 5,
                device_name: 'Pump <b>7</b>',
                code: 'model_unfit',
                model: 'TRB140',
                firmware: null,
                reason: 'Its model TRB140 is not one this firmware fits (RUTX).',
              },
            ],
            skipped_total: 1,
            waves: [2],
          },
        },
      }),
      'POST /devices/tasks/groups': () => ({ status: 201, data: { data: { id: 77, total: 2 } } }),
    });
    const { go, user } = open([3, 4, 5]);
    const dialog = await screen.findByRole('dialog', { name: 'Run a task list' });
    const start = await within(dialog).findByTestId('run-task-list-start');
    // Nothing starts before a list is chosen and its dry run has answered.
    expect((start as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(dialog).getByRole('combobox', { name: 'Task list' }));
    await user.click(await screen.findByRole('option', { name: /Nightly upgrade/ }));
    expect(within(dialog).getByTestId('run-task-list-steps').textContent).toBe(
      'Fresh readings → Firmware update to 00.07.09 → Reboot',
    );
    const preview = await within(dialog).findByTestId('task-list-preview');
    expect(preview.textContent).toContain('Runs on 2 devices.');
    expect(preview.textContent).toContain('1 is offline and runs it when it connects.');
    expect(preview.textContent).toContain("1 device is left out: the list's firmware does not fit it.");
    // A device's name is its owner's text.
    expect(preview.textContent).toContain('Pump <b>7</b>: its model TRB140 is not one this image fits.');
    expect(server.requests('POST /devices/tasks/groups/preview')[0]?.body).toEqual({
      action: 'task_list',
      task_list_id: 9,
      device_ids: [3, 4, 5],
    });

    await waitFor(() => expect((start as HTMLButtonElement).disabled).toBe(false));
    await user.click(start);
    await waitFor(() => expect(go).toHaveBeenCalledWith('/management/task-manager?group=77'));
    expect(server.requests('POST /devices/tasks/groups')[0]?.body).toEqual({
      action: 'task_list',
      task_list_id: 9,
      device_ids: [3, 4, 5],
      deadline_hours: 168,
    });
    expect(await screen.findByText('Task list started on 2 devices.')).toBeTruthy();
  });

  it("says a dry run's refusal in the user's words, and Start waits", async () => {
    fakeApi({
      'GET /devices/task-lists': lists([NIGHTLY]),
      'POST /devices/tasks/groups/preview': () => ({
        status: 422,
        data: {
          errors: [
            {
              code: 'FIRMWARE_FITS_NONE',
              source: 'task_list_id',
              message: 'This firmware fits none of the 3 chosen devices.',
            },
          ],
        },
      }),
    });
    const { user } = open([3, 4, 5]);
    const dialog = await screen.findByRole('dialog', { name: 'Run a task list' });
    await user.click(await within(dialog).findByRole('combobox', { name: 'Task list' }));
    await user.click(await screen.findByRole('option', { name: /Nightly upgrade/ }));
    expect((await within(dialog).findByTestId('task-list-preview-error')).textContent).toContain(
      'This image fits none of the chosen devices',
    );
    expect((within(dialog).getByTestId('run-task-list-start') as HTMLButtonElement).disabled).toBe(true);
  });

  it('without a saved list, leads to the Task manager where lists are made', async () => {
    fakeApi({ 'GET /devices/task-lists': lists([]) });
    const { go, user } = open([3]);
    const dialog = await screen.findByRole('dialog', { name: 'Run a task list' });
    expect(await within(dialog).findByText(/There is no task list yet/)).toBeTruthy();
    await user.click(within(dialog).getByTestId('run-task-list-open-lists'));
    expect(go).toHaveBeenCalledWith('/management/task-manager?view=lists');
  });
});
