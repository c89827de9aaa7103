// @vitest-environment jsdom
import type { DeviceDetail } from '@fleetport/contracts/device-schemas';
import { screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderWithForms, testUser } from '../../../shared/forms/testing.tsx';
import { DeviceTasks } from './DeviceTasks.tsx';

/** Actions list on a device (spec §2): its latest tasks, their states and words, a link to each group. */
describe('Actions list on a device', () => {
  it('lists the tasks newest first, the device’s words as text, and links each to its group', async () => {
    fakeApi({
      'GET /devices/5/tasks': () => ({
        status: 200,
        data: {
          data: [
            {
              id: '0b9a3c1e-6a47-4b8e-9d3f-2f1e0c7d5a11',
              group_id: 12,
              action: 'firmware.update',
              summary: '00.07.10 (RUT_R_00.07.10.bin)',
              state: 'in_progress',
              progress: 60,
              message: 'Restarting…',
              created_at: '2026-03-01T10:00:00.000Z',
              updated_at: '2026-03-01T10:01:00.000Z',
            },
            {
              id: '5d1f0e2a-3b4c-4d5e-8f60-718293a4b5c6',
              group_id: 9,
              action: 'cli',
              summary: 'uptime',
              state: 'failed',
              progress: null,
              message: '<b>sh</b>: not found',
              created_at: '2026-02-28T10:00:00.000Z',
              updated_at: '2026-02-28T10:00:01.000Z',
            },
          ],
          meta: { total: 2 },
        },
      }),
    });
    const router = createMemoryRouter(
      [{ path: '/devices/5', element: <DeviceTasks device={{ id: 5 } as DeviceDetail} /> }],
      { initialEntries: ['/devices/5'] },
    );
    renderWithForms(<RouterProvider router={router} />, { user: testUser(['view_device_task_groups']) });
    const panel = await screen.findByTestId('device-tasks');
    const update = await within(panel).findByRole('link', {
      name: 'Firmware update to 00.07.10 (RUT_R_00.07.10.bin)',
    });
    expect(update.getAttribute('href')).toBe('/management/task-manager?group=12');
    expect(within(panel).getByText('60 %')).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'CLI: uptime' }).getAttribute('href')).toBe(
      '/management/task-manager?group=9',
    );
    expect(within(panel).getByText('<b>sh</b>: not found')).toBeTruthy();
    expect(within(panel).getByText('Failed')).toBeTruthy();
  });
});
