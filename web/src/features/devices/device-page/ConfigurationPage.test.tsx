// @vitest-environment jsdom
import type { DeviceConfiguration } from '@fleetport/contracts/device-config';
import type { DeviceDetail } from '@fleetport/contracts/device-schemas';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, renderWithForms, testUser } from '../../../shared/forms/testing.tsx';
import { Configuration } from './ConfigurationPage.tsx';

afterEach(cleanup);

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
