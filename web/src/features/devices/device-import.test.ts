import { describe, expect, it } from 'vitest';
import { devicesOfFile, devicesOfList, EXAMPLE_CSV, failedRows, readImport } from './device-import.ts';

describe('devicesOfFile (spec §2 "Add device" from a file)', () => {
  it('reads serial, mac and name by the header, in any order and case, trimmed', () => {
    const rows = devicesOfFile(' MAC ,Name,Serial\r\n00:1E:42:00:00:01 , Depot ,1100000001\r\n');
    expect(rows).toEqual({
      devices: [{ serial: '1100000001', mac: '00:1E:42:00:00:01', name: 'Depot' }],
      lines: [2],
    });
  });

  it('reads the example file it offers for download', () => {
    expect(devicesOfFile(EXAMPLE_CSV)).toEqual({
      devices: [{ serial: '1100000001', mac: '00:1E:42:00:00:01', name: 'Depot gateway' }],
      lines: [2],
    });
  });

  it('leaves the name out when the file has no name column or the cell is blank', () => {
    expect(devicesOfFile('serial,mac\n1,AA\n')).toEqual({
      devices: [{ serial: '1', mac: 'AA' }],
      lines: [2],
    });
    expect(devicesOfFile('serial,mac,name\n1,AA,  \n')).toEqual({
      devices: [{ serial: '1', mac: 'AA' }],
      lines: [2],
    });
  });

  it('gives a short row empty cells, and keeps the line each row starts on past blank and quoted lines', () => {
    const rows = devicesOfFile('serial,mac,name\n\n1\n2,BB,"two\nlines"\n3,CC\n');
    expect(rows).toEqual({
      devices: [
        { serial: '1', mac: '' },
        { serial: '2', mac: 'BB', name: 'two\nlines' },
        { serial: '3', mac: 'CC' },
      ],
      lines: [3, 4, 6],
    });
  });

  it('refuses a file whose header does not name both serial and mac', () => {
    expect(devicesOfFile('serial,name\n1,A\n')).toEqual({ problem: 'devices.add.badHeader' });
    expect(devicesOfFile('')).toEqual({ problem: 'devices.add.badHeader' });
  });
});

describe('devicesOfList (spec §2 "Add device" from a list)', () => {
  it('reads "serial, MAC[, name]" one a line, with no header', () => {
    expect(devicesOfList('1, AA\n2,BB, Two \n')).toEqual({
      devices: [
        { serial: '1', mac: 'AA' },
        { serial: '2', mac: 'BB', name: 'Two' },
      ],
      lines: [1, 2],
    });
  });
});

describe('readImport', () => {
  it('refuses a file or a list without a device, each in its own words', () => {
    expect(readImport('file', 'serial,mac\n')).toEqual({ problem: 'devices.add.emptyFile' });
    expect(readImport('list', '\n\n')).toEqual({ problem: 'devices.add.emptyList' });
  });

  it('answers the header problem of a file before its emptiness', () => {
    expect(readImport('file', 'name\n')).toEqual({ problem: 'devices.add.badHeader' });
  });

  it('reads a file as a file and a list as a list', () => {
    expect(readImport('file', 'serial,mac\n1,AA\n')).toEqual({
      devices: [{ serial: '1', mac: 'AA' }],
      lines: [2],
    });
    expect(readImport('list', 'serial,mac\n')).toEqual({
      devices: [{ serial: 'serial', mac: 'mac' }],
      lines: [1],
    });
  });
});

describe('failedRows', () => {
  it('keeps the refused rows, each placed on the line of the text it came from', () => {
    const rows = [
      { row: 1, serial: '1', ok: true, id: 10 },
      { row: 2, serial: '2', ok: false, message: 'Not approved.' },
    ];
    expect(failedRows(rows, [2, 5])).toEqual([
      { row: 2, serial: '2', ok: false, message: 'Not approved.', line: 5 },
    ]);
  });

  it('falls back to the row number when the line is not known', () => {
    expect(failedRows([{ row: 3, serial: '', ok: false }], [2])).toEqual([
      { row: 3, serial: '', ok: false, line: 3 },
    ]);
  });
});
