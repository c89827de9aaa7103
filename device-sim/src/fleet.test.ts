import { FAMILY_CAPABILITIES, firmwareVersion } from '@fleetport/contracts/device-capabilities';
import { helloSchema, MAC_PATTERN, MODEL_FAMILIES, modelFamily } from '@fleetport/contracts/device-protocol';
import { describe, expect, it } from 'vitest';
import { type DeviceRole, generateFleet, HOSTILE, SPECIAL_INDEX, TROUBLED_SLOTS } from './fleet.ts';

describe('generateFleet', { timeout: 20_000 }, () => {
  it('gives the same fleet for the same seed, and another for another seed', () => {
    const once = generateFleet(200, { seed: 42 });
    const again = generateFleet(200, { seed: 42 });
    const other = generateFleet(200, { seed: 43 });

    expect(again).toEqual(once);
    expect(other.map((device) => device.serial)).not.toEqual(once.map((device) => device.serial));
  });

  it('keeps a device the same when the fleet grows', () => {
    const small = generateFleet(20, { seed: 9 });
    const large = generateFleet(500, { seed: 9 });

    expect(large.slice(0, 20)).toEqual(small);
  });

  it('gives unique 10-digit serials and unique upper-case MAC addresses, apart from the clone', () => {
    const fleet = generateFleet(10_000, { seed: 1, testDevices: true });
    const own = fleet.filter((device) => device.cloneOf === undefined);

    expect(own).toHaveLength(fleet.length - 1);
    expect(new Set(own.map((device) => device.serial)).size).toBe(own.length);
    expect(new Set(fleet.map((device) => device.mac)).size).toBe(fleet.length);
    for (const device of fleet) {
      expect(device.serial).toMatch(/^\d{10}$/);
      expect(device.mac).toMatch(MAC_PATTERN);
      expect(device.mac.startsWith('00:1E:42:')).toBe(true);
    }
  });

  it("keeps each device's serial and MAC address whatever the shape, so a manifest keeps matching", () => {
    const plain = generateFleet(120, { seed: 6 });
    const steady = generateFleet(120, { seed: 6, troubledDevices: false });
    const tested = generateFleet(120, { seed: 6, testDevices: true });
    const identity = (device: { serial: string; mac: string }) => `${device.serial} ${device.mac}`;

    expect(steady.map(identity)).toEqual(plain.map(identity));
    const others = (fleet: typeof plain) => fleet.filter((device) => device.index !== SPECIAL_INDEX.clone);
    expect(others(tested).map(identity)).toEqual(others(plain).map(identity));
  });

  it('holds every model family in a fleet of 50, whatever the seed and the shape', () => {
    for (const seed of [0, 1, 2, 3, 77, 2024]) {
      for (const testDevices of [false, true]) {
        const fleet = generateFleet(50, { seed, testDevices });
        const families = new Set(fleet.map((device) => modelFamily(device.model)));
        expect([...families].sort()).toEqual([...MODEL_FAMILIES].sort());
      }
    }
  });

  it('reports capabilities its family allows and a hello the contract accepts', () => {
    for (const device of generateFleet(300, { seed: 5, testDevices: true })) {
      const family = modelFamily(device.model);
      expect(family).toBeDefined();
      const table = FAMILY_CAPABILITIES[family ?? 'RUT'];
      const { sim_count, port_count, ...flags } = device.capabilities;
      for (const [flag, on] of Object.entries(flags)) {
        if (on) expect(table[flag as keyof typeof flags], `${device.model} ${flag}`).toBe(true);
      }
      expect(sim_count).toBeLessThanOrEqual(table.max_sims);
      expect(port_count).toBeLessThanOrEqual(table.max_ports);
      expect(sim_count > 0).toBe(device.capabilities.mobile);
      const hello = {
        v: 1,
        serial: device.serial,
        mac: device.mac,
        model: device.model,
        firmware: device.firmware,
        name: device.name,
        uptime_s: 0,
        capabilities: device.capabilities,
      };
      expect(helloSchema.safeParse(hello).error).toBeUndefined();
      expect(firmwareVersion(device.firmware)[0]).toBeGreaterThanOrEqual(6);
    }
  });

  it('places every device in Europe', () => {
    for (const device of generateFleet(300, { seed: 8 })) {
      expect(device.home.lat).toBeGreaterThan(34);
      expect(device.home.lat).toBeLessThan(72);
      expect(device.home.lon).toBeGreaterThan(-25);
      expect(device.home.lon).toBeLessThan(45);
    }
  });
});

