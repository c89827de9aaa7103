import { clientIdFor } from '@fleetport/contracts/device-protocol';
import type { DynsecCommand } from './dynsec-control.ts';
import {
  devicePublishTopics,
  deviceSubscribeTopics,
  GATEWAY_PUBLISHES,
  sharedSubscriptions,
} from './transport.ts';

/**
 * What Fleetport keeps on a Mosquitto broker's dynamic-security plugin (docs/device-protocol.md,
 * "Mosquitto (dynamic security)"), worked out from the broker's lists and Approved Devices; no
 * I/O here (dynsec.ts sends it).
 *
 * Each approved device is a client (user name its serial, password its secret, client id
 * `fp-<serial>-<MAC>`) marked as Fleetport's by its text name, with a role of its own. Mosquitto
 * 2.0's plugin does not put the user name into an ACL's topic (`%u` is matched as written; 2.1
 * adds it), so one role per device names its own topics: exactly the ones mayPublish and
 * maySubscribe allow, from the same lists (transport.ts).
 */
export const MANAGED_TEXTNAME = 'Fleetport device';
const MANAGED_DESCRIPTION =
  'Managed by Fleetport from Approved Devices: put right or deleted when Fleetport starts.';
export const DEVICE_ROLE_PREFIX = 'fleetport-device-';
/** The API's own client: its shared subscription to what devices send, and commands to publish. */
export const GATEWAY_ROLE = 'fleetport-gateway';

export interface BrokerAcl {
  acltype: string;
  topic: string;
  allow: boolean;
}

/** A client as `listClients` (verbose) describes it. */
export interface BrokerClient {
  username: string;
  clientid?: string;
  textname?: string;
  disabled?: boolean;
  roles?: { rolename: string }[];
}

/** A role as `listRoles` (verbose) describes it. */
export interface BrokerRole {
  rolename: string;
  acls?: BrokerAcl[];
}

/** An approved identity whose secret is at hand (an import): `fresh` when it was approved just now. */
export interface ProvisionRow {
  serial: string;
  mac: string;
  secret: string;
  fresh: boolean;
}

export const deviceRoleName = (serial: string) => `${DEVICE_ROLE_PREFIX}${serial}`;

const allow = (acltype: string) => (topic: string) => ({ acltype, topic, allow: true });

/** A device's ACLs: publish to its own topics, subscribe to exactly its commands and configuration. */
export function deviceAcls(serial: string): BrokerAcl[] {
  return [
    ...devicePublishTopics(serial).map(allow('publishClientSend')),
    ...deviceSubscribeTopics(serial).map(allow('subscribeLiteral')),
  ];
}

/** The gateway's ACLs: its shared subscription (the plugin checks it with `$share/<group>/`) and commands. */
export function gatewayAcls(shareGroup: string): BrokerAcl[] {
  return [
    ...GATEWAY_PUBLISHES.map(allow('publishClientSend')),
    ...sharedSubscriptions(shareGroup).map(allow('subscribePattern')),
  ];
}

const aclKey = (acl: BrokerAcl) => `${acl.acltype} ${acl.topic} ${acl.allow}`;
function sameAcls(have: readonly BrokerAcl[] | undefined, want: readonly BrokerAcl[]): boolean {
  const held = new Set((have ?? []).map(aclKey));
  return (
    held.size === want.length &&
    (have ?? []).length === want.length &&
    want.every((acl) => held.has(aclKey(acl)))
  );
}

export function roleCommand(command: 'createRole' | 'modifyRole', rolename: string, acls: BrokerAcl[]) {
  return { command, rolename, textname: MANAGED_TEXTNAME, textdescription: MANAGED_DESCRIPTION, acls };
}

/** A device's client, whole: what createClient and modifyClient take. */
function deviceClient(row: Pick<ProvisionRow, 'serial' | 'mac' | 'secret'>) {
  return {
    username: row.serial,
    password: row.secret,
    clientid: clientIdFor(row.serial, row.mac),
    textname: MANAGED_TEXTNAME,
    textdescription: MANAGED_DESCRIPTION,
    roles: [{ rolename: deviceRoleName(row.serial) }],
  };
}

/** Whether a client is one Fleetport keeps: marked so, and never the API's own. */
export const isManaged = (client: BrokerClient, self: string) =>
  client.textname === MANAGED_TEXTNAME && client.username !== self;

/** A managed client as it should be for this MAC address (client id, its one role, enabled). */
function clientIsRight(client: BrokerClient, mac: string): boolean {
  const roles = client.roles ?? [];
  return (
    client.clientid === clientIdFor(client.username, mac) &&
    !client.disabled &&
    roles.length === 1 &&
    roles[0]?.rolename === deviceRoleName(client.username)
  );
}

/**
 * The commands that give an imported identity its client (`undefined`: the user name is a client
 * Fleetport does not manage, left alone). The role is created first; one that exists already is
 * answered 'Role already exists' and then set whole (dynsec.ts). An identity approved before whose
 * client is right is left as it is: the import that repairs a few does not disconnect the rest.
 */
