import { TELEMETRY_CATEGORIES, telemetrySchema } from '@fleetport/contracts/device-protocol';
import { signalBucket } from '@fleetport/contracts/devices';
import { describe, expect, it } from 'vitest';
import { generateFleet, HOSTILE, SPECIAL_INDEX } from './fleet.ts';
import { categoriesOf, createTelemetry, telemetryMessage } from './telemetry.ts';

const MINUTE = 60_000;
const START = Date.UTC(2025, 0, 1);

describe('telemetry', { timeout: 20_000 }, () => {
  it('produces payloads the contract accepts, for every device over many readings', () => {
    const schemas = new Map(TELEMETRY_CATEGORIES.map((category) => [category, telemetrySchema(category)]));
    const problems: string[] = [];
    for (const [seed, testDevices] of [
      [1, false],
      [2, false],
      [1, true],
    ] as const) {
      for (const device of generateFleet(50, { seed, testDevices })) {
        const telemetry = createTelemetry(device, { now: START });
        for (let tick = 1; tick <= 100; tick++) {
          const now = START + tick * 5 * MINUTE;
          for (const category of TELEMETRY_CATEGORIES) {
            const result = schemas
              .get(category)
              ?.safeParse(telemetryMessage(telemetry.read(category, now), now));
            if (!result?.success)
              problems.push(`${device.model} ${category} tick ${tick}: ${result?.error.message}`);
          }
        }
      }
    }

    expect(problems).toEqual([]);
  });

  it('reports only the categories that family, hardware and firmware allow', () => {
    const fleet = generateFleet(200, { seed: 11 });
    const reported = (model: string) => {
      const device = fleet.find((entry) => entry.model === model);
      if (!device) throw new Error(`no ${model} in the fleet`);
      return categoriesOf(device.model, 'X_R_00.07.06.1', device.capabilities);
    };

    expect(reported('TSW202')).toEqual(['dynamic', 'static']);
    expect(reported('TAP200')).toEqual(['dynamic', 'static', 'wireless', 'hotspot']);
    expect(reported('TRB245')).toEqual(['dynamic', 'static', 'io', 'gps', 'ddns', 'l2tp']);
    const rut = fleet.find((entry) => entry.model === 'RUTX11');
    expect(rut && categoriesOf(rut.model, 'RUTX_R_00.06.08.6', rut.capabilities)).not.toContain('l2tp');
  });

  it('counts bytes upward, and uptime and counters from zero after a reboot', () => {
    const device = generateFleet(20, { seed: 1 }).find((entry) => entry.capabilities.mobile);
    if (!device) throw new Error('no mobile device');
    const telemetry = createTelemetry(device, { now: START });
    const totals: number[] = [];
    for (let tick = 1; tick <= 50; tick++) {
      const reading = telemetry.read('dynamic', START + tick * MINUTE);
      totals.push(reading.mobile.reduce((sum, sim) => sum + sim.rx_bytes + sim.tx_bytes, 0));
    }
    const uptimeBefore = telemetry.uptime(START + 50 * MINUTE);

    telemetry.reboot(START + 51 * MINUTE);
    const after = telemetry.read('dynamic', START + 51 * MINUTE);

    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    expect(uptimeBefore).toBeGreaterThan(3600);
    expect(after.uptime_s).toBe(0);
    expect(after.mobile.every((sim) => sim.rx_bytes === 0 && sim.tx_bytes === 0)).toBe(true);
  });

  it('moves a GPS mover along its route on each report, and keeps a parked device home', () => {
    const fleet = generateFleet(50, { seed: 6 });
    const positions = (index: number) => {
      const device = fleet[index];
      if (!device) throw new Error(`no device ${index}`);
      const telemetry = createTelemetry(device, { now: START });
      return Array.from({ length: 10 }, (_, tick) => telemetry.read('gps', START + tick * MINUTE));
    };
    const parked = fleet.findIndex((device) => device.role === 'standard' && device.capabilities.gps);

    const route = positions(SPECIAL_INDEX.movers[0]);
    const home = positions(parked);

    expect(new Set(route.map((fix) => `${fix.lat},${fix.lon}`)).size).toBe(10);
    expect(home.every((fix) => fix.speed === 0)).toBe(true);
    expect(Math.max(...home.map((fix) => fix.lat)) - Math.min(...home.map((fix) => fix.lat))).toBeLessThan(
      0.001,
    );
  });

  it('varies signal, operator and connection type over time, within their ranges', () => {
    const device = generateFleet(50, { seed: 2 }).find(
      (entry) => entry.capabilities.mobile && !entry.hardware.fiveG,
    );
    if (!device) throw new Error('no 4G device');
    const telemetry = createTelemetry(device, { now: START });
    const readings = Array.from({ length: 2000 }, (_, tick) =>
      telemetry.read('dynamic', START + tick * MINUTE),
    );

    const types = new Set(readings.map((reading) => reading.connection_type));
    expect(types).toContain('LTE');
    expect(types).toContain('');
    expect(new Set(readings.map((reading) => reading.rsrp)).size).toBeGreaterThan(10);
    const lte = readings.filter((reading) => reading.connection_type === 'LTE');
    expect(lte.every((reading) => reading.rsrp !== null && reading.operator !== null)).toBe(true);
    const none = readings.filter((reading) => reading.connection_type === '');
    expect(none.every((reading) => reading.signal === null && reading.operator === null)).toBe(true);
  });

  it('reports the markup-laden operator and SSID of the untrusted device as plain data', () => {
    const device = generateFleet(12, { seed: 1, testDevices: true })[SPECIAL_INDEX.untrusted];
    if (!device) throw new Error('no untrusted device');
    const telemetry = createTelemetry(device, { now: START });
    const operators = new Set(
      Array.from({ length: 50 }, (_, tick) => telemetry.read('dynamic', START + tick * MINUTE).operator),
    );

    expect(operators).toContain(HOSTILE.script);
    expect(telemetry.read('wireless', START).ssids.map((entry) => entry.ssid)).toContain(HOSTILE.img);
  });

  it('keeps a weak-signal unit in the poor range of the signal filter, and the others mostly above it', () => {
    const fleet = generateFleet(100, { seed: 3 });
    const signals = (role: 'weak-signal' | 'standard') =>
      fleet
        .filter((device) => device.role === role && device.capabilities.mobile)
        .flatMap((device) => {
          const telemetry = createTelemetry(device, { now: START });
          return Array.from({ length: 200 }, (_, tick) => telemetry.read('dynamic', START + tick * MINUTE));
        });

    const weak = signals('weak-signal');
    const inService = weak.filter((reading) => reading.signal !== null);
    expect(inService.length).toBeGreaterThan(weak.length * 0.9);
    for (const reading of inService) {
      expect(signalBucket(reading.signal)).toBe('poor');
      expect(reading.signal).toBeLessThanOrEqual(-101);
      if (reading.rsrp !== null) expect(reading.rsrp).toBeLessThanOrEqual(-120);
      if (reading.sinr !== null) expect(reading.sinr).toBeLessThanOrEqual(3);
    }
    const usual = signals('standard').filter((reading) => reading.signal !== null);
    const poor = usual.filter((reading) => signalBucket(reading.signal) === 'poor');
    expect(poor.length).toBeLessThan(usual.length * 0.2);
  });

  it('gives current loop inputs in amperes and analog inputs in millivolts', () => {
    const device = generateFleet(200, { seed: 1 }).find((entry) => entry.hardware.io.currentLoop > 0);
    if (!device) throw new Error('no device with a current loop');
    const telemetry = createTelemetry(device, { now: START });
    const inputs = Array.from(
      { length: 100 },
      (_, tick) => telemetry.read('io', START + tick * MINUTE).inputs,
    ).flat();

    for (const input of inputs.filter((entry) => entry.kind === 'current_loop')) {
      expect(input.value).toBeGreaterThanOrEqual(0.004);
      expect(input.value).toBeLessThanOrEqual(0.02);
    }
    for (const input of inputs.filter((entry) => entry.kind === 'analog'))
      expect(Number.isInteger(input.value)).toBe(true);
    expect(new Set(inputs.filter((entry) => entry.kind === 'digital').map((entry) => entry.value))).toEqual(
      new Set([0, 1]),
    );
  });
});
