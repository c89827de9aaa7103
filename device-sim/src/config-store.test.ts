import {
  configReportSchema,
  SECRET_MASK,
  sectionKind,
  sectionProblem,
} from '@fleetport/contracts/device-config';
import { describe, expect, it } from 'vitest';
import { initialConfig } from './config-initial.ts';
import { acceptsApn, cutOffBy, operatorApn, simOperatorOf, uplinkOf } from './config-reach.ts';
import { createConfigStore } from './config-store.ts';
import { type DeviceProfile, generateFleet } from './fleet.ts';

const fleet = generateFleet(200, { seed: 3, testDevices: true });
function find(match: (device: DeviceProfile) => boolean): DeviceProfile {
  const found = fleet.find(match);
  if (!found) throw new Error('no such device in the fleet');
  return found;
}
const router = () => find((device) => device.model === 'RUTX11');
const accessPoint = () => find((device) => device.hardware.family === 'TAP');

describe('initial configuration', () => {
  it('gives every unit a tree whose every section passes the contracts, and reports it', () => {
    const problems = fleet.flatMap((device) => {
      const tree = initialConfig(device);
      const report = configReportSchema.safeParse(createConfigStore(device).report());
      return [
        ...Object.entries(tree).flatMap(([name, values]) => sectionProblem(name, values, true) ?? []),
        ...(report.success ? [] : [`${device.model}: ${report.error.message}`]),
      ];
    });

    expect(problems).toEqual([]);
  });

  it('holds the sections its hardware has: a modem, Wi-Fi by band, DDNS', () => {
    const rut = initialConfig(router());
    const tsw = initialConfig(find((device) => device.hardware.family === 'TSW'));
    const single = initialConfig(find((device) => device.model === 'RUT241'));

    expect(rut['network.mobile']).toMatchObject({ apn: expect.any(String), auth: 'none' });
    expect(rut['wireless.ap0']).toMatchObject({ band: '2.4' });
    expect(rut['wireless.ap1']).toMatchObject({ band: '5', ssid: expect.stringMatching(/_5G$/) });
    expect(rut.ddns).toBeDefined();
    expect(rut.system?.hostname).toMatch(/^RUTX11-[0-9A-F]{4}$/);
    expect(tsw['network.mobile']).toBeUndefined();
    expect(Object.keys(tsw).some((name) => name.startsWith('wireless.'))).toBe(false);
    expect(tsw['dhcp.lan']).toMatchObject({ enabled: false });
    expect(Object.values(single).filter((section) => section.band === '5')).toEqual([]);
  });

  it('is the same for the same seed, but for the secrets, which come from node:crypto', () => {
    const device = router();
    const [first, second] = [initialConfig(device), initialConfig(device)];
    const withoutSecrets = (tree: typeof first) =>
      JSON.stringify(tree, (key, value) =>
        key === 'password' || key === 'key' || key === 'pin' ? undefined : value,
      );

    expect(withoutSecrets(first)).toBe(withoutSecrets(second));
    expect(first['users.admin']?.password).not.toBe(second['users.admin']?.password);
  });

  it('varies across the fleet: some PINs, some port forwards, LANs other than 192.168.1.1', () => {
    const trees = fleet.map(initialConfig);

    expect(
      trees.filter((tree) => tree['network.mobile']?.pin !== undefined && tree['network.mobile'].pin !== '')
        .length,
    ).toBeGreaterThan(0);
    expect(trees.filter((tree) => tree['firewall.redirect0']).length).toBeGreaterThan(0);
    expect(new Set(trees.map((tree) => tree['network.lan']?.ipaddr)).size).toBeGreaterThan(3);
  });
});