describe('the default fleet', () => {
  const roles = (fleet: { role: DeviceRole }[]) => {
    const tally: Partial<Record<DeviceRole, number>> = {};
    for (const { role } of fleet) tally[role] = (tally[role] ?? 0) + 1;
    return tally;
  };

  it('has no test device: no markup in any string, no clone', () => {
    for (const seed of [1, 2, 3]) {
      const fleet = generateFleet(50, { seed });
      expect(
        fleet.filter((device) => device.role === 'untrusted-strings' || device.role === 'clone'),
      ).toEqual([]);
      expect(fleet.filter((device) => device.cloneOf !== undefined)).toEqual([]);
      const strings = fleet.flatMap((device) => [device.name, device.firmware, ...device.operators]);
      expect(strings.filter((text) => /[<>]/.test(text))).toEqual([]);
      expect(new Set(fleet.map((device) => device.serial)).size).toBe(50);
    }
  });

  it('has units in trouble as in the field: about 10 % away at any moment, some never activated, some weak', () => {
    const fleet = generateFleet(50, { seed: 1 });

    expect(roles(fleet)).toEqual({
      'gps-mover': 2,
      unreliable: 6,
      flapping: 2,
      'never-activated': 2,
      'weak-signal': 3,
      standard: 35,
    });
    // Each block of 50 repeats the mix.
    expect(roles(generateFleet(10_000, { seed: 1 }))).toMatchObject({
      unreliable: 1200,
      flapping: 400,
      'never-activated': 400,
      'weak-signal': 600,
    });
  });

  it('keeps units in trouble off the positions the demo gives a part of its own (monitoring off, unclaimed)', () => {
    const slots = Object.values(TROUBLED_SLOTS).flat();

    expect(Math.min(...slots)).toBeGreaterThanOrEqual(6);
    expect(Math.max(...slots)).toBeLessThan(47);
  });

  it('gives every weak-signal unit a modem', () => {
    const fleet = generateFleet(200, { seed: 4 });
    const weak = fleet.filter((device) => device.role === 'weak-signal');

    expect(weak).toHaveLength(12);
    for (const device of weak) {
      expect(device.capabilities.mobile).toBe(true);
      expect(device.hardware.modem).toBeDefined();
    }
  });

  it('has only ordinary units and the movers without troubled devices', () => {
    expect(roles(generateFleet(50, { seed: 1, troubledDevices: false }))).toEqual({
      'gps-mover': 2,
      standard: 48,
    });
  });
});

describe('special devices', () => {
  const fleet = generateFleet(50, { seed: 3, testDevices: true });

  it('has two GPS movers with a route of waypoints', () => {
    for (const index of SPECIAL_INDEX.movers) {
      const mover = fleet[index];
      expect(mover?.role).toBe('gps-mover');
      expect(mover?.capabilities.gps).toBe(true);
      expect(mover?.route.length).toBeGreaterThanOrEqual(6);
    }
    expect(fleet.filter((device) => device.route.length > 0)).toHaveLength(2);
  });

  it('has a device whose strings carry markup, within the schema and with a parseable firmware', () => {
    const device = fleet[SPECIAL_INDEX.untrusted];

    expect(device?.role).toBe('untrusted-strings');
    expect(device?.name).toContain(HOSTILE.img);
    expect(device?.name).toContain(HOSTILE.scriptSingleQuoted);
    expect(device?.name).not.toMatch(/[",\r\n]/);
    expect(device?.firmware).toContain(HOSTILE.img);
    expect(firmwareVersion(device?.firmware ?? '')).toEqual([7, expect.any(Number)]);
    expect(device?.operators[0]).toBe(HOSTILE.script);
  });

  it('has a clone: the serial of another device, with a MAC address of its own', () => {
    const clone = fleet[SPECIAL_INDEX.clone];
    const original = fleet[SPECIAL_INDEX.cloned];

    expect(clone?.role).toBe('clone');
    expect(clone?.cloneOf).toBe(SPECIAL_INDEX.cloned);
    expect(clone?.serial).toBe(original?.serial);
    expect(clone?.mac).not.toBe(original?.mac);
  });

  it('leaves a fleet under ten devices without special devices', () => {
    const small = generateFleet(9, { seed: 3, testDevices: true });

    expect(small.every((device) => device.role === 'standard' && device.cloneOf === undefined)).toBe(true);
    expect(new Set(small.map((device) => device.serial)).size).toBe(9);
  });
});
