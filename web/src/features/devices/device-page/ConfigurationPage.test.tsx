// @vitest-environment jsdom
import type { DeviceConfiguration } from '@fleetport/contracts/device-config';
import type { DeviceDetail } from '@fleetport/contracts/device-schemas';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderWithForms, testUser } from '../../../shared/forms/testing.tsx';
import { ModalHost } from '../../../shared/modals/ModalHost.tsx';
import { resetModals } from '../../../shared/modals/testing.tsx';
import { Configuration } from './ConfigurationPage.tsx';

// A change's task is followed by its poll here; the page's socket is not opened in a test.
vi.mock('../../../shared/realtime/socket.ts', () => ({ realtime: { listen: () => () => {} } }));

afterEach(cleanup);
afterEach(resetModals);

const reported = (config: DeviceConfiguration['config'], more: Partial<DeviceConfiguration> = {}) =>
  fakeApi({
    'GET /devices/5/configuration': () => ({
      status: 200,
      data: {
        data: {
          device_id: 5,
          revision: config ? 7 : null,
          changed_by: config ? 'local' : null,
          reported_at: config ? '2026-11-26T09:30:00.000Z' : null,
          config,
          ...more,
        },
      },
    }),
  });

const show = () =>
  renderWithForms(<Configuration device={{ id: 5 } as DeviceDetail} />, { user: testUser(['view_devices']) });

/** The sections as shown: each card's title, in order. */
const titles = () =>
  screen.getAllByTestId(/^config-section-/).map((card) => card.querySelector('h6')?.textContent);

/** A card's facts as label → value. */
const facts = (name: string) => {
  const card = screen.getByTestId(`config-section-${name}`);
  const labels = within(card)
    .getAllByRole('term')
    .map((term) => term.textContent);
  const values = within(card)
    .getAllByRole('definition')
    .map((value) => value.textContent);
  return Object.fromEntries(labels.map((label, index) => [label, values[index]]));
};

