import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureAllAreas, initI18n } from '../../shared/lib/i18n.ts';
import { readUniqueFile, rowProblems, uniqueOption, uniqueRequest, uniqueTemplate } from './unique-values.ts';

const t = i18next.getFixedT('en');
beforeAll(async () => {
  if (!i18next.isInitialized) initI18n(['en']);
  await ensureAllAreas();
});
const line = (file: ReturnType<typeof readUniqueFile>) =>
  file.problems.map((problem) => `Line ${problem.line}: ${problem.message}`);

describe('Set unique from a CSV file (issue 22)', () => {
  it('reads the header and each device, as the API takes them (a name column is not read)', () => {
    const file = readUniqueFile(
      t,
      '\uFEFFserial,name,system.hostname,dhcp.lan.enabled,wireless.ap0.ssid\r\nS1,Depot,depot-1,yes,Depot\r\nS2,"Shop, north",shop-2,no,Shop\r\n',
    );
    expect(file.problems).toEqual([]);
    expect(file.options?.map((option) => option.key)).toEqual([
      'system.hostname',
      'dhcp.lan.enabled',
      'wireless.ap0.ssid',
    ]);
    expect(uniqueRequest(file.options ?? [], file.rows)).toEqual([
      {
        serial: 'S1',
        changes: {
          system: { hostname: 'depot-1' },
          'dhcp.lan': { enabled: true },
          'wireless.ap0': { ssid: 'Depot' },
        },
      },
      {
        serial: 'S2',
        changes: {
          system: { hostname: 'shop-2' },
          'dhcp.lan': { enabled: false },
          'wireless.ap0': { ssid: 'Shop' },
        },
      },
    ]);
  });

  it('says each problem by its line, in the contract’s words, before anything is sent', () => {
    const file = readUniqueFile(
      t,
      [
        'serial,system.hostname,network.lan.ipaddr',
        'S1,one,192.168.1.1',
        'S2,two',
        'S3,bad_name!,192.168.1.3',
        'S4,one,192.168.1.300',
        's1,five,192.168.1.5',
      ].join('\n'),
    );
    expect(line(file)).toEqual([
      'Line 3: 2 values where the first line names 3.',
      'Line 4: system.hostname: A host name is letters, digits, dashes and dots.',
      'Line 5: system.hostname: "one" is also given on line 2: each device needs its own.',
      'Line 5: network.lan.ipaddr: Enter an IPv4 address such as 192.168.1.1.',
      'Line 6: serial: Device s1 is given twice (also on line 2).',
    ]);
  });

  it('refuses a header without serial, an unknown setting, and a file without devices', () => {
    expect(line(readUniqueFile(t, 'host,system.hostname\nS1,a\n'))).toEqual([
      'Line 1: The first line must name the columns, starting with serial.',
    ]);
    expect(line(readUniqueFile(t, 'serial,system.nope,vpn.x\nS1,a,b\n'))).toEqual([
      'Line 1: "system.nope" is not a setting (write section.option, such as system.hostname).',
      'Line 1: "vpn.x" is not a setting (write section.option, such as system.hostname).',
    ]);
    expect(line(readUniqueFile(t, 'serial,system.hostname\n'))).toEqual([
      'Line 1: The file has no devices after its first line.',
    ]);
    expect(line(readUniqueFile(t, ''))).toEqual(['Line 1: The file is empty.']);
  });

  it('keeps a line of a blank-separated file at its own number', () => {
    const file = readUniqueFile(t, 'serial,system.hostname\n\nS1,a\n\nS2,a\n');
    expect(line(file)).toEqual([
      'Line 5: system.hostname: "a" is also given on line 3: each device needs its own.',
    ]);
  });

  it('writes a template of the chosen devices for the chosen settings', () => {
    const hostname = uniqueOption('system.hostname');
    expect(uniqueOption('wireless.ap9.ssid')).toBeUndefined();
    expect(
      uniqueTemplate(hostname ? [hostname] : [], [
        { serial: 'S1', name: 'Depot' },
        { serial: 'S2', name: 'Shop' },
      ]),
    ).toEqual({
      header: ['serial', 'name', 'system.hostname'],
      rows: [
        ['S1', 'Depot', ''],
        ['S2', 'Shop', ''],
      ],
    });
  });
});

describe('Set unique typed in the table', () => {
  it('marks the cell of a refused value, a missing number and a value given twice, by row', () => {
    const options = ['system.hostname', 'system.log_size'].flatMap((key) => uniqueOption(key) ?? []);
    const problems = rowProblems(
      t,
      options,
      [
        { serial: 'S1', values: { 'system.hostname': 'a', 'system.log_size': '64' } },
        { serial: 'S2', values: { 'system.hostname': 'a', 'system.log_size': '' } },
        { serial: 'S3', values: { 'system.hostname': 'c', 'system.log_size': '8' } },
      ],
      (index) => `in row ${index + 1}`,
    );
    expect(problems).toEqual([
      {
        index: 1,
        column: 'system.hostname',
        message: '"a" is also given in row 1: each device needs its own.',
      },
      { index: 1, column: 'system.log_size', message: 'This field is required' },
      { index: 2, column: 'system.log_size', message: 'At least 16 KB.' },
    ]);
  });
});