export function provisionCommands(
  row: ProvisionRow,
  existing: BrokerClient | undefined,
  self: string,
): DynsecCommand[] | undefined {
  const role = roleCommand('createRole', deviceRoleName(row.serial), deviceAcls(row.serial));
  if (!existing) return [role, { command: 'createClient', ...deviceClient(row) }];
  if (!isManaged(existing, self)) return undefined;
  if (!row.fresh && clientIsRight(existing, row.mac)) return [];
  // Sets password, client id and roles at once (and disconnects a device connected with the old).
  const commands: DynsecCommand[] = [role, { command: 'modifyClient', ...deviceClient(row) }];
  if (existing.disabled) commands.push({ command: 'enableClient', username: row.serial });
  return commands;
}

export interface ResyncPlan {
  commands: DynsecCommand[];
  /** Serials whose client was deleted: no approved identity any more. */
  deleted: string[];
  /** Serials whose client or role was put right (client id, role, enabled, ACLs). */
  repaired: string[];
  /** Approved serials without a client: to be imported again with their secrets. */
  missing: string[];
  /** Approved serials whose user name a client Fleetport does not manage holds. */
  taken: string[];
  /** MQTT_URL's user is not one of the plugin's clients: the gateway's role cannot be given. */
  selfMissing: boolean;
}

function deviceFixes(client: BrokerClient, mac: string, role: BrokerRole | undefined): DynsecCommand[] {
  const { username } = client;
  const rolename = deviceRoleName(username);
  const fixes: DynsecCommand[] = [];
  const acls = deviceAcls(username);
  if (!role) fixes.push(roleCommand('createRole', rolename, acls));
  else if (!sameAcls(role.acls, acls)) fixes.push(roleCommand('modifyRole', rolename, acls));
  const clientid = clientIdFor(username, mac);
  if (client.clientid !== clientid) fixes.push({ command: 'setClientId', username, clientid });
  const roles = (client.roles ?? []).map((held) => held.rolename);
  for (const other of roles.filter((name) => name !== rolename)) {
    fixes.push({ command: 'removeClientRole', username, rolename: other });
  }
  if (!roles.includes(rolename)) fixes.push({ command: 'addClientRole', username, rolename });
  if (client.disabled) fixes.push({ command: 'enableClient', username });
  return fixes;
}

/**
 * Puts the broker in line with Approved Devices: the gateway's role on the API's own client; each
 * managed client of an approved identity right (client id, role and its ACLs, enabled); a managed
 * client or device role without an approved identity deleted (the plugin disconnects the device).
 * Clients Fleetport does not manage are never touched. A missing client cannot be made again here:
 * only a hash of its secret is kept.
 */
export function planResync(
  state: { clients: readonly BrokerClient[]; roles: readonly BrokerRole[] },
  identities: ReadonlyMap<string, string>,
  self: { username: string; shareGroup: string },
): ResyncPlan {
  const roles = new Map(state.roles.map((role) => [role.rolename, role]));
  const plan: ResyncPlan = {
    commands: [],
    deleted: [],
    repaired: [],
    missing: [],
    taken: [],
    selfMissing: true,
  };
  const gateway = roles.get(GATEWAY_ROLE);
  const acls = gatewayAcls(self.shareGroup);
  if (!gateway) plan.commands.push(roleCommand('createRole', GATEWAY_ROLE, acls));
  else if (!sameAcls(gateway.acls, acls)) plan.commands.push(roleCommand('modifyRole', GATEWAY_ROLE, acls));
  const present = new Set<string>();
  for (const client of state.clients) {
    present.add(client.username);
    if (client.username === self.username) {
      plan.selfMissing = false;
      if (!(client.roles ?? []).some((role) => role.rolename === GATEWAY_ROLE)) {
        plan.commands.push({ command: 'addClientRole', username: self.username, rolename: GATEWAY_ROLE });
      }
    }
    if (!isManaged(client, self.username)) {
      if (identities.has(client.username)) plan.taken.push(client.username);
      continue;
    }
    const mac = identities.get(client.username);
    if (mac === undefined) {
      plan.commands.push({ command: 'deleteClient', username: client.username });
      plan.deleted.push(client.username);
      continue;
    }
    const fixes = deviceFixes(client, mac, roles.get(deviceRoleName(client.username)));
    if (fixes.length > 0) {
      plan.commands.push(...fixes);
      plan.repaired.push(client.username);
    }
  }
  for (const role of roles.keys()) {
    const serial = role.slice(DEVICE_ROLE_PREFIX.length);
    if (role.startsWith(DEVICE_ROLE_PREFIX) && !identities.has(serial)) {
      plan.commands.push({ command: 'deleteRole', rolename: role });
    }
  }
  for (const serial of identities.keys()) if (!present.has(serial)) plan.missing.push(serial);
  return plan;
}
