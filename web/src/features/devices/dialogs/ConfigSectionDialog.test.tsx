// @vitest-environment jsdom
import type { ConfigSection } from '@fleetport/contracts/device-config';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Kind } from '../../../shared/config/config-sections.ts';
import { fakeApi, renderWithForms, testUser } from '../../../shared/forms/testing.tsx';
import { ModalHost } from '../../../shared/modals/ModalHost.tsx';
import { inAct, resetModals } from '../../../shared/modals/testing.tsx';
import { type ConfigTarget, openConfigSection } from './ConfigSectionDialog.tsx';

// The task is followed by its poll here; the page's socket is not opened in a test.
vi.mock('../../../shared/realtime/socket.ts', () => ({ realtime: { listen: () => () => {} } }));

/**
 * Editing a section of a device's configuration (issue 22): a field per option of the
 * contract's section schema, checked in the browser with that schema and its words; only what
 * changed is sent (a secret left empty keeps the device's); the API's 422 lands on its field.
 */

afterEach(resetModals);

const TARGET: ConfigTarget = {
  device: { id: 5, name: 'Gate 4', connected: true },
  companyId: 1,
  revision: 7,
};

const STARTED = {
  status: 201,
  data: {
    data: { id: 5, group_id: 77, task_id: '00000000-0000-4000-8000-000000000001', state: 'queued' },
  },
};

const AP0: ConfigSection = {
  ssid: 'Office',
  encryption: 'psk2',
  key: '********',
  band: '2.4',
  disabled: false,
};

function open(name: string, kind: Kind, section: ConfigSection | undefined, title = 'Section') {
  renderWithForms(<ModalHost />, { user: testUser(['view_devices', 'manage_devices']) });
  inAct(() => openConfigSection(TARGET, { name, kind, title, section }));
  return userEvent.setup();
}

const posted = (server: ReturnType<typeof fakeApi>) =>
  server.requests('POST /devices/5/configuration').map((request) => request.body);

