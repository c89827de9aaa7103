import { describe, expect, it } from 'vitest';
import {
  connectionGeneration,
  EMPTY_VALUE,
  englishOrdinal,
  formatAnalog,
  formatBytes,
  formatCoordinate,
  formatCurrentLoop,
  formatTemperature,
  NO_SERVICE,
} from './format.ts';

const NOT_NUMBERS = [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, null, undefined];

describe('byte formatting (spec §9)', () => {
  it('steps by 1024 up to TB with a space before the unit', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1024)).toBe('1 KB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(83_886_080)).toBe('80 MB');
    expect(formatBytes(3 * 1024 ** 3)).toBe('3 GB');
    expect(formatBytes(2.25 * 1024 ** 4)).toBe('2.25 TB');
    expect(formatBytes(5 * 1024 ** 5)).toBe('5120 TB');
  });

  it('honours the number of decimals and moves up a unit when rounding reaches 1024', () => {
    expect(formatBytes(1234567, 0)).toBe('1 MB');
    expect(formatBytes(1234567, 3)).toBe('1.177 MB');
    expect(formatBytes(1024 * 1024 - 1)).toBe('1 MB');
    expect(formatBytes(1536, -4)).toBe('2 KB');
    expect(formatBytes(1536, Number.NaN)).toBe('1.5 KB');
  });

  it('keeps the sign of a negative size', () => {
    expect(formatBytes(-1536)).toBe('-1.5 KB');
    expect(formatBytes(-0)).toBe('0 B');
  });

  it('gives the empty value for missing or non-finite input', () => {
    for (const value of NOT_NUMBERS) expect(formatBytes(value)).toBe(EMPTY_VALUE);
    expect(EMPTY_VALUE).toBe('');
  });
});

describe('sensor readings (spec §9)', () => {
  it('divides a temperature by 10 and shows °C with one decimal', () => {
    expect(formatTemperature(235)).toBe('23.5 °C');
    expect(formatTemperature(230)).toBe('23.0 °C');
    expect(formatTemperature(-52)).toBe('-5.2 °C');
    expect(formatTemperature(-0.4)).toBe('0.0 °C');
  });

  it('divides an analog value by 1000 and shows V with three decimals', () => {
    expect(formatAnalog(1234)).toBe('1.234 V');
    expect(formatAnalog(5000)).toBe('5.000 V');
    expect(formatAnalog(7)).toBe('0.007 V');
  });

  it('multiplies a current loop value by 1000 and shows mA', () => {
    expect(formatCurrentLoop(0.004)).toBe('4 mA');
    expect(formatCurrentLoop(0.0041)).toBe('4.1 mA');
    expect(formatCurrentLoop(0.0123456)).toBe('12.346 mA');
    expect(formatCurrentLoop(0)).toBe('0 mA');
  });

  it('shows coordinates with 6 decimals', () => {
    expect(formatCoordinate(54.6871565)).toBe('54.687157');
    expect(formatCoordinate(25.279652)).toBe('25.279652');
    expect(formatCoordinate(-122.4)).toBe('-122.400000');
    expect(formatCoordinate(0)).toBe('0.000000');
    expect(formatCoordinate(-0.0000001)).toBe('0.000000');
  });

  it('never throws and gives the empty value for missing or non-finite input', () => {
    for (const value of NOT_NUMBERS) {
      expect(formatTemperature(value)).toBe('');
      expect(formatAnalog(value)).toBe('');
      expect(formatCurrentLoop(value)).toBe('');
      expect(formatCoordinate(value)).toBe('');
    }
  });
});

describe('connection type mapping (spec §9)', () => {
  const cases: Record<string, readonly string[]> = {
    '5G': ['5G-NSA', '5G-SA', '5g-sa', ' 5G-NSA '],
    '4G': ['LTE', 'CAT-M1', 'eMTC', 'EMTC', 'lte', 'LTE-A', 'something new'],
    '3G': ['WCDMA', 'UMTS', 'HSPA', 'HSPA+', 'HSDPA', 'HSUPA', 'HSPAP', 'HSDPA+HSUPA', 'DC-HSPA+', 'hspa+'],
    '2G': ['GSM', 'GPRS', 'EDGE', 'CDMA', 'NB-IoT', 'nb-iot'],
  };

  for (const [generation, types] of Object.entries(cases)) {
    it(`maps ${types.join(', ')} to ${generation}`, () => {
      for (const type of types) expect(connectionGeneration(type)).toBe(generation);
    });
  }

  it('maps empty, blank or missing to the no-service sentinel', () => {
    expect(NO_SERVICE).toBe('none');
    for (const type of ['', '   ', null, undefined]) expect(connectionGeneration(type)).toBe(NO_SERVICE);
  });
});

describe('English ordinals for tier levels (spec §9)', () => {
  it('uses st, nd, rd and th, with th for 11 to 13 of every hundred', () => {
    const expected: Record<number, string> = {
      0: '0th',
      1: '1st',
      2: '2nd',
      3: '3rd',
      4: '4th',
      10: '10th',
      11: '11th',
      12: '12th',
      13: '13th',
      14: '14th',
      21: '21st',
      22: '22nd',
      23: '23rd',
      101: '101st',
      102: '102nd',
      111: '111th',
      112: '112th',
      113: '113th',
      1001: '1001st',
      1011: '1011th',
    };
    for (const [n, ordinal] of Object.entries(expected)) expect(englishOrdinal(Number(n))).toBe(ordinal);
  });

  it('takes the suffix of the magnitude for negatives and gives the empty value for non-integers', () => {
    expect(englishOrdinal(-1)).toBe('-1st');
    expect(englishOrdinal(-12)).toBe('-12th');
    expect(englishOrdinal(-0)).toBe('0th');
    for (const n of [1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60]) expect(englishOrdinal(n)).toBe('');
  });
});
