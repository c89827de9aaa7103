import { clientIdFor } from '@fleetport/contracts/device-protocol';
import { describe, expect, it } from 'vitest';
import {
  type BrokerClient,
  deviceAcls,
  deviceRoleName,
  GATEWAY_ROLE,
  gatewayAcls,
  MANAGED_TEXTNAME,
  planResync,
  provisionCommands,
} from './dynsec-plan.ts';

// What Fleetport asks of a Mosquitto broker's dynamic-security plugin, worked out without one
// (dynsec.test.ts checks the same on a real broker).

const MAC = '00:1E:42:12:34:56';
const self = { username: 'fleetport', shareGroup: 'fleetport' };
const managed = (serial: string, extra: Partial<BrokerClient> = {}): BrokerClient => ({
  username: serial,
  clientid: clientIdFor(serial, MAC),
  textname: MANAGED_TEXTNAME,
  roles: [{ rolename: deviceRoleName(serial) }],
  ...extra,
});
const role = (serial: string) => ({ rolename: deviceRoleName(serial), acls: deviceAcls(serial) });
const me = { username: 'fleetport', roles: [{ rolename: 'admin' }, { rolename: GATEWAY_ROLE }] };
const gateway = { rolename: GATEWAY_ROLE, acls: gatewayAcls('fleetport') };

describe('planResync', () => {
  it('asks nothing of a broker in line with Approved Devices', () => {
    const plan = planResync(
      { clients: [me, managed('1100000001')], roles: [gateway, role('1100000001')] },
      new Map([['1100000001', MAC]]),
      self,
    );
    expect(plan).toEqual({
      commands: [],
      deleted: [],
      repaired: [],
      missing: [],
      taken: [],
      selfMissing: false,
    });
  });

  it("deletes a stray device's client and role, puts a changed one right, leaves the API's own and an operator's alone", () => {
    const plan = planResync(
      {
        clients: [
          { ...me, roles: [{ rolename: 'admin' }], textname: MANAGED_TEXTNAME },
          managed('1100000001', {
            clientid: 'fp-1100000001-000000000000',
            disabled: true,
            roles: [{ rolename: 'admin' }],
          }),
          managed('1100000002'),
          { username: '1100000003', textname: 'Site engineer' },
        ],
        roles: [{ rolename: GATEWAY_ROLE, acls: [] }, role('1100000002')],
      },
      new Map([
        ['1100000001', MAC],
        ['1100000003', MAC],
        ['1100000004', MAC],
      ]),
      self,
    );
    expect(plan.deleted).toEqual(['1100000002']);
    expect(plan.repaired).toEqual(['1100000001']);
    expect(plan.missing).toEqual(['1100000004']);
    expect(plan.taken).toEqual(['1100000003']);
    expect(plan.commands.map((command) => [command.command, command.username ?? command.rolename])).toEqual([
      ['modifyRole', GATEWAY_ROLE],
      ['addClientRole', 'fleetport'],
      ['createRole', deviceRoleName('1100000001')],
      ['setClientId', '1100000001'],
      ['removeClientRole', '1100000001'],
      ['addClientRole', '1100000001'],
      ['enableClient', '1100000001'],
      ['deleteClient', '1100000002'],
      ['deleteRole', deviceRoleName('1100000002')],
    ]);
  });

  it("says when MQTT_URL's user is not a client of the plugin", () => {
    expect(planResync({ clients: [], roles: [gateway] }, new Map(), self).selfMissing).toBe(true);
  });
});

describe('provisionCommands (an import)', () => {
  const row = { serial: '1100000001', mac: MAC, secret: '0123456789abcdef0123456789abcdef', fresh: true };

  it('makes the role, then the client bound to serial, MAC and secret', () => {
    expect(provisionCommands(row, undefined, 'fleetport')).toEqual([
      expect.objectContaining({ command: 'createRole', rolename: deviceRoleName(row.serial) }),
      expect.objectContaining({
        command: 'createClient',
        username: row.serial,
        password: row.secret,
        clientid: 'fp-1100000001-001E42123456',
        textname: MANAGED_TEXTNAME,
        roles: [{ rolename: deviceRoleName(row.serial) }],
      }),
    ]);
  });

  it("sets a managed client whole, leaves a right one of a row imported again, and never takes an operator's", () => {
    expect(
      provisionCommands(row, managed(row.serial), 'fleetport')?.map((command) => command.command),
    ).toEqual(['createRole', 'modifyClient']);
    expect(provisionCommands({ ...row, fresh: false }, managed(row.serial), 'fleetport')).toEqual([]);
    expect(
      provisionCommands({ ...row, fresh: false }, managed(row.serial, { disabled: true }), 'fleetport')?.map(
        (command) => command.command,
      ),
    ).toEqual(['createRole', 'modifyClient', 'enableClient']);
    expect(
      provisionCommands(row, { username: row.serial, textname: 'Site engineer' }, 'fleetport'),
    ).toBeUndefined();
  });
});
