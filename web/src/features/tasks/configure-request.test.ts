import { newTaskGroupSchema } from '@fleetport/contracts/tasks';
import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureAllAreas, initI18n } from '../../shared/lib/i18n.ts';
import {
  type ConfigureValues,
  initialValues,
  OFFERED_SECTIONS,
  placeServerErrors,
  requestOf,
  sectionProblems,
  uniqueRows,
} from './configure-request.ts';
import { uniqueOption } from './unique-values.ts';

const t = i18next.getFixedT('en');
beforeAll(async () => {
  if (!i18next.isInitialized) initI18n(['en']);
  await ensureAllAreas();
});

const hostname = uniqueOption('system.hostname');
const values = (patch: Partial<ConfigureValues>): ConfigureValues => ({
  ...initialValues([], '7'),
  ...patch,
});

function refusal(errors: { code: string; message: string; source?: string }[]): AxiosError {
  const config = { headers: {} } as InternalAxiosRequestConfig;
  return new AxiosError('refused', 'ERR_BAD_REQUEST', config, undefined, {
    status: 422,
    statusText: 'Unprocessable Entity',
    data: { errors },
    headers: {},
    config,
  } as AxiosResponse);
}

describe('the Configure devices request (issue 22)', () => {
  it('offers every section but port forwards, each Wi-Fi network by number', () => {
    expect(OFFERED_SECTIONS.map((section) => section.name)).toEqual([
      'system',
      'network.lan',
      'dhcp.lan',
      'network.mobile',
      'wireless.ap0',
      'wireless.ap1',
      'wireless.ap2',
      'wireless.ap3',
      'ntp',
      'remote_access',
      'monitoring',
      'users.admin',
      'ddns',
    ]);
  });

  it('sends the ticked options typed, the unique rows by serial, the rollback time and the target; the contract takes it', () => {
    const form = values({
      sections: [
        {
          name: 'wireless.ap0',
          kind: 'wireless.ap',
          values: { ssid: 'Fleet', disabled: false, key: 'secret-key' },
        },
        { name: 'monitoring', kind: 'monitoring', values: { interval_min: '15' } },
      ],
      unique: hostname ? [hostname] : [],
      source: 'table',
      table: { S1: { 'system.hostname': 'one' }, S2: { 'system.hostname': 'two' } },
      rollback: '300',
    });
    const request = requestOf(form, [], uniqueRows(form, ['S1', 'S2']));
    expect(request).toEqual({
      action: 'config.write',
      filter: { tag_id: 7 },
      changes: {
        'wireless.ap0': { ssid: 'Fleet', disabled: false, key: 'secret-key' },
        monitoring: { interval_min: 15 },
      },
      unique: [
        { serial: 'S1', changes: { system: { hostname: 'one' } } },
        { serial: 'S2', changes: { system: { hostname: 'two' } } },
      ],
      rollback_s: 300,
      deadline_hours: 168,
    });
    expect(newTaskGroupSchema.safeParse(request).success).toBe(true);
    expect(requestOf({ ...form, target: 'chosen' }, [4, 5], []).device_ids).toEqual([4, 5]);
    expect(requestOf({ ...form, target: 'company', companyId: '3' }, [], []).filter).toEqual({
      company_id: 3,
    });
  });

  it('checks the ticked options as typed, with the contract’s words at each field', () => {
    expect(
      sectionProblems(t, [
        {
          name: 'network.lan',
          kind: 'network.lan',
          values: { ipaddr: '10.0.0.300', netmask: '255.255.255.0' },
        },
        { name: 'dhcp.lan', kind: 'dhcp.lan', values: { limit: '' } },
      ]),
    ).toEqual({
      'network.lan': { ipaddr: 'Enter an IPv4 address such as 192.168.1.1.' },
      'dhcp.lan': { limit: 'This field is required' },
    });
  });

  it('puts the API’s refusals on their step: the row of unique, the option of a section, the rollback, the devices', () => {
    const placed = placeServerErrors(
      t,
      refusal([
        { code: 'INVALID', message: 'Device X9 is not among the chosen devices.', source: 'unique.2.serial' },
        {
          code: 'INVALID',
          message: 'A host name is letters, digits, dashes and dots.',
          source: 'unique.0.changes.system.hostname',
        },
        {
          code: 'INVALID',
          message: '"wireless.ap0.ssid": Enter a network name.',
          source: 'changes.wireless.ap0',
        },
        { code: 'INVALID', message: 'Number must be at least 30', source: 'rollback_s' },
        { code: 'INVALID', message: 'Choose a tag.', source: 'filter.tag_id' },
        { code: 'INVALID', message: 'Something else.' },
      ]),
      hostname ? [hostname] : [],
    );
    expect(placed).toEqual({
      target: 'Choose a tag.',
      rollback: 'Number must be at least 30',
      sections: { 'wireless.ap0': { ssid: 'Enter a network name.' } },
      rows: [
        { index: 2, column: 'serial', message: 'Device X9 is not among the chosen devices.' },
        { index: 0, column: 'system.hostname', message: 'A host name is letters, digits, dashes and dots.' },
      ],
      general: ['Something else.'],
    });
  });
});