describe('configuration store', () => {
  it('reads one section or the whole tree, secrets masked', () => {
    const store = createConfigStore(router());

    const admin = store.read('users.admin');
    const whole = store.read();

    expect(admin).toEqual({ ok: true, values: { username: 'admin', password: SECRET_MASK } });
    expect(whole.ok && 'config' in whole && whole.config['wireless.ap0']?.key).toBe(SECRET_MASK);
    expect(store.read('nope')).toEqual({ ok: false, error: 'unknown section "nope"' });
    expect(store.read('network.mobile').ok).toBe(true);
    expect(createConfigStore(accessPoint()).read('network.mobile')).toEqual({
      ok: false,
      error: 'unknown section "network.mobile"',
    });
  });

  it('applies several sections at once as one revision, and nothing when one of them is wrong', () => {
    const store = createConfigStore(router());
    const before = store.current();

    const refused = store.plan({
      ntp: { server: 'time.example.org' },
      'network.lan': { ipaddr: '10.0.0.300' },
    });
    const planned = store.plan({ ntp: { server: 'time.example.org' }, system: { log_size: 64 } });
    if (!planned.ok) throw new Error(planned.error);
    store.apply(planned.next, 'console');

    expect(refused).toEqual({
      ok: false,
      error: '"network.lan.ipaddr": Enter an IPv4 address such as 192.168.1.1.',
    });
    expect(store.revision).toBe(1);
    expect(store.by).toBe('console');
    expect(store.current().ntp?.server).toBe('time.example.org');
    expect(store.current()['network.lan']).toEqual(before['network.lan']);
    // The same values again change nothing: no new revision.
    expect(store.apply(store.current(), 'console')).toBe(false);
    expect(store.revision).toBe(1);
  });

  it('adds a repeated section only whole, removes only repeated ones, and knows its radio', () => {
    const store = createConfigStore(router());
    const forward = {
      name: 'web',
      proto: 'tcp',
      src_dport: 8081,
      dest_ip: '192.168.1.9',
      dest_port: 80,
      enabled: true,
    };

    expect(store.plan({ 'firewall.redirect9': { name: 'web' } })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^"firewall\.redirect9\.proto": /),
    });
    expect(store.plan({ 'firewall.redirect9': forward })).toMatchObject({ ok: true });
    expect(store.plan({ ntp: null })).toEqual({ ok: false, error: '"ntp" cannot be removed' });
    expect(store.plan({ 'firewall.redirect31': null })).toEqual({
      ok: false,
      error: 'unknown section "firewall.redirect31"',
    });
    expect(store.plan({ 'wireless.ap0': { colour: 'red' } })).toEqual({
      ok: false,
      error: 'unknown option "wireless.ap0.colour"',
    });
    expect(store.plan({ 'wireless.ap0': { band: '5' } })).toMatchObject({ ok: true });
    const single = createConfigStore(find((device) => device.model === 'RUT241'));
    expect(single.plan({ 'wireless.ap0': { band: '5' } })).toEqual({
      ok: false,
      error: '"wireless.ap0.band": this device has no 5 GHz radio',
    });
    expect(createConfigStore(accessPoint()).plan({ 'firewall.redirect0': forward })).toEqual({
      ok: false,
      error: 'unknown section "firewall.redirect0"',
    });
  });

  it('keeps a secret written as the mask or empty, and takes a new one without reading it back', () => {
    const store = createConfigStore(router());
    const password = store.current()['users.admin']?.password;

    const masked = store.plan({ 'users.admin': { password: SECRET_MASK }, 'wireless.ap0': { key: '' } });
    const short = store.plan({ 'users.admin': { password: 'short' } });
    const fresh = store.plan({ 'users.admin': { password: 'Lo9!zQ2#wE4$rT6%' } });
    if (!masked.ok || !fresh.ok) throw new Error('refused');

    expect(masked.next['users.admin']?.password).toBe(password);
    expect(store.apply(masked.next, 'console')).toBe(false);
    expect(short).toEqual({
      ok: false,
      error: '"users.admin.password": A password has at least 8 characters.',
    });
    store.apply(fresh.next, 'console');
    expect(store.current()['users.admin']?.password).toBe('Lo9!zQ2#wE4$rT6%');
    expect(JSON.stringify(store.report())).not.toContain('Lo9!');
    expect(JSON.stringify(store.read())).not.toContain('Lo9!');
  });
});

describe('what cuts a unit off', () => {
  it('a mobile uplink with an APN its operator refuses; an empty APN or the generic one still works', () => {
    const device = router();
    const operator = simOperatorOf(device);
    const tree = initialConfig(device);
    const withApn = (apn: string) => ({ ...tree, 'network.mobile': { ...tree['network.mobile'], apn } });

    expect(uplinkOf(device)).toBe('mobile');
    expect(cutOffBy(device, tree, tree)).toBeUndefined();
    expect(cutOffBy(device, tree, withApn('wrong.apn'))).toBe(
      `${operator} gives no data session on the APN "wrong.apn"`,
    );
    expect(acceptsApn(operator, '')).toBe(true);
    expect(acceptsApn(operator, 'internet')).toBe(true);
    expect(acceptsApn(operator, operatorApn(operator))).toBe(true);
    expect(operatorApn('o2 - de')).toBe('internet.o2.de');
    // A LAN change on a router it reaches over its modem is no matter.
    const lan = { ...tree, 'network.lan': { ...tree['network.lan'], ipaddr: '10.9.9.1' } };
    expect(cutOffBy(device, tree, lan)).toBeUndefined();
  });

  it('a unit managed over its LAN whose address or netmask changes', () => {
    const device = accessPoint();
    const tree = initialConfig(device);
    const lan = (values: Record<string, string>) => ({
      ...tree,
      'network.lan': { ...tree['network.lan'], ...values },
    });

    expect(uplinkOf(device)).toBe('lan');
    expect(cutOffBy(device, tree, lan({ ipaddr: '192.168.1.250' }))).toBe(
      'the management address on the LAN changed',
    );
    expect(cutOffBy(device, tree, lan({ netmask: '255.255.0.0' }))).toBeDefined();
    expect(
      cutOffBy(device, tree, { ...tree, ntp: { enabled: false, server: 'x.example.org' } }),
    ).toBeUndefined();
  });

  it('names a section kind for every section a unit starts with', () => {
    const names = fleet.flatMap((device) => Object.keys(initialConfig(device)));
    expect(names.filter((name) => sectionKind(name) === undefined)).toEqual([]);
  });
});
