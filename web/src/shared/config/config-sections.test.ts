import {
  CONFIG_SECTION_SCHEMAS,
  REPEATED_SECTIONS as CONTRACT_REPEATED_SECTIONS,
  SECRET_MASK as CONTRACT_SECRET_MASK,
  SECRET_OPTIONS as CONTRACT_SECRET_OPTIONS,
  sectionKind as contractSectionKind,
} from '@fleetport/contracts/device-config';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { initI18n } from '../lib/i18n.ts';
import {
  knownValue,
  REPEATED_SECTIONS,
  SECRET_MASK,
  SECRET_OPTIONS,
  SECTION_OPTIONS,
  sectionKind,
  sectionTitle,
} from './config-sections.ts';

if (!i18next.isInitialized) initI18n(['en']);
const t = i18next.getFixedT('en');

describe('a device configuration in words (issue 22)', () => {
  it("keeps the page's vocabularies the same as the contract's (they are copied to keep zod out of the page)", () => {
    expect(Object.keys(SECTION_OPTIONS)).toEqual(Object.keys(CONFIG_SECTION_SCHEMAS));
    for (const [kind, schema] of Object.entries(CONFIG_SECTION_SCHEMAS))
      expect([kind, SECTION_OPTIONS[kind as keyof typeof SECTION_OPTIONS]]).toEqual([
        kind,
        Object.keys(schema.shape),
      ]);
    expect(REPEATED_SECTIONS).toEqual(CONTRACT_REPEATED_SECTIONS);
    expect(SECRET_MASK).toBe(CONTRACT_SECRET_MASK);
    expect([...SECRET_OPTIONS]).toEqual([...CONTRACT_SECRET_OPTIONS]);
    for (const name of [
      'system',
      'wireless.ap0',
      'wireless.ap3',
      'wireless.ap4',
      'firewall.redirect31',
      'system1',
      'vpn',
      'ntp',
    ])
      expect([name, sectionKind(name)?.kind]).toEqual([name, contractSectionKind(name)]);
  });

  it('says a value and a section as people read them, for a form or a diff', () => {
    expect(knownValue(t, 'wireless.ap', 'band', '5')).toBe('5 GHz');
    expect(knownValue(t, 'wireless.ap', 'encryption', 'psk2')).toBe('WPA2-PSK');
    expect(knownValue(t, 'wireless.ap', 'key', 'secret-value')).toBe('Set');
    expect(knownValue(t, 'dhcp.lan', 'leasetime_h', 2)).toBe('2 hours');
    expect(sectionTitle(t, 'wireless.ap1', 'wireless.ap', 1)).toBe('Wi-Fi network 2');
    expect(sectionTitle(t, 'ntp', 'ntp', 0)).toBe('Time (NTP)');
  });
});
