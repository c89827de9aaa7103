import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { initI18n } from '../lib/i18n.ts';
import { sectionsText, settingText, settingValue } from './template-words.ts';

if (!i18next.isInitialized) initI18n(['en']);
const t = i18next.getFixedT('en');

describe('templates in words (issue 22)', () => {
  it('says what a template sets, section by section, in the order of the Configuration tab', () => {
    expect(
      sectionsText(t, {
        vpn: { mode: 'x' },
        ntp: { server: 'pool.ntp.org', enabled: true },
        'wireless.ap1': { band: '5', ssid: 'Depot' },
        'network.lan': { netmask: '255.255.255.0' },
      }),
    ).toBe(
      'LAN: Netmask · Wi-Fi network 2 (5 GHz): Network name (SSID), Band · Time (NTP): Enabled, Server · vpn: mode',
    );
  });

  it("says a drifted setting and its values as people read them, a missing one as 'Not set'", () => {
    expect(settingText(t, 'ntp', 'server')).toBe('Time (NTP): Server');
    expect(settingText(t, 'vpn', 'mode')).toBe('vpn.mode');
    expect(settingValue(t, 'wireless.ap0', 'band', '5')).toBe('5 GHz');
    expect(settingValue(t, 'ntp', 'enabled', false)).toBe('No');
    expect(settingValue(t, 'ntp', 'server', null)).toBe('Not set');
  });
});
