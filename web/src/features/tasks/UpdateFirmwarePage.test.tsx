// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderWithForms, testUser } from '../../shared/forms/testing.tsx';
import UpdateFirmwarePage from './UpdateFirmwarePage.tsx';

/**
 * Update firmware (issue 21 §4): the dry run in words (devices, companies, offline, skipped with
 * the reason, the waves) before anything starts; a refusal on the field it is about, nothing lost.
 */

const IMAGE = {
  id: 41,
  company_id: null,
  company_name: null,
  name: 'RUT_R_00.07.10.bin',
  size: 2_097_152,
  sha256: 'a'.repeat(64),
  kind: 'firmware',
  version: '00.07.10',
  families: ['RUT', 'TCR'],
  global: true,
};

afterEach(() => {
  vi.restoreAllMocks();
});

function openPage(address: string) {
  const router = createMemoryRouter(
    [
      { path: '/management/update-firmware', element: <UpdateFirmwarePage /> },
      { path: '/management/task-manager', element: <p>task manager</p> },
    ],
    { initialEntries: [address] },
  );
  renderWithForms(<RouterProvider router={router} />, {
    user: testUser(['view_devices', 'view_device_task_groups', 'manage_device_task_groups']),
  });
  return { router, user: userEvent.setup() };
}

const ok = (data: unknown) => () => ({ status: 200, data: { data, meta: { total: 1 } } });

describe('Update firmware', () => {
  it('checks first: the devices it reaches, those offline, those skipped and why, and the waves', async () => {
    const server = fakeApi({
      'GET /files': ok([IMAGE]),
      'GET /tags': ok([{ id: 5, name: 'Rollout' }]),
      'POST /devices/tasks/groups/preview': () => ({
        status: 200,
        data: {
          data: {
            devices: 12,
            companies: 2,
            offline: 3,
            skipped: [
              {
                device_id: 9,
                device_name: 'Pump <b>7</b>',
                code: 'model_unfit',
                model: 'TRB140',
                firmware: null,
                reason: 'Its model TRB140 is not one this firmware fits (RUT, TCR).',
              },
            ],
            skipped_total: 1,
            waves: [1, 6, 5],
          },
        },
      }),
      'POST /devices/tasks/groups': () => ({ status: 201, data: { data: { id: 77, total: 12 } } }),
    });
    const { router, user } = openPage('/management/update-firmware?device_ids=3,4,5');
    const form = await screen.findByTestId('update-firmware');
    expect(within(form).getByText('3 devices chosen in the devices list')).toBeTruthy();
    await user.click(within(form).getByLabelText('Firmware image'));
    await user.click(
      await screen.findByRole('option', { name: /00\.07\.10 · RUT, TCR · 2MB · Global catalogue/ }),
    );
    // Nothing can start before the dry run.
    expect((screen.getByTestId('firmware-start') as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByTestId('firmware-check'));

    const preview = await screen.findByTestId('firmware-preview');
    expect(preview.textContent).toContain('Updates 12 devices in 2 companies.');
    expect(preview.textContent).toContain('3 are offline and get it when they connect.');
    expect(preview.textContent).toContain('1 device is skipped:');
    // A device's name is shown as text.
    expect(preview.textContent).toContain('Pump <b>7</b>: its model TRB140 is not one this image fits.');
    expect(preview.textContent).toContain('Canary: 1 device · Wave 1: 6 devices · Wave 2: 5 devices');
    const asked = server.seen.find((request) => request.url === '/devices/tasks/groups/preview');
    expect(asked?.body).toMatchObject({
      action: 'firmware.update',
      device_ids: [3, 4, 5],
      file_id: 41,
      canary_percent: 5,
      wave_count: 3,
      failure_threshold: 20,
    });

    await user.click(screen.getByTestId('firmware-start'));
    expect(await screen.findByText('task manager')).toBeTruthy();
    expect(router.state.location.search).toBe('?group=77');
  });

  it('shows a refusal on its field and keeps what was typed', async () => {
    fakeApi({
      'GET /files': ok([IMAGE]),
      'GET /tags': ok([]),
      'POST /devices/tasks/groups/preview': () => ({
        status: 422,
        data: {
          errors: [
            {
              code: 'FIRMWARE_FITS_NONE',
              source: 'file_id',
              message:
                'This firmware fits none of the 3 chosen devices: Its model TRB140 is not one this firmware fits (RUT, TCR).',
            },
          ],
        },
      }),
    });
    const { user } = openPage('/management/update-firmware?device_ids=3,4,5');
    const form = await screen.findByTestId('update-firmware');
    await user.click(within(form).getByLabelText('Firmware image'));
    await user.click(await screen.findByRole('option', { name: /00\.07\.10/ }));
    const canary = screen.getByTestId('firmware-canary') as HTMLInputElement;
    await user.clear(canary);
    await user.type(canary, '10');
    await user.click(screen.getByTestId('firmware-check'));
    // Said in the user's language (the API's words are English), on the field and above the buttons.
    expect((await screen.findByTestId('firmware-problem')).textContent).toContain(
      'This image fits none of the chosen devices',
    );
    expect(screen.getAllByText(/This image fits none of the chosen devices/).length).toBeGreaterThanOrEqual(
      2,
    );
    expect(canary.value).toBe('10');
    expect(screen.queryByTestId('firmware-preview')).toBeNull();
  });

  it("asks for an image on its field, in the user's words, before asking the API", async () => {
    const server = fakeApi({ 'GET /files': ok([IMAGE]), 'GET /tags': ok([]) });
    const { user } = openPage('/management/update-firmware?device_ids=3,4,5');
    await screen.findByTestId('update-firmware');
    await user.click(screen.getByTestId('firmware-check'));
    // Once, on the field: not a second time above the buttons.
    expect(await screen.findAllByText('Choose a firmware image.')).toHaveLength(1);
    expect(screen.queryByTestId('firmware-problem')).toBeNull();
    expect(server.seen.some((request) => request.url === '/devices/tasks/groups/preview')).toBe(false);
  });
});