describe('Edit a configuration section', () => {
  it('has a field of its kind for each option: text, select, password (empty), switch, number', async () => {
    open('wireless.ap0', 'wireless.ap', AP0, 'Wi-Fi network 1 (2.4 GHz)');
    const dialog = await screen.findByRole('dialog', { name: 'Edit: Wi-Fi network 1 (2.4 GHz)' });
    expect(within(dialog).getByRole('textbox', { name: 'Network name (SSID)' })).toHaveProperty(
      'value',
      'Office',
    );
    const security = within(dialog).getByRole('combobox', { name: 'Security' });
    expect(security.textContent).toBe('WPA2-PSK');
    expect(within(dialog).getByRole('combobox', { name: 'Band' }).textContent).toBe('2.4 GHz');
    // The key is a password field, never prefilled with the mask; empty keeps the device's.
    const key = within(dialog).getByLabelText('Password') as HTMLInputElement;
    expect(key.type).toBe('password');
    expect(key.value).toBe('');
    expect(within(dialog).getByText('Set. Leave empty to keep the current one.')).toBeTruthy();
    // 'Turned on' is the device's `disabled: false`.
    expect(within(dialog).getByRole('switch', { name: 'Turned on' })).toHaveProperty('checked', true);
    expect(dialog.textContent).not.toContain('********');
    // The choices are the contract's, in words.
    await userEvent.setup().click(security);
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'None (open network)',
      'WPA2-PSK',
      'WPA3-SAE',
    ]);
  });

  it('shows numbers as numbers with their units, yes/no as switches', async () => {
    open('monitoring', 'monitoring', { ping_reboot: true, ping_host: '8.8.8.8', interval_min: 5 });
    const dialog = await screen.findByRole('dialog', { name: 'Edit: Section' });
    expect(
      within(dialog).getByRole('switch', { name: 'Restart when the host does not answer' }),
    ).toHaveProperty('checked', true);
    expect(within(dialog).getByRole('textbox', { name: 'Host to ping' })).toHaveProperty('value', '8.8.8.8');
    const every = within(dialog).getByRole('spinbutton', { name: 'Check every' });
    expect(every).toHaveProperty('value', '5');
    expect(every.closest('.MuiInputBase-root')?.textContent).toContain('minutes');
    // The rollback time, 120 s unless changed.
    expect(within(dialog).getByTestId('config-rollback')).toHaveProperty('value', '120');
  });

  it("refuses in the browser what the contract refuses, in the contract's words, each at its field", async () => {
    const server = fakeApi({ 'POST /devices/5/configuration': () => STARTED });
    const user = open('wireless.ap0', 'wireless.ap', AP0);
    const dialog = await screen.findByRole('dialog');
    const ssid = within(dialog).getByRole('textbox', { name: 'Network name (SSID)' });
    await user.clear(ssid);
    await user.type(within(dialog).getByLabelText('Password'), 'short');
    const rollback = within(dialog).getByTestId('config-rollback');
    await user.clear(rollback);
    await user.type(rollback, '5');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await within(dialog).findByText('Enter a network name.')).toBeTruthy();
    expect(within(dialog).getByText('A key has 8 to 63 characters.')).toBeTruthy();
    expect(within(dialog).getByText('The value must be at least 30')).toBeTruthy();
    expect(posted(server)).toEqual([]);
    // Typing in a field clears its problem.
    await user.type(ssid, 'Office 2');
    expect(within(dialog).queryByText('Enter a network name.')).toBeNull();
  });

  it('says when nothing changed, and sends nothing', async () => {
    const server = fakeApi({});
    const user = open('ntp', 'ntp', { enabled: true, server: 'pool.ntp.org' });
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect((await within(dialog).findByTestId('config-general-errors')).textContent).toBe(
      'Change at least one setting.',
    );
    expect(posted(server)).toEqual([]);
  });

  it('sends only the options that changed, with the rollback time, then follows the task in Action status', async () => {
    const server = fakeApi({
      'POST /devices/5/configuration': () => STARTED,
      'GET /devices/tasks/groups/77/tasks': () => ({
        status: 200,
        data: {
          data: [
            {
              id: STARTED.data.data.task_id,
              state: 'succeeded',
              progress: null,
              message: 'Applied: the configuration is at revision 8.',
              message_code: 'config_applied',
              message_args: { revision: 8 },
            },
          ],
        },
      }),
    });
    const user = open('ntp', 'ntp', { enabled: true, server: 'pool.ntp.org' });
    const dialog = await screen.findByRole('dialog', { name: 'Edit: Section' });
    const server_ = within(dialog).getByRole('textbox', { name: 'Server' });
    await user.clear(server_);
    await user.type(server_, 'time.example.org');
    const rollback = within(dialog).getByTestId('config-rollback');
    await user.clear(rollback);
    await user.type(rollback, '300');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(posted(server)).toHaveLength(1));
    expect(posted(server)[0]).toEqual({ changes: { ntp: { server: 'time.example.org' } }, rollback_s: 300 });
    const status = await screen.findByRole('dialog', { name: 'Action status' });
    const item = await within(status).findByTestId('action-status-item');
    await waitFor(() => expect(item.getAttribute('data-state')).toBe('succeeded'));
    expect(item.textContent).toContain('Applied: the configuration is at revision 8.');
    expect(screen.queryByRole('dialog', { name: 'Edit: Section' })).toBeNull();
  });

  it('keeps a secret left empty out of the change, and sends one typed', async () => {
    const server = fakeApi({ 'POST /devices/5/configuration': () => STARTED });
    const user = open('wireless.ap0', 'wireless.ap', AP0);
    const dialog = await screen.findByRole('dialog');
    const ssid = within(dialog).getByRole('textbox', { name: 'Network name (SSID)' });
    await user.type(ssid, ' 2');
    await user.click(within(dialog).getByRole('switch', { name: 'Turned on' }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(posted(server)).toHaveLength(1));
    expect(posted(server)[0]).toEqual({
      changes: { 'wireless.ap0': { ssid: 'Office 2', disabled: true } },
      rollback_s: 120,
    });

    resetModals();
    const again = open('wireless.ap0', 'wireless.ap', AP0);
    const second = await screen.findByRole('dialog');
    await again.type(within(second).getByLabelText('Password'), 'a-new-key-1');
    await again.click(within(second).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(posted(server)).toHaveLength(2));
    expect(posted(server)[1]).toEqual({
      changes: { 'wireless.ap0': { key: 'a-new-key-1' } },
      rollback_s: 120,
    });
  });

  it("shows the API's 422 at the option its message names, and what names no field above the form", async () => {
    const server = fakeApi({
      'POST /devices/5/configuration': (_request, nth) => ({
        status: 422,
        data: {
          errors:
            nth === 1
              ? [
                  {
                    code: 'VALIDATION_ERROR',
                    source: 'changes.wireless.ap0',
                    message: '"wireless.ap0.key": A key has 8 to 63 characters.',
                  },
                ]
              : [{ code: 'VALIDATION_ERROR', source: 'changes.wireless.ap0', message: 'unknown option "x"' }],
        },
      }),
    });
    const user = open('wireless.ap0', 'wireless.ap', AP0);
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Password'), 'long-enough-key');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    const key = within(dialog).getByLabelText('Password');
    await waitFor(() => expect(key.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('A key has 8 to 63 characters.')).toBeTruthy();
    expect(within(dialog).queryByTestId('config-general-errors')).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect((await within(dialog).findByTestId('config-general-errors')).textContent).toBe(
      'unknown option "x"',
    );
    expect(posted(server)).toHaveLength(2);
  });

  it('adds a port forward whole, every option required', async () => {
    const server = fakeApi({ 'POST /devices/5/configuration': () => STARTED });
    const user = open('firewall.redirect1', 'firewall.redirect', undefined);
    const dialog = await screen.findByRole('dialog', { name: 'New port forward' });
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Enter a name.')).toBeTruthy();
    expect(within(dialog).getAllByText('This field is required')).toHaveLength(2); // the two ports
    expect(within(dialog).getByText('Enter an IPv4 address such as 192.168.1.1.')).toBeTruthy();
    expect(posted(server)).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'camera');
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Outside port' }), '8080');
    await user.type(within(dialog).getByRole('textbox', { name: 'To address' }), '192.168.1.20');
    await user.type(within(dialog).getByRole('spinbutton', { name: 'To port' }), '80');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(posted(server)).toHaveLength(1));
    expect(posted(server)[0]).toEqual({
      changes: {
        'firewall.redirect1': {
          name: 'camera',
          proto: 'tcp',
          src_dport: 8080,
          dest_ip: '192.168.1.20',
          dest_port: 80,
          enabled: true,
        },
      },
      rollback_s: 120,
    });
  });
});