describe('Configuration tab of a device (issue 22)', () => {
  it('shows each section as a card in words, in the order people look for them, unknown ones last', async () => {
    reported({
      zz_vendor: { flavour: 'mint', secret_sauce: '********' },
      ddns: { enabled: false, service_name: 'dyndns.org', check_interval: 10 },
      'wireless.ap1': { ssid: 'Guest', encryption: 'none', key: '', band: '5', disabled: true },
      'firewall.redirect10': {
        name: 'ten',
        proto: 'udp',
        src_dport: 1010,
        dest_ip: '192.168.1.10',
        dest_port: 10,
        enabled: false,
      },
      'firewall.redirect2': {
        name: 'two',
        proto: 'tcp',
        src_dport: 2020,
        dest_ip: '192.168.1.2',
        dest_port: 22,
        enabled: true,
      },
      'users.admin': { username: 'admin', password: '********' },
      'wireless.ap0': {
        ssid: '<img src=x onerror=alert(1)>Office',
        encryption: 'psk2',
        key: '********',
        band: '2.4',
        disabled: false,
      },
      'network.lan': { proto: 'static', ipaddr: '192.168.1.1', netmask: '255.255.255.0' },
      remote_access: {
        ssh_enabled: true,
        ssh_port: 22,
        https_enabled: true,
        https_port: 443,
        wan_access: false,
      },
      monitoring: { ping_reboot: true, ping_host: '8.8.8.8', interval_min: 5 },
      ntp: { enabled: true, server: 'pool.ntp.org' },
      system: { hostname: 'rut-5', timezone: 'Asia/Tokyo', log_size: 64 },
      'dhcp.lan': { enabled: true, start: 100, limit: 150, leasetime_h: 12 },
      'network.mobile': {
        apn: 'internet',
        auth: 'pap',
        username: '',
        password: '',
        pin: '********',
        pdp_type: 'ipv4',
      },
    });
    const { container } = show();
    expect((await screen.findByTestId('config-provenance')).textContent).toMatch(
      /^Revision 7 · changed on the device · reported Nov 26, 2026, \d{1,2}:30 [AP]M$/,
    );
    expect(titles()).toEqual([
      'System',
      'LAN',
      'DHCP server',
      'Mobile data',
      'Wi-Fi network 1 (2.4 GHz)',
      'Wi-Fi network 2 (5 GHz)',
      'Port forward: two',
      'Port forward: ten',
      'Time (NTP)',
      'Remote access',
      'Connection monitoring',
      'Administrator',
      'Dynamic DNS',
      'zz_vendor',
    ]);
    // Secrets are set or not: the mask is never shown as a value.
    expect(facts('users.admin')).toEqual({ 'User name': 'admin', Password: 'Set' });
    expect(facts('network.mobile')).toMatchObject({
      Password: 'Not set',
      'SIM PIN': 'Set',
      Authentication: 'PAP',
    });
    expect(facts('wireless.ap1')).toMatchObject({
      Password: 'Not set',
      Security: 'None (open network)',
      'Turned on': 'No',
    });
    expect(container.textContent).not.toContain('********');
    // Yes/no, units and the LAN's addresses.
    expect(facts('remote_access')).toEqual({
      'SSH access': 'Yes',
      'SSH port': '22',
      'Web access (HTTPS)': 'Yes',
      'HTTPS port': '443',
      'Reachable from the internet': 'No',
    });
    expect(facts('dhcp.lan')).toEqual({
      Enabled: 'Yes',
      'First address': '192.168.1.100',
      'Number of addresses': '150',
      'Lease time': '12 hours',
    });
    // What the console has no words for is shown by its name, not hidden.
    expect(facts('zz_vendor')).toEqual({ flavour: 'mint', secret_sauce: 'Set' });
    // The device's text is text: an SSID with markup makes no element.
    expect(facts('wireless.ap0')['Network name (SSID)']).toBe('<img src=x onerror=alert(1)>Office');
    expect(container.querySelector('img')).toBeNull();
  });

  it('shows the whole tree as JSON text under Raw', async () => {
    reported({
      'wireless.ap0': {
        ssid: '<b>Office</b>',
        encryption: 'psk2',
        key: '********',
        band: '5',
        disabled: false,
      },
    });
    const { container } = show();
    fireEvent.click(await screen.findByTestId('config-view-raw'));
    const raw = screen.getByTestId('config-raw');
    expect(raw.tagName).toBe('PRE');
    expect(JSON.parse(raw.textContent ?? '')).toEqual({
      'wireless.ap0': {
        ssid: '<b>Office</b>',
        encryption: 'psk2',
        key: '********',
        band: '5',
        disabled: false,
      },
    });
    expect(raw.textContent).toContain('\n  "wireless.ap0": {\n    "ssid"');
    expect(container.querySelector('b')).toBeNull();
    fireEvent.click(screen.getByTestId('config-view-sections'));
    expect(screen.getByTestId('config-section-wireless.ap0')).toBeTruthy();
  });

  it('says the device has not reported its configuration yet, before its first report', async () => {
    reported(null);
    show();
    expect((await screen.findByTestId('config-empty')).textContent).toBe(
      'This device has not reported its configuration yet. It does when it next connects.',
    );
    expect(screen.queryByTestId('config-view-raw')).toBeNull();
  });

  it('says who changed it in words', async () => {
    reported({ ntp: { enabled: true, server: 'pool.ntp.org' } }, { revision: 3, changed_by: 'boot' });
    show();
    expect((await screen.findByTestId('config-provenance')).textContent).toMatch(
      /^Revision 3 · as set at the device's start · reported /,
    );
  });
});

