import { SECRET_MASK } from '@fleetport/contracts/device-config';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { initI18n } from '../../../shared/lib/i18n.ts';
import { readableSections } from './config-sections.ts';

if (!i18next.isInitialized) initI18n(['en']);
const t = i18next.getFixedT('en');

describe('a device configuration in words (issue 22)', () => {
  it('gives units, protocol names and words for choices, and the DHCP range from the LAN', () => {
    const [lan, dhcp, mobile, forward] = readableSections(t, {
      'firewall.redirect0': {
        name: 'cam',
        proto: 'tcpudp',
        src_dport: 8080,
        dest_ip: '192.168.1.20',
        dest_port: 80,
        enabled: true,
      },
      'network.mobile': {
        apn: '',
        auth: 'chap',
        username: 'u',
        password: '',
        pin: SECRET_MASK,
        pdp_type: 'ipv4v6',
      },
      'dhcp.lan': { enabled: true, start: 100, limit: 150, leasetime_h: 1 },
      'network.lan': { proto: 'static', ipaddr: '192.168.1.1', netmask: '255.255.255.0' },
    });
    expect(lan?.options.map((option) => option.value)).toEqual([
      'Fixed address',
      '192.168.1.1',
      '255.255.255.0',
    ]);
    expect(dhcp?.options.map((option) => option.value)).toEqual(['Yes', '192.168.1.100', '150', '1 hour']);
    expect(mobile?.options.map((option) => [option.label, option.value])).toEqual([
      ['Access point name (APN)', '—'],
      ['Authentication', 'CHAP'],
      ['User name', 'u'],
      ['Password', 'Not set'],
      ['SIM PIN', 'Set'],
      ['IP version', 'IPv4 and IPv6'],
    ]);
    expect(forward?.title).toBe('Port forward: cam');
    expect(forward?.options.find((option) => option.name === 'proto')?.value).toBe('TCP and UDP');
  });

  it('shows a value it has no words for as the device wrote it, and an unknown option by its name', () => {
    const [ap] = readableSections(t, {
      'wireless.ap1': { ssid: 'x', encryption: 'wep:{{x}}', band: '5', disabled: true, beacon_int: 100 },
    });
    expect(ap?.title).toBe('Wi-Fi network 2 (5 GHz)');
    expect(ap?.options.map((option) => [option.label, option.value])).toEqual([
      ['Network name (SSID)', 'x'],
      ['Security', 'wep:{{x}}'],
      ['Band', '5 GHz'],
      ['Turned on', 'No'],
      ['beacon_int', '100'],
    ]);
  });
});
