import { describe, expect, it } from 'vitest';
import { deriveCapabilities, firmwareVersion } from './device-capabilities.ts';
import {
  clientIdFor,
  DEVICE_SECRET_LENGTH,
  deviceKind,
  deviceSecretProblem,
  deviceTopics,
  helloSchema,
  macSchema,
  parseClientId,
  parseTopic,
  telemetrySchema,
} from './device-protocol.ts';

const ALL = {
  wifi: true,
  gps: true,
  hotspot: true,
  io: true,
  ddns: true,
  l2tp: true,
  mobile: true,
  sim_count: 4,
  port_count: 48,
  lan: true,
  second_modem: true,
  webfilter: true,
  vpn: true,
};

describe('device protocol v1 (docs/device-protocol.md)', () => {
  it('names topics under the serial and parses only its own kinds', () => {
    const topics = deviceTopics('1104567890');
    expect(parseTopic(topics.hello)).toEqual({ serial: '1104567890', kind: 'hello' });
    expect(parseTopic(topics.telemetry('gps'))).toEqual({
      serial: '1104567890',
      kind: 'telemetry',
      category: 'gps',
    });
    expect(parseTopic(topics.commandResult)).toEqual({ serial: '1104567890', kind: 'cmd/result' });
    for (const bad of [
      'fp/v1/1104567890/telemetry/weather',
      'fp/v2/1104567890/hello',
      'fp/v1/x/hello',
      'fp/v1/+/hello',
    ]) {
      expect(parseTopic(bad), bad).toBeUndefined();
    }
  });

  it('carries the MAC address in the client id, and reads it back', () => {
    const id = clientIdFor('1104567890', '00:1e:42:12:34:56');
    expect(id).toBe('fp-1104567890-001E42123456');
    expect(parseClientId(id)).toEqual({ serial: '1104567890', mac: '00:1E:42:12:34:56' });
    expect(parseClientId('fp-1104567890')).toBeUndefined();
    expect(parseClientId('fp-1104567890-001E4212345')).toBeUndefined();
  });

  it('normalises MAC addresses and refuses malformed ones', () => {
    expect(macSchema.parse('00-1e-42-12-34-56')).toBe('00:1E:42:12:34:56');
    expect(macSchema.safeParse('00:1E:42:12:34').success).toBe(false);
  });

  it('bounds what a device may send: a hello with a stray field type or a reading out of range is refused', () => {
    const hello = {
      v: 1,
      serial: '1104567890',
      mac: '00:1E:42:12:34:56',
      model: 'RUT956',
      firmware: 'RUT9_R_00.07.06.1',
      uptime_s: 5,
      capabilities: { ...ALL, sim_count: 2, port_count: 4 },
    };
    expect(helloSchema.safeParse(hello).success).toBe(true);
    expect(helloSchema.safeParse({ ...hello, v: 2 }).success).toBe(false);
    expect(helloSchema.safeParse({ ...hello, name: 'x'.repeat(121) }).success).toBe(false);
    const gps = {
      v: 1,
      at: '2026-11-22T10:00:00Z',
      data: {
        lat: 91,
        lon: 0,
        altitude: null,
        speed: null,
        satellites: null,
        fix_at: '2026-11-22T10:00:00Z',
      },
    };
    expect(telemetrySchema('gps').safeParse(gps).success).toBe(false);
    expect(telemetrySchema('gps').safeParse({ ...gps, data: { ...gps.data, lat: 54.687157 } }).success).toBe(
      true,
    );
    expect(telemetrySchema('gps')).toBe(telemetrySchema('gps'));
  });

  it('spec §9: the device kind of a model', () => {
    expect(['TSW101', 'TAP200', 'TRB140', 'RUT241', 'OTD500'].map(deviceKind)).toEqual([
      'switch',
      'access_point',
      'gateway',
      'router',
      'router',
    ]);
  });
});

describe('device secret strength (128 bits, docs/device-protocol.md "Mosquitto (dynamic security)")', () => {
  it('takes 32 hex digits, or 22 characters of any wider alphabet, and at most 200', () => {
    expect(deviceSecretProblem('0123456789abcdef0123456789ABCDEF')).toBeUndefined();
    expect(deviceSecretProblem('0123456789abcdef0123456789abcde')).toBe('too_short');
    // Digits only are hex digits too: 31 of them are not enough.
    expect(deviceSecretProblem('1'.repeat(31))).toBe('too_short');
    // base64url, as the simulator writes it: 22 characters carry 132 bits.
    expect(deviceSecretProblem('Zm9vYmFyLWJhei1xdXV4LW')).toBeUndefined();
    expect(deviceSecretProblem('Zm9vYmFyLWJhei1xdXV4L')).toBe('too_short');
    expect(deviceSecretProblem('secret-3300000001-abcdef')).toBeUndefined();
    // The old minimum of 16 characters (64 bits of hex) is refused now.
    expect(deviceSecretProblem('0123456789abcdef')).toBe('too_short');
    expect(deviceSecretProblem('x'.repeat(DEVICE_SECRET_LENGTH.max))).toBeUndefined();
    expect(deviceSecretProblem('x'.repeat(DEVICE_SECRET_LENGTH.max + 1))).toBe('too_long');
  });
});

describe('capabilities from model and firmware (spec §3)', () => {
  it('is on only where the family, the unit and the firmware agree', () => {
    const tap = deriveCapabilities('TAP200', 'TAP2_R_00.07.06', ALL);
    expect(tap).toMatchObject({
      series: 'TAP',
      wifi: true,
      mobile: false,
      sim_count: 0,
      gps: false,
      data_usage: false,
    });
    const rut = deriveCapabilities('RUT956', 'RUT9_R_00.07.06.1', { ...ALL, wifi: false, sim_count: 2 });
    expect(rut).toMatchObject({
      wifi: false,
      mobile: true,
      sim_count: 2,
      port_count: 5,
      webfilter: true,
      l2tp: true,
    });
    // Web filter came with 7.4: an older firmware does not have it.
    expect(deriveCapabilities('RUT956', 'RUT9_R_00.07.02', ALL).webfilter).toBe(false);
    expect(deriveCapabilities('XYZ100', '1.0', ALL)).toMatchObject({
      series: 'unknown',
      wifi: false,
      metrics: false,
    });
  });

  it('reads vendor firmware versions', () => {
    expect(firmwareVersion('RUT9_R_00.07.06.1')).toEqual([7, 6]);
    expect(firmwareVersion('TRB1_R_00.07.06')).toEqual([7, 6]);
    expect(firmwareVersion('8.1')).toEqual([8, 1]);
    expect(firmwareVersion('unknown')).toEqual([0, 0]);
  });
});