describe('Configuration tab: changing the configuration (issue 22)', () => {
  const TASK = '00000000-0000-4000-8000-000000000001';
  const tree = (server: string) => ({
    ntp: { enabled: true, server },
    'firewall.redirect0': {
      name: 'cam',
      proto: 'tcp',
      src_dport: 8080,
      dest_ip: '192.168.1.20',
      dest_port: 80,
      enabled: true,
    },
    'firewall.redirect2': {
      name: 'nvr',
      proto: 'tcp',
      src_dport: 8443,
      dest_ip: '192.168.1.30',
      dest_port: 443,
      enabled: true,
    },
    zz_vendor: { flavour: 'mint' },
  });
  const answer = (revision: number, server: string) => ({
    status: 200,
    data: {
      data: {
        device_id: 5,
        revision,
        changed_by: 'console',
        reported_at: '2026-11-26T09:30:00.000Z',
        config: tree(server),
      },
    },
  });
  /** The API: the configuration (the second answer after a change), the change, its task's state. */
  const api = () =>
    fakeApi({
      'GET /devices/5/configuration': (_request, nth) =>
        nth === 1 ? answer(7, 'pool.ntp.org') : answer(8, 'time.example.org'),
      'POST /devices/5/configuration': () => ({
        status: 201,
        data: { data: { id: 5, group_id: 77, task_id: TASK, state: 'queued' } },
      }),
      'GET /devices/tasks/groups/77/tasks': () => ({
        status: 200,
        data: {
          data: [
            {
              id: TASK,
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
  const manage = (permissions = ['view_devices', 'manage_devices']) =>
    renderWithForms(
      <>
        <Configuration device={{ id: 5, name: 'Gate 4', status: 'online' } as DeviceDetail} />
        <ModalHost />
      </>,
      { user: testUser(permissions) },
    );
  const posted = (server: ReturnType<typeof fakeApi>) =>
    server.requests('POST /devices/5/configuration').map((request) => request.body);

  it('offers no change without manage_devices', async () => {
    api();
    manage(['view_devices']);
    await screen.findByTestId('config-section-ntp');
    expect(screen.queryByRole('button', { name: /^Edit / })).toBeNull();
    expect(screen.queryByTestId('config-add-forward')).toBeNull();
  });

  it('edits a known section (not one the console has no words for); the tab shows the new revision once the task ends', async () => {
    const server = api();
    manage();
    const user = userEvent.setup();
    await screen.findByTestId('config-section-ntp');
    expect(screen.queryByTestId('config-edit-zz_vendor')).toBeNull();
    expect(screen.queryByTestId('config-remove-ntp')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Edit Time (NTP)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit: Time (NTP)' });
    const field = within(dialog).getByRole('textbox', { name: 'Server' });
    await user.clear(field);
    await user.type(field, 'time.example.org');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    const status = await screen.findByRole('dialog', { name: 'Action status' });
    await waitFor(() =>
      expect(within(status).getByTestId('action-status-item').getAttribute('data-state')).toBe('succeeded'),
    );
    expect(posted(server)).toEqual([{ changes: { ntp: { server: 'time.example.org' } }, rollback_s: 120 }]);
    await waitFor(() =>
      expect(screen.getByTestId('config-provenance').textContent).toMatch(/^Revision 8 · /),
    );
    expect(screen.getByTestId('config-section-ntp').textContent).toContain('time.example.org');
  });

  it('adds a port forward at the lowest free index, and removes one after asking', async () => {
    const server = api();
    manage();
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('config-add-forward'));
    const dialog = await screen.findByRole('dialog', { name: 'New port forward' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'ssh');
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Outside port' }), '2222');
    await user.type(within(dialog).getByRole('textbox', { name: 'To address' }), '192.168.1.40');
    await user.type(within(dialog).getByRole('spinbutton', { name: 'To port' }), '22');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(posted(server)).toHaveLength(1));
    expect(Object.keys((posted(server)[0] as { changes: object }).changes)).toEqual(['firewall.redirect1']);

    await user.click(screen.getByRole('button', { name: 'Remove Port forward: nvr' }));
    const ask = await screen.findByRole('dialog', { name: 'Remove port forward' });
    expect(ask.textContent).toContain('“Port forward: nvr”');
    await user.click(within(ask).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(posted(server)).toHaveLength(2));
    expect(posted(server)[1]).toEqual({ changes: { 'firewall.redirect2': null }, rollback_s: 120 });
  });
});
