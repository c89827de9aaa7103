import { describe, expect, it } from 'vitest';
import { maskSecrets, SECRET_MASK, sectionKind, sectionProblem } from './device-config.ts';

describe('device configuration sections (issue 22; spec §5 IPv4 and domain patterns)', () => {
  it('names a repeated section by its kind and index, within its limit', () => {
    expect(sectionKind('system')).toBe('system');
    expect(sectionKind('wireless.ap3')).toBe('wireless.ap');
    expect(sectionKind('firewall.redirect31')).toBe('firewall.redirect');
    expect(sectionKind('wireless.ap4')).toBeUndefined();
    expect(sectionKind('wireless.ap01')).toBeUndefined();
    expect(sectionKind('firewall.redirect32')).toBeUndefined();
    expect(sectionKind('nonsense')).toBeUndefined();
  });

  it('refuses a bad value with words naming the option, and an unknown option or section', () => {
    expect(sectionProblem('network.lan', { ipaddr: '192.168.1.1' })).toBeUndefined();
    expect(sectionProblem('network.lan', { ipaddr: '192.168.01.1' })).toBe(
      '"network.lan.ipaddr": Enter an IPv4 address such as 192.168.1.1.',
    );
    expect(sectionProblem('network.lan', { netmask: '255.0.255.0' })).toMatch(/netmask/);
    expect(sectionProblem('ntp', { server: 'pool.ntp.org' })).toBeUndefined();
    expect(sectionProblem('ntp', { server: 'not a host' })).toBe(
      '"ntp.server": Enter a domain name or an IPv4 address. A domain name ends in 2 to 6 letters, as in example.com.',
    );
    expect(sectionProblem('firewall.redirect0', { dest_port: 70_000 })).toBe(
      '"firewall.redirect0.dest_port": A port is 1–65535.',
    );
    expect(sectionProblem('system', { colour: 'red' })).toBe('unknown option "system.colour"');
    expect(sectionProblem('nonsense', {})).toBe('unknown section "nonsense"');
    // A new repeated section must be whole.
    expect(sectionProblem('firewall.redirect1', { name: 'web' }, true)).toMatch(/firewall\.redirect1\./);
  });

  it('keeps a secret as it is when written as the mask, and never reads one back', () => {
    expect(sectionProblem('wireless.ap0', { key: SECRET_MASK })).toBeUndefined();
    expect(sectionProblem('wireless.ap0', { key: 'short' })).toBe(
      '"wireless.ap0.key": A key has 8 to 63 characters.',
    );
    expect(maskSecrets({ ssid: 'Depot', key: 'hunter2hunter2', pin: '' })).toEqual({
      ssid: 'Depot',
      key: SECRET_MASK,
      pin: '',
    });
  });
});
