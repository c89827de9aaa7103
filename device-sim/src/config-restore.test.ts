import {
  type ConfigSection,
  type ConfigTree,
  REPEATED_SECTIONS,
  sectionKind,
} from '@fleetport/contracts/device-config';
import { describe, expect, it } from 'vitest';
import { createConfigStore } from './config-store.ts';
import { type DeviceProfile, generateFleet } from './fleet.ts';

/**
 * Restore a backup (issue 22): to the unit it is a plain config.write whose changes are the
 * backup's whole tree (every section with every option, secrets in clear) and null for each
 * repeated section the backup lacks. Applied all at once, it puts the unit back exactly.
 */
const fleet = generateFleet(200, { seed: 3, testDevices: true });
const router = (): DeviceProfile => {
  const found = fleet.find((device) => device.model === 'RUTX11');
  if (!found) throw new Error('no RUTX11 in the fleet');
  return found;
};

/** The changes a restore sends, as the API builds them (api/src/modules/devices/restore-plan.ts). */
function restoreOf(backup: ConfigTree, now: ConfigTree): Record<string, ConfigSection | null> {
  const changes: Record<string, ConfigSection | null> = { ...backup };
  for (const name of Object.keys(now)) {
    const kind = sectionKind(name);
    if (!(name in backup) && kind && REPEATED_SECTIONS[kind] !== undefined) changes[name] = null;
  }
  return changes;
}

describe('a restore on the unit', () => {
  it('brings back the whole tree: values, secrets in clear, and removes the sections added since', () => {
    const store = createConfigStore(router());
    const backup = store.current();
    expect(backup['firewall.redirect1']).toBeDefined();

    // Since the backup: the NTP server, the Wi-Fi key and the admin password changed, a port
    // forward was removed and another added.
    const since = store.plan({
      ntp: { server: 'time.google.com' },
      'wireless.ap0': { key: 'a-new-wifi-key-1' },
      'users.admin': { password: 'a-new-password-1' },
      'firewall.redirect1': null,
      'firewall.redirect5': {
        name: 'added-since',
        proto: 'udp',
        src_dport: 5060,
        dest_ip: '192.168.1.60',
        dest_port: 5060,
        enabled: true,
      },
    });
    if (!since.ok) throw new Error(since.error);
    store.apply(since.next, 'local');
    const revision = store.revision;

    const restored = store.plan(restoreOf(backup, store.current()));
    if (!restored.ok) throw new Error(restored.error);
    expect(store.apply(restored.next, 'console')).toBe(true);

    expect(store.current()).toEqual(backup);
    expect(store.current()['wireless.ap0']?.key).toBe(backup['wireless.ap0']?.key);
    expect(store.current()['users.admin']?.password).toBe(backup['users.admin']?.password);
    expect(store.current()['firewall.redirect5']).toBeUndefined();
    expect(store.revision).toBe(revision + 1);
    // Reported masked, as ever.
    expect(store.report().config['users.admin']?.password).toBe('********');
  });

  it('refuses the whole restore when one section is wrong, and changes nothing', () => {
    const store = createConfigStore(router());
    const before = store.current();
    const changes = { ...restoreOf(before, before), ntp: { enabled: true, server: 'not a host!' } };
    const planned = store.plan(changes);
    expect(planned).toMatchObject({ ok: false, error: expect.stringContaining('"ntp.server"') });
    expect(store.current()).toEqual(before);
  });
});
